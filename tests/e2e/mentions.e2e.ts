import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { appliedMutations, posts, projects } from '../../server/db/schema';
import { launchBrowser, launchProfile } from '../support/chromium';
import { type RunningProduct, startProduct } from '../support/product-server';
import { seedPost, seedProject, tallybirdProject } from '../support/seed';
import { openTestDatabase, type TestDatabase } from '../support/server-harness';
import { type SubscribedPerson, signInAgain, subscribedPerson } from './support/accounts';

/**
 * The mentions screen on the real server, online and offline. Posts are placed through the server's own
 * database layer, so these journeys need the PostgreSQL server `DATABASE_URL` names (CI sets it): the
 * product and the test share that database, which the embedded PGlite cannot do across processes.
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) console.warn('mentions journeys skipped: they need DATABASE_URL (a PostgreSQL server)');

let database: TestDatabase;
let product: RunningProduct;
let browser: Browser;

const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** "5 Mar 2025", as the date dropdown shows a found date. */
function shownDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

async function visitor(
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: product.baseURL, viewport });
  return { context, page: await context.newPage() };
}

/** A subscribed person with a reviewed project (autoposting set up, so 'Publish' is enabled). */
async function personWithProject(
  context: BrowserContext,
  project: { reviewed?: boolean } = {},
): Promise<SubscribedPerson & { projectId: string }> {
  const person = await subscribedPerson(context, { autopost: true });
  const row = await seedProject(database.db, person.workspaceId, {
    ...tallybirdProject,
    reviewed: project.reviewed ?? true,
    autopostingSetup: true,
  });
  return { ...person, projectId: row.id };
}

/** Waits until the page is at `path` with exactly these search parameters. */
async function waitForPlace(
  page: Page,
  path: string,
  search: Record<string, string>,
  options: { timeout?: number } = {},
): Promise<void> {
  await page.waitForURL((url) => {
    if (url.pathname !== path) return false;
    const params = [...url.searchParams.entries()].sort();
    return JSON.stringify(params) === JSON.stringify(Object.entries(search).sort());
  }, options);
}

/** What a dropdown (a browser select) shows when closed: its chosen option's text. */
function shownChoice(select: Locator): Promise<string | null> {
  return select.evaluate((element) =>
    element instanceof HTMLSelectElement ? (element.selectedOptions[0]?.textContent ?? null) : null,
  );
}

function card(page: Page, postId: string) {
  return page.locator(`[data-post-id="${postId}"]`);
}

async function serviceWorkerControls(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/** The network is cut for the page and for its service worker: the server itself stops answering. */
async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await product.pause();
}

async function goOnline(context: BrowserContext): Promise<void> {
  await product.resume();
  await context.setOffline(false);
}

async function storedPost(postId: string) {
  const [row] = await database.db.select().from(posts).where(eq(posts.id, postId));
  if (!row) throw new Error(`post ${postId} is not stored`);
  return row;
}

async function mutationsApplied(postId: string, route: 'update-answer' | 'approved'): Promise<number> {
  const rows = await database.db
    .select()
    .from(appliedMutations)
    .where(and(eq(appliedMutations.postId, postId), eq(appliedMutations.route, route)));
  return rows.length;
}

describe.skipIf(!databaseUrl)('mentions and replies, online and offline', () => {
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    if (!database.url) throw new Error('the mentions journeys need a PostgreSQL database');
    product = await startProduct({ DATABASE_URL: database.url, FETCH_ALLOW_HOSTS: '127.0.0.1' });
    browser = await launchBrowser();
  });
  // A journey that failed offline must not leave the server stopped for the next one.
  afterEach(async () => {
    await product?.resume();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await database?.close();
  });

  test('every mentions behaviour: review first, search in progress, results, dropdowns in the URL, the card', async () => {
    const { context, page } = await visitor();
    const person = await personWithProject(context, { reviewed: false });

    await page.goto('/mentions');
    await page.waitForURL('**/mentions/reddit');
    await page.getByRole('heading', { level: 1, name: 'Mentions' }).waitFor();
    await page
      .getByText('Here last filtered mentions and answers for last day. Next update will be tomorrow.')
      .waitFor();
    await page.getByText('To get first results review information about your project').waitFor();
    await page.getByRole('link', { name: 'Go to Project' }).waitFor();

    // Reviewed, nothing found yet: the search is in progress.
    await database.db.update(projects).set({ reviewed: true }).where(eq(projects.id, person.projectId));
    await page.reload();
    await page.getByText('Search in progress…').waitFor();
    await page
      .getByText('If loading takes more than 5 minutes, click the button to see if results are ready')
      .waitFor();

    // Discovery stores posts; 'Check for Results' shows them under the newest found date.
    const first = await seedPost(database.db, person.projectId, {
      author: 'freelance_fran',
      keyword: 'late invoices',
      foundDate: today,
      title: 'How do you chase late invoices?',
      content: 'Three clients are 45 days late. How do you chase late invoices without sounding rude?',
      url: 'https://www.reddit.com/r/freelance/comments/abc/late_invoices/',
      answer: 'Polite reminders on a schedule work well.',
    });
    await seedPost(database.db, person.projectId, {
      author: 'designer_dan',
      keyword: 'payment reminders',
      foundDate: today,
      content: 'Which tool sends payment reminders automatically?',
    });
    await seedPost(database.db, person.projectId, {
      author: 'older_olga',
      keyword: 'late invoices',
      foundDate: yesterday,
      content: 'Yesterday I found out my invoice tool does not send reminders.',
    });
    await seedPost(database.db, person.projectId, {
      social: 'hackernews',
      author: 'hn_hank',
      keyword: 'late invoices',
      foundDate: today,
      content: 'Ask HN: how do small studios deal with late invoices?',
    });
    await page.getByRole('button', { name: 'Check for Results' }).click();
    // The button asks the server at once (not the dates the page came with, nor the 15 s poll).
    await waitForPlace(page, '/mentions/reddit', { found_date: today }, { timeout: 5_000 });
    await page.getByText('freelance_fran').waitFor();
    await page.getByText('designer_dan').waitFor();
    expect(await page.getByText('older_olga').count()).toBe(0);

    // The card: keyword badge, date, title, the original in a new tab.
    const fran = card(page, first.id);
    await fran.getByText('How do you chase late invoices?').waitFor();
    const original = fran.getByRole('link', { name: /original post/ });
    expect(await original.getAttribute('href')).toBe(first.url);
    expect(await original.getAttribute('target')).toBe('_blank');
    expect(await original.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await fran.getByRole('textbox', { name: 'Answer' }).inputValue()).toBe(
      'Polite reminders on a schedule work well.',
    );

    // The dropdowns show the newest found date, as "5 Mar 2025", and 'Today's all keywords'.
    const date = page.getByRole('combobox', { name: 'Date' });
    const keyword = page.getByRole('combobox', { name: 'Keyword' });
    expect(await shownChoice(date)).toBe(shownDate(today));
    expect(await shownChoice(keyword)).toBe("Today's all keywords");

    // The keyword dropdown puts the keyword in the URL; 'Today's all keywords' removes it.
    await keyword.selectOption({ label: 'payment reminders' });
    await waitForPlace(page, '/mentions/reddit', { found_date: today, keyword: 'payment reminders' });
    await page.getByText('designer_dan').waitFor();
    expect(await page.getByText('freelance_fran').count()).toBe(0);
    expect(await shownChoice(keyword)).toBe('payment reminders');
    await keyword.selectOption({ label: "Today's all keywords" });
    await waitForPlace(page, '/mentions/reddit', { found_date: today });

    // The date dropdown lists the found dates, newest first, as "5 Mar 2025".
    expect(await date.locator('option').allTextContents()).toEqual([shownDate(today), shownDate(yesterday)]);
    await date.selectOption({ label: shownDate(yesterday) });
    await waitForPlace(page, '/mentions/reddit', { found_date: yesterday });
    expect(await shownChoice(date)).toBe(shownDate(yesterday));
    await page.getByText('older_olga').waitFor();

    // Another social keeps the search parameters; an unknown one goes to the first social.
    await page.getByRole('link', { name: 'Hacker News' }).click();
    await waitForPlace(page, '/mentions/hackernews', { found_date: yesterday });
    await page.goto(`/mentions/myspace?found_date=${today}`);
    await waitForPlace(page, '/mentions/reddit', { found_date: today });

    // Typing is saved 500 ms after it stops; the server holds it.
    const answer = card(page, first.id).getByRole('textbox', { name: 'Answer' });
    await answer.fill('Send a friendly reminder on day 1, 7 and 14.');
    await expect
      .poll(async () => (await storedPost(first.id)).answer, { timeout: 15_000 })
      .toBe('Send a friendly reminder on day 1, 7 and 14.');

    // Rewriting with a prompt replaces the answer with a new draft.
    await card(page, first.id).getByRole('textbox', { name: 'Prompt for rewriting' }).fill('shorter');
    await card(page, first.id).getByRole('button', { name: 'Rewrite' }).click();
    await expect
      .poll(async () => answer.inputValue(), { timeout: 20_000 })
      .not.toBe('Send a friendly reminder on day 1, 7 and 14.');
    await context.close();
  });

  test('a page load shows the day’s mentions from the page’s own answers, without asking the server again', async () => {
    const { context, page } = await visitor();
    const person = await personWithProject(context);
    await seedPost(database.db, person.projectId, { author: 'page_pat', foundDate: today });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) asked.push(request.url());
    });
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });

    await page.goto('/mentions/reddit');
    await page.getByText('page_pat').waitFor();
    // The address names the day shown, from the start (no redirect once the screen is drawn).
    expect(new URL(page.url()).search).toBe(`?found_date=${today}`);
    // The answer can be edited once the device's copy is in; no call was needed for any of it.
    const answer = page.getByRole('textbox', { name: 'Answer' }).first();
    await expect.poll(() => answer.isEditable(), { timeout: 10_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    expect(refused).toEqual([]);
    await context.close();
  });

  test('offline: the shell and the same posts reload from the cache and the mirror', async () => {
    const { context, page } = await visitor();
    const person = await personWithProject(context);
    const seeded = await Promise.all(
      ['ada', 'brook', 'cyd'].map((author) =>
        seedPost(database.db, person.projectId, { author: `${author}_offline`, foundDate: today }),
      ),
    );
    await page.goto('/mentions');
    await waitForPlace(page, '/mentions/reddit', { found_date: today });
    for (const post of seeded) await card(page, post.id).waitFor();
    await serviceWorkerControls(page);

    await goOffline(context);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Mentions' }).waitFor();
    for (const post of seeded) await card(page, post.id).getByText(post.author).waitFor();
    await page.getByText('Offline', { exact: true }).first().waitFor();
    expect(new URL(page.url()).search).toBe(`?found_date=${today}`);

    await goOnline(context);
    await context.close();
  });

  test('offline edits and approvals survive a reload and reach the server once, when the network is back', async () => {
    const { context, page } = await visitor();
    const person = await personWithProject(context);
    const edited = await seedPost(database.db, person.projectId, {
      author: 'edited_eve',
      foundDate: today,
      answer: 'First draft.',
    });
    const approved = await seedPost(database.db, person.projectId, {
      author: 'approved_abe',
      foundDate: today,
    });
    await page.goto('/mentions');
    await card(page, edited.id).waitFor();
    await serviceWorkerControls(page);

    await goOffline(context);
    const answer = card(page, edited.id).getByRole('textbox', { name: 'Answer' });
    await answer.fill('Edited offline, once.');
    await answer.fill('Edited offline, twice.');
    await answer.fill('Edited offline, the final text.');
    await card(page, approved.id).getByRole('checkbox').click();
    await page.getByText('2 changes waiting to sync').first().waitFor();
    expect(
      await card(page, edited.id).getByRole('button', { name: 'Rewrite' }).getAttribute('title'),
    ).toBeTruthy();

    // Still offline: a reload keeps both changes.
    await page.reload();
    await card(page, edited.id).waitFor();
    expect(await answer.inputValue()).toBe('Edited offline, the final text.');
    expect(await card(page, approved.id).getByRole('checkbox').isChecked()).toBe(true);
    await page.getByText('2 changes waiting to sync').first().waitFor();

    await goOnline(context);
    await expect.poll(() => page.getByText(/changes? waiting to sync/).count(), { timeout: 45_000 }).toBe(0);
    const editedRow = await storedPost(edited.id);
    expect(editedRow.answer).toBe('Edited offline, the final text.');
    expect(editedRow.answerVersion).toBe(1);
    expect((await storedPost(approved.id)).approved).toBe(true);
    expect(await mutationsApplied(edited.id, 'update-answer')).toBe(1);
    expect(await mutationsApplied(approved.id, 'approved')).toBe(1);
    await context.close();
  });

  test('the last half-second of typing survives a reload 100 ms after it', async () => {
    const { context, page } = await visitor();
    const person = await personWithProject(context);
    const post = await seedPost(database.db, person.projectId, {
      author: 'hasty_hal',
      foundDate: today,
      answer: 'First draft.',
    });
    await page.goto('/mentions');
    const answer = card(page, post.id).getByRole('textbox', { name: 'Answer' });
    await expect.poll(() => answer.isEditable(), { timeout: 10_000 }).toBe(true);

    await answer.fill('Typed just before the reload.');
    // Well inside the 500 ms pause after which an edit is saved.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await page.reload();
    await expect
      .poll(() => card(page, post.id).getByRole('textbox', { name: 'Answer' }).inputValue(), {
        timeout: 10_000,
      })
      .toBe('Typed just before the reload.');
    await expect
      .poll(async () => (await storedPost(post.id)).answer, { timeout: 45_000 })
      .toBe('Typed just before the reload.');
    await context.close();
  });

  test('a long day on a phone: cards are drawn as the person scrolls to them, and one typed far down survives a reload', async () => {
    const { context, page } = await visitor({ width: 360, height: 740 });
    const person = await personWithProject(context);
    const day = 24;
    for (let n = 0; n < day; n += 1)
      await seedPost(database.db, person.projectId, { author: `long_day_${n}`, foundDate: today });
    await page.goto('/mentions');
    const cards = page.locator('[data-post-id]');
    await cards.first().waitFor();
    // Far below the screen, cards are not drawn yet; the list says how long it is.
    expect(await cards.count()).toBeLessThan(day);
    expect(await page.locator('li:has([data-post-id])').first().getAttribute('aria-setsize')).toBe(
      String(day),
    );

    // Scrolling down draws them, a few at a time, until the day is whole.
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 2_000);
          return cards.count();
        },
        { timeout: 30_000 },
      )
      .toBe(day);
    const last = cards.last();
    const postId = await last.getAttribute('data-post-id');
    if (!postId) throw new Error('a card without its post id');
    const answer = card(page, postId).getByRole('textbox', { name: 'Answer' });
    await expect.poll(() => answer.isEditable(), { timeout: 10_000 }).toBe(true);
    await answer.fill('Typed at the end of a long day.');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await page.reload();

    // The reloaded page starts at the top with a few cards, and draws the one that holds the typing.
    await expect
      .poll(() => card(page, postId).getByRole('textbox', { name: 'Answer' }).inputValue(), {
        timeout: 10_000,
      })
      .toBe('Typed at the end of a long day.');
    await expect
      .poll(async () => (await storedPost(postId)).answer, { timeout: 45_000 })
      .toBe('Typed at the end of a long day.');
    await context.close();
    // Its waits add up to 95 s, for a loaded machine (CI's two cores shared); the limit only ends a hang.
  }, 120_000);

  test("two devices edit the same answer: the conflict card highlights the differing words at 360 px, and the indicator says 'A change needs your choice'", async () => {
    const first = await visitor();
    const person = await personWithProject(first.context);
    const post = await seedPost(database.db, person.projectId, {
      author: 'shared_sam',
      foundDate: today,
      answer: 'The drafted reply.',
    });
    // The phone: 360 px wide, the narrowest screen the app is made for.
    const second = await visitor({ width: 360, height: 740 });
    await signInAgain(second.context, person.email);
    for (const device of [first, second]) {
      await device.page.goto('/mentions');
      await card(device.page, post.id).waitFor();
    }

    await card(first.page, post.id).getByRole('textbox', { name: 'Answer' }).fill('Text from the laptop.');
    await expect
      .poll(async () => (await storedPost(post.id)).answer, { timeout: 15_000 })
      .toBe('Text from the laptop.');

    // The phone still shows the draft it loaded, and its edit is based on that version.
    await card(second.page, post.id).getByRole('textbox', { name: 'Answer' }).fill('Text from the phone.');
    const conflict = card(second.page, post.id).getByRole('alert');
    await conflict.getByText('Text on the server').waitFor({ timeout: 15_000 });
    await conflict.getByText('Text from the laptop.').waitFor();
    await conflict.getByText('Text from the phone.').waitFor();
    // Only the words that differ are marked, and the card fits the phone's width: nothing scrolls sideways.
    await expect.poll(() => conflict.locator('mark').allTextContents()).toEqual(['phone.', 'laptop.']);
    const box = await conflict.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    expect(await second.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The indicator says the change waits for a choice, not for the network.
    await second.page.getByText('A change needs your choice').first().waitFor();
    expect(await second.page.getByText(/waiting to sync/).count()).toBe(0);
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await expect
      .poll(async () => (await storedPost(post.id)).answer, { timeout: 15_000 })
      .toBe('Text from the phone.');
    await first.context.close();
    await second.context.close();
  });

  test('a screen whose code cannot be fetched says so, keeps the app around it, and shows on "Try again"', async () => {
    // Without the service worker, which would serve the screen's script from its cache.
    const context = await browser.newContext({
      baseURL: product.baseURL,
      viewport: { width: 1280, height: 900 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const person = await personWithProject(context);
    await seedPost(database.db, person.projectId, { author: 'boundary_bea', foundDate: today });
    let connectionDown = true;
    await page.route('**/assets/replies-page-*.js', (route) =>
      connectionDown ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.goto('/mentions/reddit');
    // Once the app has taken the page over.
    const answer = page.getByRole('textbox', { name: 'Answer' }).first();
    await expect.poll(() => answer.isEditable(), { timeout: 10_000 }).toBe(true);

    await page.getByRole('link', { name: 'Replies' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'This screen could not be shown' });
    await alert
      .getByText('ReplyRadar could not load this screen. Check your connection, then try again.')
      .waitFor();
    // The rest of the app still works: its navigation is there.
    expect(await page.getByRole('link', { name: 'Mentions' }).first().isVisible()).toBe(true);

    connectionDown = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Replies' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'This screen could not be shown' }).count()).toBe(
      0,
    );
    await context.close();
  });

  test('installable: no installability errors, and the service worker controls the page', async () => {
    const profile = mkdtempSync(path.join(tmpdir(), 'replyradar-profile-'));
    const context = await launchProfile(profile, { baseURL: product.baseURL });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/sign-in');
      await serviceWorkerControls(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors).toEqual([]);
      const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
      expect(manifest.errors).toEqual([]);
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
