import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deepPage, slowToReadPage } from '../../tests/support/complex-pages';
import { readPageFixture } from '../../tests/support/page-server';
import { GenerationError } from './generation-error';
import { readPage } from './page-reader';
import { PageReaderPool, pageTooComplexMessage } from './page-reader-pool';
import { analyseProduct } from './product-analysis';

const html = (text: string) => ({
  url: 'https://tallybird.example/',
  text,
  contentType: 'text/html' as const,
});
const product = html(readPageFixture('product.html'));

async function refusal(promise: Promise<unknown>): Promise<GenerationError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GenerationError);
  return error as GenerationError;
}

describe('the page reader pool', () => {
  // One pool for the tests that need only a pool with one worker and a generous budget: a worker loads
  // the engine's models before its first task (about a second of CPU), which each test paid again.
  let shared: PageReaderPool;
  beforeAll(() => {
    shared = new PageReaderPool({ budgetMs: 10_000, workers: 1 });
  });
  afterAll(() => shared?.close());

  let pool: PageReaderPool | null = null;
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });

  it('reads a product page on a worker thread the same as in place', async () => {
    expect(await shared.read(product)).toEqual(readPage(product));
    // The worker is reused for the next pages.
    expect(await shared.read(html('<h1>Tallybird</h1>'))).toMatchObject({ title: null, paragraphs: [] });
    expect(await shared.read({ ...product, contentType: 'text/plain' })).toMatchObject({ title: null });
  });

  it("reads a product's description on a worker thread the same as in place", async () => {
    const text = {
      page: null,
      written:
        'Gridwise is an Excel add-in that explains formulas and VBA macros in plain words, cell by cell.',
      goal: 'Find people stuck on a spreadsheet formula or a macro',
    };
    const project = await shared.work('analyseProduct', text);
    expect(project.name).toBe('Gridwise');
    expect(project.proposals.length).toBeGreaterThanOrEqual(8);
    expect(project).toEqual(analyseProduct(text));
  });

  it("says in the person's words, naming the field, when the worker finds nothing to go on", async () => {
    const error = await refusal(
      shared.work('analyseProduct', { page: null, written: 'Zxqv blorp fnord.', goal: 'Qwzx vrrp' }),
    );
    expect(error).toMatchObject({
      code: 'not_enough_text',
      field: 'description',
      message:
        'We could not find what the product is about in that text. Add a sentence or two about what it does.',
    });
  });

  it('refuses a page its reader fails on as a page it could not read', async () => {
    // Readability throws on a document without elements.
    const error = await refusal(shared.read(html('Tallybird chases late invoices.')));
    expect(error).toMatchObject({
      code: 'page_unreadable',
      field: 'url',
      message: 'We could not read this page. Write a description instead.',
    });
  });

  it('refuses a page nested 5,000 levels deep as too complex, naming the link', async () => {
    const error = await refusal(shared.read(html(deepPage())));
    expect(error).toMatchObject({ code: 'page_too_complex', field: 'url', message: pageTooComplexMessage });
    expect(await shared.read(product)).toMatchObject({ siteName: 'Tallybird' });
  });

  it('ends a read past its budget without holding up the main thread, and reads the next page on a new worker', async () => {
    const budgetMs = 1_000;
    pool = new PageReaderPool({ budgetMs, workers: 1 });
    await pool.read(product); // the worker is up and warm
    // The main thread's own timer keeps firing while the page is read: it is not the one reading.
    let ticksWhileReading = 0;
    const ticker = setInterval(() => {
      ticksWhileReading += 1;
    }, 10);
    const started = performance.now();
    const error = await refusal(pool.read(html(slowToReadPage())).finally(() => clearInterval(ticker)));
    const elapsed = performance.now() - started;
    // Read in place, this page holds the thread for seconds, and to its end; here it is refused as too
    // complex once its budget is spent (however long a loaded machine takes beyond that).
    expect(error).toMatchObject({ code: 'page_too_complex', field: 'url', message: pageTooComplexMessage });
    expect(elapsed).toBeGreaterThanOrEqual(budgetMs - 50);
    expect(ticksWhileReading).toBeGreaterThan(1);
    // The one worker was ended mid-read: the next page is read, by its replacement.
    expect(await pool.read(product)).toMatchObject({ siteName: 'Tallybird' });
  });

  it('reads a normal page on its second worker while the first is held by a slow page', async () => {
    // A budget far beyond the slow page's read: what is shown is that the second worker answers while
    // the first is still busy, however fast or loaded the machine is.
    pool = new PageReaderPool({ budgetMs: 600_000, workers: 2 });
    let slowSettled = false;
    const slow = pool.read(html(slowToReadPage())).finally(() => {
      slowSettled = true;
    });
    slow.catch(() => undefined); // closing the pool ends it
    expect(await pool.read(product)).toMatchObject({ siteName: 'Tallybird' });
    expect(slowSettled).toBe(false);
  });

  it('refuses pages beyond the ones that may wait, rather than queueing without end', async () => {
    pool = new PageReaderPool({ budgetMs: 10_000, workers: 1, maxWaiting: 1 });
    await pool.read(product); // the worker is up and idle: the next page goes to it at once
    const reads = [pool.read(product), pool.read(product), pool.read(product)];
    const outcomes = await Promise.allSettled(reads);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    const busy = outcomes[2]?.status === 'rejected' ? outcomes[2].reason : null;
    expect(busy).toMatchObject({
      code: 'busy',
      message: 'ReplyRadar is reading many pages right now. Please try again in a minute.',
    });
  });
});
