import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuthSession, WorkspaceSummary } from '@contract/auth';
import type { Subscription } from '@contract/entities';
import type { RenderScreen } from '@contract/screen-renderer';
import { expect } from 'vitest';
import type { BrowserProfileService } from '../../server/autoposting/types';
import { buildServer } from '../../server/bootstrap';
import type { DatabaseHandle } from '../../server/db/client';
import { type KeywordEstimates, searchEstimates } from '../../server/discovery/keyword-estimates';
import { loadEnv } from '../../server/env';
import type { JobQueue } from '../../server/jobs/job-queue';
import type { Logger } from '../../server/logger';
import type { MailMessage } from '../../server/mail/mailer';
import { outboxFile } from '../../server/mail/outbox-mailer';
import {
  type SeededPostFields,
  type SeededProjectFields,
  seedPost as seedPostRow,
  seedProject as seedProjectRow,
} from './seed';
import { openPgliteTestDatabase, openPostgresTestDatabase } from './test-databases';

/** The databases the server's integration tests run against. */
export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when `DATABASE_URL` names a server (CI sets it). */
export function testDatabases(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** The secret every test server signs local session tokens with (tests sign their own with it too). */
export const testAuthSecret = 'test-secret-that-is-at-least-32-characters-long';
export const testPassword = 'correct horse battery staple';

const defaultEnv: Record<string, string> = {
  AUTH_SECRET: testAuthSecret,
  LOG_LEVEL: 'silent',
  // Every test signs up several people from the one address app.request reports; the rate-limit test
  // sets its own limit.
  AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  // The cheapest password hash the server accepts (1 ms instead of 50 ms): the tests sign up hundreds of
  // people, and what they check of a hash does not depend on its cost (passwords.test.ts checks that).
  AUTH_PASSWORD_COST: '10',
  // A local profile's login browser never opens a window in a test (it runs headless, reached by its
  // remote-debugging address).
  AUTOPOST_HEADED: 'off',
  // Reading a product page is a test's step, not its subject: at a load of 25 a normal page took longer
  // than the 3 s default and was refused as too complex. The tests of the budget set their own.
  PAGE_READ_BUDGET_MS: '60000',
};

export interface TestDatabase extends DatabaseHandle {
  /** The connection URL of a PostgreSQL test database; null for PGlite in memory. */
  url: string | null;
}

/**
 * A fresh, migrated database: PGlite in memory (this test worker's, emptied), or a new database
 * `rr_test_<random>` on the PostgreSQL server `DATABASE_URL` names, copied from a migrated template and
 * dropped again on close (tests/support/test-databases.ts).
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') return { ...(await openPgliteTestDatabase()), url: null };
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set: the postgres tests need a server');
  return openPostgresTestDatabase(serverUrl);
}

export interface TestRequest {
  token?: string;
  projectId?: string;
  /** Sent as JSON; a string is sent exactly as given. */
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  /** The parsed JSON body, or the text when the response is not JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the server answered
  body: any;
  headers: Headers;
}

export interface TestServerOptions {
  /** Logs go here instead of nowhere (tests that read the logs). */
  logger?: Logger;
  /** The built app to serve; null (the default) serves the API only. */
  staticDir?: string | null;
  /** Share a database another test server opened; it is left open on close. */
  database?: DatabaseHandle;
  /** The job queue the routes queue work on (the default one is built and never started). */
  jobs?: JobQueue;
  /** Draws the first screens of the pages the server sends (none by default: the app draws them). */
  renderScreen?: RenderScreen | null;
  /** Autopilot's browser-profile service (by default local profiles under the test's DATA_DIR). */
  profiles?: BrowserProfileService;
  /** How many posts proposed keywords find a week (by default no network is asked: unknown). */
  keywordEstimates?: KeywordEstimates;
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** The `rr_session=…` pair of a response's Set-Cookie, ready to send back in a Cookie header. */
export function sessionCookieOf(response: TestResponse): string | null {
  const header = response.headers.getSetCookie().find((line) => line.startsWith('rr_session='));
  return header?.split(';')[0] ?? null;
}

/** Builds the real server over a fresh database, with helpers to call it through `app.request`. */
export async function startTestServer(
  kind: DatabaseKind,
  envOverrides: Record<string, string> = {},
  options: TestServerOptions = {},
) {
  // Its own data directory, so the local outbox each server writes its mail to is the test's to read.
  const ownDataDir = envOverrides.DATA_DIR ? null : mkdtempSync(path.join(tmpdir(), 'replyradar-test-'));
  const env = loadEnv({ ...defaultEnv, ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}), ...envOverrides });
  const database = options.database ?? (await openTestDatabase(kind));
  const ownsDatabase = !options.database;
  let built: Awaited<ReturnType<typeof buildServer>>;
  try {
    built = await buildServer(env, {
      database,
      staticDir: options.staticDir ?? null,
      renderScreen: options.renderScreen ?? null,
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.jobs ? { jobs: options.jobs } : {}),
      ...(options.profiles ? { profiles: options.profiles } : {}),
      keywordEstimates: options.keywordEstimates ?? searchEstimates(async () => []),
    });
  } catch (error) {
    if (ownsDatabase) await database.close();
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    throw error;
  }
  const { app } = built;

  async function request(method: string, path: string, init: TestRequest = {}): Promise<TestResponse> {
    const headers = new Headers(init.headers);
    if (init.token !== undefined) headers.set('authorization', `Bearer ${init.token}`);
    if (init.projectId !== undefined) headers.set('project-id', init.projectId);
    if (init.cookie !== undefined) headers.set('cookie', init.cookie);
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const response = await app.request(path, { method, headers, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('application/json');
    return {
      status: response.status,
      body: isJson && text ? JSON.parse(text) : text,
      headers: response.headers,
    };
  }

  /** Signs up a new local account; the session data and the refresh cookie. */
  async function signUp(email: string, password = testPassword) {
    const response = await request('POST', '/api/auth/sign-up', { body: { email, password } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const cookie = sessionCookieOf(response);
    if (!cookie) throw new Error('sign-up set no rr_session cookie');
    return { session: response.body.data as AuthSession, cookie, response };
  }

  async function createWorkspace(cookie: string, name: string): Promise<WorkspaceSummary> {
    const response = await request('POST', '/api/auth/workspaces', { cookie, body: { name } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data as WorkspaceSummary;
  }

  /** Makes the workspace the session's active one; the new session data (its token names it). */
  async function activate(cookie: string, workspaceId: string | null): Promise<AuthSession> {
    const response = await request('POST', '/api/auth/active-workspace', { cookie, body: { workspaceId } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as AuthSession;
  }

  /**
   * Buys the plan (monthly, no add-on) for the token's active workspace through the local checkout, as
   * the subscribe page does: every call but sign-in and billing needs an active subscription.
   */
  async function subscribe(token: string, priceIds = [env.PADDLE_PRICE_START_MONTH]) {
    const response = await request('POST', '/api/subscription/local-checkout', { token, body: { priceIds } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as Subscription;
  }

  /**
   * A new account with its own workspace, active and subscribed (through the local checkout; with
   * Paddle billing, or `subscribed: false`, it is left without a subscription): the common starting
   * point of a test.
   */
  async function signUpWithWorkspace(
    email: string,
    workspaceName = `${email.split('@')[0]} workspace`,
    { subscribed = !env.PADDLE_WEBHOOK_SECRET }: { subscribed?: boolean } = {},
  ) {
    const { session, cookie } = await signUp(email);
    const workspace = await createWorkspace(cookie, workspaceName);
    const active = await activate(cookie, workspace.id);
    if (subscribed) await subscribe(active.token);
    return { userId: session.user.id, cookie, workspace, token: active.token, session: active };
  }

  /** The mail the server's local outbox holds (`DATA_DIR/outbox.jsonl`), oldest first. */
  function outbox(): MailMessage[] {
    let text: string;
    try {
      text = readFileSync(outboxFile(env.DATA_DIR), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as MailMessage);
  }

  /** The code in the latest email-code mail the outbox holds for this address. */
  function emailCodeFor(email: string): string {
    const mail = outbox()
      .filter((m) => m.to === email && m.subject.startsWith('Your ReplyRadar code'))
      .at(-1);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`the outbox holds no email code for ${email}`);
    return code;
  }

  /** Proves the signed-in person's email with the code the server mailed them; the new session data. */
  async function confirmEmail(cookie: string, email: string): Promise<AuthSession> {
    const response = await request('POST', '/api/auth/verify-email', {
      cookie,
      body: { code: emailCodeFor(email) },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as AuthSession;
  }

  /** Stores a project straight in the database (the routes that create projects come later). */
  const seedProject = (workspaceId: string, fields: SeededProjectFields = {}) =>
    seedProjectRow(database.db, workspaceId, fields);

  /** Stores a found post straight in the database, as discovery would. */
  const seedPost = (projectId: string, fields: SeededPostFields = {}) =>
    seedPostRow(database.db, projectId, fields);

  return {
    app,
    /** What the routes were built with: the server's request listener needs it (`createRequestListener`). */
    deps: built.deps,
    env,
    db: database.db,
    database,
    request,
    signUp,
    createWorkspace,
    activate,
    signUpWithWorkspace,
    subscribe,
    seedProject,
    seedPost,
    outbox,
    emailCodeFor,
    confirmEmail,
    profiles: built.profiles,
    close: async () => {
      // The default local profiles' browsers end with the server; a service the test gave is the test's.
      if (!options.profiles) await built.profiles.close?.();
      if (ownsDatabase) await database.close();
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

/** Asserts a refused call: the status and the whole envelope `{ success, data, error }`. */
export function expectFailure(
  response: TestResponse,
  status: number,
  error: { code: string; message?: string | RegExp; field?: string },
): void {
  const detail = JSON.stringify(response.body);
  expect(response.status, detail).toBe(status);
  expect(response.headers.get('content-type'), detail).toMatch(/^application\/json/);
  const message =
    error.message === undefined
      ? expect.any(String)
      : typeof error.message === 'string'
        ? error.message
        : expect.stringMatching(error.message);
  expect(response.body).toStrictEqual({
    success: false,
    data: null,
    error: { code: error.code, message, ...(error.field === undefined ? {} : { field: error.field }) },
  });
}

/** Asserts a successful call and returns its data. */
export function expectSuccess<T = unknown>(response: TestResponse, status = 200): T {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(Object.keys(response.body).sort()).toEqual(['data', 'error', 'success']);
  expect(response.body.success).toBe(true);
  expect(response.body.error).toBeNull();
  return response.body.data as T;
}
