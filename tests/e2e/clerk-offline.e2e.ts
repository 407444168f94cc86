import { rmSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ClerkVerifier } from '../../server/auth/clerk-verifier';
import { appliedMutations, posts, workspaces } from '../../server/db/schema';
import { launchBrowser } from '../support/chromium';
import { buildClerkApp } from '../support/clerk-build';
import {
  type ClerkFakeServer,
  type FakeClerkPerson,
  fakeClerkPublishableKey,
  startClerkFake,
} from '../support/clerk-fake-server';
import { type ClerkKeyPair, makeClerkKeyPair, signClerkToken } from '../support/clerk-tokens';
import { freePort, type RunningProduct, startProduct } from '../support/product-server';
import { seedPost, seedProject, tallybirdProject } from '../support/seed';
import { openTestDatabase, type TestDatabase } from '../support/server-harness';

/**
 * Under Clerk, the mode paying customers use (issue 15, item 6): the app opens offline from the last
 * session and the edit made offline reaches the server once Clerk can mint a token again. Clerk is a
 * local fake of its Frontend API serving the real clerk-js; the product is a build made for Clerk. Posts
 * are placed through the server's database layer, so, like the mentions journeys, this needs the
 * PostgreSQL server `DATABASE_URL` names.
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl)
  console.warn('the Clerk offline journey is skipped: it needs DATABASE_URL (a PostgreSQL server)');

const person: FakeClerkPerson = {
  email: 'clara@studio.example',
  password: 'correct horse battery staple',
  username: 'clara',
  organization: { name: 'Clara Studio', slug: 'clara-studio' },
};
const today = new Date().toISOString().slice(0, 10);

let database: TestDatabase;
let key: ClerkKeyPair;
let clerk: ClerkFakeServer;
let appDir: string;
let product: RunningProduct;
let browser: Browser;

function card(page: Page, postId: string) {
  return page.locator(`[data-post-id="${postId}"]`);
}

/**
 * The person's workspace, subscribed, with a reviewed project: the product records a Clerk user and
 * organisation on their first call, here a local checkout made with a token Clerk's key signed.
 */
async function subscribedWorkspace(): Promise<string> {
  const token = await signClerkToken(
    {
      sub: clerk.userId,
      org_id: clerk.organizationId,
      org_role: 'org:admin',
      org_slug: person.organization.slug,
    },
    { key, azp: product.baseURL },
  );
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const products = await fetch(`${product.baseURL}/api/subscription/products`, { headers });
  const items = ((await products.json()) as { data: { kind: string; month_price_id: string }[] }).data;
  const checkout = await fetch(`${product.baseURL}/api/subscription/local-checkout`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      priceIds: items.filter((item) => item.kind === 'product').map((item) => item.month_price_id),
    }),
  });
  expect(checkout.ok, await checkout.text()).toBe(true);
  const [workspace] = await database.db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.clerkOrgId, clerk.organizationId));
  if (!workspace) throw new Error('the Clerk organisation was not recorded');
  return workspace.id;
}

/** Signs in through Clerk's own script in the page: email and password, then the session made active. */
async function signInThroughClerk(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as { Clerk?: { loaded?: boolean } }).Clerk?.loaded === true);
  await page.evaluate(
    async ({ email, password }) => {
      type SignIn = { createdSessionId: string | null; status: string };
      const clerkJs = (
        window as unknown as {
          Clerk: {
            client: { signIn: { create(params: { identifier: string; password: string }): Promise<SignIn> } };
            setActive(params: { session: string | null }): Promise<void>;
          };
        }
      ).Clerk;
      const signIn = await clerkJs.client.signIn.create({ identifier: email, password });
      if (signIn.status !== 'complete') throw new Error(`sign-in is ${signIn.status}`);
      await clerkJs.setActive({ session: signIn.createdSessionId });
    },
    { email: person.email, password: person.password },
  );
}

/** The Clerk script files the page loaded that are not (yet) in the cache the service worker serves. */
function clerkScriptsNotKept(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const kept = new Set((await (await caches.open('clerk-js')).keys()).map((request) => request.url));
    return performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.includes('/npm/@clerk/') && !kept.has(name));
  });
}

/**
 * Whether the server would refuse the session token Clerk keeps in the page's cookie, checked as the
 * product checks it (its verifier, with Clerk's key).
 */
async function sessionTokenRefused(context: BrowserContext): Promise<boolean> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === '__session');
  if (!cookie) return true;
  const verifier = new ClerkVerifier(key.publicKeyPem, [product.baseURL]);
  return verifier.verify(cookie.value).then(
    () => false,
    () => true,
  );
}

/** The network is cut for the page and its service worker alike: ReplyRadar and Clerk stop answering. */
async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await Promise.all([product.pause(), clerk.pause()]);
}

async function goOnline(context: BrowserContext): Promise<void> {
  await Promise.all([product.resume(), clerk.resume()]);
  await context.setOffline(false);
}

async function updatesApplied(postId: string): Promise<number> {
  const rows = await database.db
    .select()
    .from(appliedMutations)
    .where(and(eq(appliedMutations.postId, postId), eq(appliedMutations.route, 'update-answer')));
  return rows.length;
}

describe.skipIf(!databaseUrl)('Clerk, offline', () => {
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    if (!database.url) throw new Error('the Clerk offline journey needs a PostgreSQL database');
    key = await makeClerkKeyPair();
    // Tokens short-lived enough that the one the page held expires while it is offline.
    clerk = await startClerkFake(person, key, { tokenLifetimeSeconds: 20 });
    appDir = buildClerkApp(fakeClerkPublishableKey);
    const port = await freePort();
    product = await startProduct({
      PORT: String(port),
      DATABASE_URL: database.url,
      STATIC_DIR: appDir,
      VITE_CLERK_PUBLISHABLE_KEY: fakeClerkPublishableKey,
      CLERK_JWT_KEY: key.publicKeyPem,
      CLERK_AUTHORIZED_PARTIES: `http://127.0.0.1:${port}`,
    });
    browser = await launchBrowser(clerk.chromiumFlags);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await clerk?.close();
    await database?.close();
    if (appDir) rmSync(path.dirname(appDir), { recursive: true, force: true });
  });

  // Up to 20 s of the journey wait for the page's token to run out: two minutes, for a busy machine.
  test('under Clerk the app opens offline from the last session and sends the edit once back online', async () => {
    const workspaceId = await subscribedWorkspace();
    const project = await seedProject(database.db, workspaceId, { ...tallybirdProject, reviewed: true });
    const post = await seedPost(database.db, project.id, {
      author: 'clerk_carla',
      foundDate: today,
      answer: 'A first draft.',
    });

    const context = await browser.newContext({
      baseURL: product.baseURL,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await page.goto('/sign-in');
    await signInThroughClerk(page);
    await page.goto('/mentions');
    await card(page, post.id).getByText('clerk_carla').waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    // Every Clerk script file the page loaded is on the device.
    await expect.poll(() => clerkScriptsNotKept(page), { timeout: 30_000 }).toEqual([]);

    await goOffline(context);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Mentions' }).waitFor();
    await card(page, post.id).getByText('clerk_carla').waitFor();
    await page.getByText('Offline', { exact: true }).first().waitFor();
    // Clerk's cookie says only whose session it is: the names come from what the device kept.
    await page.getByText(person.organization.name).first().waitFor();
    const answer = card(page, post.id).getByRole('textbox', { name: 'Answer' });
    await answer.fill('Written offline under Clerk.');
    await page.getByText('1 change waiting to sync').first().waitFor();

    // The edits wait until Clerk can mint a token again: the one the page had is past its time.
    await expect.poll(() => sessionTokenRefused(context), { timeout: 60_000 }).toBe(true);
    const tokensBefore = clerk.tokensMinted();
    const requestsBefore = clerk.requests().length;
    await goOnline(context);
    await expect.poll(() => page.getByText(/changes? waiting to sync/).count(), { timeout: 45_000 }).toBe(0);
    const [stored] = await database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(stored?.answer).toBe('Written offline under Clerk.');
    expect(await updatesApplied(post.id)).toBe(1);
    expect(clerk.requests().slice(requestsBefore)).toContain('POST /v1/client/sessions/{id}/tokens');
    // The edit went out with a token Clerk minted afresh once it could be reached.
    expect(clerk.tokensMinted()).toBeGreaterThan(tokensBefore);
    // Clerk's session was still valid: the person is not asked to sign in again.
    expect(new URL(page.url()).pathname).toMatch(/^\/mentions/);
    expect(await card(page, post.id).getByRole('textbox', { name: 'Answer' }).inputValue()).toBe(
      'Written offline under Clerk.',
    );
    expect(clerk.unanswered()).toEqual([]);
    await context.close();
  }, 120_000);
});
