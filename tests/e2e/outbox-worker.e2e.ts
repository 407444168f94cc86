import { and, eq, inArray } from 'drizzle-orm';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { appliedMutations, posts } from '../../server/db/schema';
import { launchBrowser } from '../support/chromium';
import { type RunningProduct, startProduct } from '../support/product-server';
import { seedPost, seedProject, tallybirdProject } from '../support/seed';
import { openTestDatabase, type TestDatabase } from '../support/server-harness';
import { type SubscribedPerson, subscribedPerson } from './support/accounts';

/**
 * Issue 15, items 3 and 4, on the real server: the service worker sends the outbox with no tab open, and
 * a page load while the server answers 5xx opens from the device. Posts are placed through the server's
 * own database layer, so these journeys need the PostgreSQL server `DATABASE_URL` names (as the mentions
 * journeys do).
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl)
  console.warn('outbox worker journeys skipped: they need DATABASE_URL (a PostgreSQL server)');

let database: TestDatabase;
let product: RunningProduct;
let browser: Browser;

const today = new Date().toISOString().slice(0, 10);

async function visitor(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: product.baseURL,
    viewport: { width: 1280, height: 900 },
  });
  return { context, page: await context.newPage() };
}

async function personWithProject(context: BrowserContext): Promise<SubscribedPerson & { projectId: string }> {
  const person = await subscribedPerson(context, { autopost: true });
  const row = await seedProject(database.db, person.workspaceId, {
    ...tallybirdProject,
    reviewed: true,
    autopostingSetup: true,
  });
  return { ...person, projectId: row.id };
}

function card(page: Page, postId: string) {
  return page.locator(`[data-post-id="${postId}"]`);
}

async function serviceWorkerControls(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

async function storedAnswers(postIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await database.db
    .select()
    .from(posts)
    .where(inArray(posts.id, [...postIds]));
  return new Map(rows.map((row) => [row.id, row.answer]));
}

async function mutationsApplied(postId: string): Promise<number> {
  const rows = await database.db
    .select()
    .from(appliedMutations)
    .where(and(eq(appliedMutations.postId, postId), eq(appliedMutations.route, 'update-answer')));
  return rows.length;
}

/** The id of the context's service worker registration for the product's origin, through DevTools. */
async function workerRegistration(cdp: CDPSession): Promise<string> {
  const origin = new URL(product.baseURL).origin;
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (registration) => new URL(registration.scopeURL).origin === origin && !registration.isDeleted,
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

describe.skipIf(!databaseUrl)('the outbox and the server out of reach', () => {
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    if (!database.url) throw new Error('these journeys need a PostgreSQL database');
    product = await startProduct({ DATABASE_URL: database.url, FETCH_ALLOW_HOSTS: '127.0.0.1' });
    browser = await launchBrowser();
  });
  // A journey that failed with the server stopped must not leave it stopped for the next one.
  afterEach(async () => {
    await product?.resume();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await database?.close();
  });

  test('edits are sent with no tab open', async () => {
    const { context, page } = await visitor();
    const person = await personWithProject(context);
    const seeded = await Promise.all(
      ['ada', 'brook', 'cyd', 'dee', 'eli'].map((author) =>
        seedPost(database.db, person.projectId, {
          author: `${author}_queued`,
          foundDate: today,
          answer: 'First draft.',
        }),
      ),
    );
    const ids = seeded.map((post) => post.id);
    await page.goto('/mentions');
    for (const id of ids) await card(page, id).waitFor();
    await serviceWorkerControls(page);
    const first = card(page, ids[0] ?? '').getByRole('textbox', { name: 'Answer' });
    await expect.poll(() => first.isEditable(), { timeout: 10_000 }).toBe(true);

    // The server out of reach: five edits queue on the device.
    await product.pause();
    for (const [n, id] of ids.entries()) {
      await card(page, id)
        .getByRole('textbox', { name: 'Answer' })
        .fill(`Queued edit ${n + 1}.`);
    }
    await page.getByText('5 changes waiting to sync').first().waitFor({ timeout: 15_000 });

    // Every ReplyRadar tab closes; an empty page keeps the browser (and its service worker) alive.
    const blank = await context.newPage();
    await blank.goto('about:blank');
    await page.close();
    await product.resume();
    // With no tab open nothing sends by itself meanwhile.
    expect([...(await storedAnswers(ids)).values()].every((answer) => answer === 'First draft.')).toBe(true);

    // The browser wakes the worker for the outbox (Background Sync), as it does when the network returns.
    const cdp = await context.newCDPSession(blank);
    const registrationId = await workerRegistration(cdp);
    const wokenAt = performance.now();
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: new URL(product.baseURL).origin,
      registrationId,
      tag: 'outbox-sync',
      lastChance: false,
    });

    await expect
      .poll(async () => [...(await storedAnswers(ids)).entries()].sort(), { timeout: 20_000 })
      .toEqual(ids.map((id, n) => [id, `Queued edit ${n + 1}.`]).sort());
    console.info(
      `no tab open: five edits reached the server ${Math.round(performance.now() - wokenAt)} ms after the wake-up`,
    );
    for (const id of ids) expect(await mutationsApplied(id)).toBe(1);

    // The next visit finds nothing waiting.
    const again = await context.newPage();
    await again.goto('/mentions');
    await card(again, ids[0] ?? '').waitFor();
    expect(await again.getByText(/waiting to sync/).count()).toBe(0);
    await context.close();
  });

  test('a 5xx at load opens from the device, and queued edits are sent within 10 s of recovery', async () => {
    const { context, page } = await visitor();
    const person = await personWithProject(context);
    const post = await seedPost(database.db, person.projectId, {
      author: 'deploy_dora',
      foundDate: today,
      answer: 'First draft.',
    });
    await page.goto('/mentions');
    const answer = card(page, post.id).getByRole('textbox', { name: 'Answer' });
    await expect.poll(() => answer.isEditable(), { timeout: 10_000 }).toBe(true);
    await serviceWorkerControls(page);

    // A deploy behind a proxy: every call answers 503. The reload draws the day from the device.
    await product.failWith503();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Mentions' }).waitFor();
    await card(page, post.id).getByText('deploy_dora').waitFor();
    await page.getByText("Can't reach ReplyRadar").first().waitFor();
    await expect.poll(() => answer.isEditable(), { timeout: 10_000 }).toBe(true);
    await answer.fill('Typed during the deploy.');
    await page
      .getByText(/1 change waiting to sync/)
      .first()
      .waitFor({ timeout: 15_000 });

    // The server healthy again: within 10 s the indicator goes and the edit is on the server.
    await product.resume();
    const healthyAt = performance.now();
    await expect.poll(() => page.getByText("Can't reach ReplyRadar").count(), { timeout: 10_000 }).toBe(0);
    await expect
      .poll(async () => (await storedAnswers([post.id])).get(post.id), { timeout: 10_000 })
      .toBe('Typed during the deploy.');
    console.info(
      `a 5xx at load: the edit reached the server ${Math.round(performance.now() - healthyAt)} ms after recovery`,
    );
    expect(await mutationsApplied(post.id)).toBe(1);
    await context.close();
  });
});
