import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AutopostingStatus, Project } from '@contract/entities';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  expectSuccess,
  startTestServer,
  type TestServer,
  testDatabases,
} from '../../../tests/support/server-harness';
import { LocalProfileService } from '../../autoposting/local-profile-service';
import {
  type BrowserProfileService,
  type ProfileCookie,
  ProfileServiceError,
  type ProfileSpec,
} from '../../autoposting/types';
import { memberships } from '../../db/schema';

/** Local profiles in Chromium, with a switch that makes the service fail as an unreachable one would. */
class FaultyProfiles implements BrowserProfileService {
  readonly kind = 'local';
  fault: ProfileServiceError | null = null;
  constructor(readonly local: LocalProfileService) {}
  private guard() {
    if (this.fault) throw this.fault;
  }
  async createProfile(spec: ProfileSpec, signal?: AbortSignal) {
    this.guard();
    return this.local.createProfile(spec, signal);
  }
  async isReady(profileId: string) {
    this.guard();
    return this.local.isReady(profileId);
  }
  async openForLogin(profileId: string, signal?: AbortSignal) {
    this.guard();
    return this.local.openForLogin(profileId, signal);
  }
  async cookies(profileId: string, signal?: AbortSignal): Promise<ProfileCookie[]> {
    this.guard();
    return this.local.cookies(profileId, signal);
  }
  async openBrowser(profileId: string, signal?: AbortSignal) {
    this.guard();
    return this.local.openBrowser(profileId, signal);
  }
  release(profileId: string) {
    return this.local.release(profileId);
  }
  countries() {
    return this.local.countries();
  }
}

/** Reddit's sign-in, as far as the login check cares: signing in sets its session cookie for a day. */
async function startRedditSignIn(): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/html',
      ...(req.url === '/login'
        ? { 'Set-Cookie': 'reddit_session=signed-in; Max-Age=86400; Path=/; HttpOnly' }
        : {}),
    });
    res.end('<!doctype html><title>Reddit</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const userData = { email: 'ada@example.com', country: 'DE', verified: true, os: 'linux' };
const manualPlanRefusal = {
  code: 'forbidden',
  message: "Autoposting is part of the Autopilot plan: this workspace's plan does not include it",
};

describe.each(testDatabases())('/api/setup-autoposting (%s)', (kind) => {
  let server: TestServer;
  let site: { origin: string; server: Server };
  let dataDir: string;
  let profiles: FaultyProfiles;
  let autopilot: Awaited<ReturnType<TestServer['signUpWithWorkspace']>>;
  let projectId: string;

  beforeAll(async () => {
    site = await startRedditSignIn();
    dataDir = mkdtempSync(path.join(tmpdir(), 'replyradar-setup-'));
    profiles = new FaultyProfiles(
      new LocalProfileService({
        dataDir,
        chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        headed: false,
      }),
    );
    server = await startTestServer(kind, { REDDIT_WEB_URL: site.origin }, { profiles });
    autopilot = await server.signUpWithWorkspace('ada@example.com', 'Autopilots', { subscribed: false });
    await server.subscribe(autopilot.token, [
      server.env.PADDLE_PRICE_START_MONTH,
      server.env.PADDLE_PRICE_AUTOPOST_MONTH,
    ]);
    projectId = (await server.seedProject(autopilot.workspace.id, { name: 'Tallybird', reviewed: true })).id;
  });
  afterAll(async () => {
    await profiles?.local.close();
    await server?.close();
    await new Promise((resolve) => site?.server.close(resolve));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (
    method: string,
    route: string,
    body?: unknown,
    token = autopilot.token,
    project = projectId,
  ) =>
    server.request(method, `/api/setup-autoposting${route}`, {
      token,
      projectId: project,
      ...(method === 'GET' ? {} : { body: body ?? {} }),
    });
  const status = async (method: string, route: string, body?: unknown) =>
    expectSuccess<AutopostingStatus>(await call(method, route, body));

  it('goes through every step to finish, logging in through the local profile, and the project is set up', async () => {
    expect(await status('GET', '')).toMatchObject({ step: 'initial', socialsResponse: {}, paused: false });
    expect((await status('POST', '/start')).step).toBe('userData');

    const { countries } = expectSuccess<{ countries: string[] }>(await call('GET', '/countries'));
    expect(countries).toHaveLength(249);
    expect(countries).toEqual(expect.arrayContaining(['DE', 'FR', 'GB', 'US']));

    const ready = await status('POST', '/user-data', userData);
    expect(ready).toMatchObject({ step: 'setupSocials', profileName: 'Tallybird', problem: null });
    const loginUrl = ready.login?.url ?? '';
    expect(loginUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ready.login?.message).toContain('chrome://inspect');
    expect((await (await fetch(`${loginUrl}/json/version`)).json()).Browser).toMatch(/Chrome\//);

    // 'Continue' before logging in: the check fails on Reddit (Hacker News is never published to).
    expect(await status('POST', '/check-socials')).toMatchObject({
      step: 'checkSocialsFailed',
      socialsResponse: { reddit: false },
      login: { url: loginUrl },
    });

    // The person reaches the profile's browser through its remote-debugging address and signs in.
    const remote = await chromium.connectOverCDP(loginUrl);
    const page = await remote.contexts()[0]?.newPage();
    await page?.goto(`${site.origin}/login`);
    await remote.close();

    expect(await status('POST', '/recheck-socials')).toMatchObject({
      step: 'finish',
      socialsResponse: { reddit: true },
    });
    expect((await status('POST', '/finish')).step).toBe('finish');
    const [project] = expectSuccess<Project[]>(
      await server.request('GET', '/api/projects', { token: autopilot.token, projectId }),
    );
    expect(project).toMatchObject({ id: projectId, autopostingSetup: true });
  });

  it('a profile service that fails answers its message, and the step stays where it was', async () => {
    const other = (await server.seedProject(autopilot.workspace.id, { name: 'Second' })).id;
    await call('POST', '/start', {}, autopilot.token, other);
    profiles.fault = new ProfileServiceError(
      'GoLogin refused the token: check GOLOGIN_API_TOKEN in the server settings.',
      'refused',
    );
    try {
      expectFailure(await call('POST', '/user-data', userData, autopilot.token, other), 502, {
        code: 'profile_service_failed',
        message: 'GoLogin refused the token: check GOLOGIN_API_TOKEN in the server settings.',
      });
    } finally {
      profiles.fault = null;
    }
    expect(
      expectSuccess<AutopostingStatus>(await call('GET', '', undefined, autopilot.token, other)),
    ).toMatchObject({
      step: 'userData',
      problem: 'GoLogin refused the token: check GOLOGIN_API_TOKEN in the server settings.',
    });
  });

  describe('400: the user-data form, field by field', () => {
    it.each([
      ['an email that is not one', { ...userData, email: 'ada' }, 'email', 'Invalid email'],
      ['an empty email', { ...userData, email: '' }, 'email', 'Required'],
      ['no country', { ...userData, country: '' }, 'country', 'Required'],
      [
        'a code that is not a country',
        { ...userData, country: 'EU' },
        'country',
        'Choose a country from the list',
      ],
      ['verified not checked', { ...userData, verified: false }, 'verified', 'Required'],
      ['no verified', { email: 'ada@example.com', country: 'DE' }, 'verified', 'Required'],
      ['an os that is none of win, mac, linux', { ...userData, os: 'beos' }, 'os', expect.any(String)],
    ])('%s', async (_, body, field, message) => {
      const response = await call('POST', '/user-data', body);
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.error).toStrictEqual({ code: 'bad_request', field, message });
    });
  });

  describe('400: every call names the field and the reason, and moves nothing', () => {
    it.each([
      ['POST', '/start'],
      ['POST', '/user-data'],
      ['POST', '/check-socials'],
      ['POST', '/recheck-socials'],
      ['POST', '/finish'],
      ['PUT', '/settings'],
    ] as const)('%s %s: a body that is not JSON, or not an object', async (method, route) => {
      const untouched = (await server.seedProject(autopilot.workspace.id, { name: 'Untouched' })).id;
      expectFailure(await call(method, route, '{"email":', autopilot.token, untouched), 400, {
        code: 'bad_request',
        field: 'body',
        message: 'The request body must be valid JSON',
      });
      expectFailure(await call(method, route, ['a list'], autopilot.token, untouched), 400, {
        code: 'bad_request',
        field: 'body',
        message: 'Invalid input: expected object, received array',
      });
      expect(
        expectSuccess<AutopostingStatus>(await call('GET', '', undefined, autopilot.token, untouched)),
      ).toMatchObject({ step: 'initial', paused: false, dailyCap: expect.any(Number) });
    });

    it.each([
      ['paused', { paused: 'yes' }, 'Invalid input: expected boolean, received string'],
      ['dailyCap', { dailyCap: 51 }, 'Must be a whole number from 1 to 50'],
      ['dailyCap', { dailyCap: 2.5 }, 'Must be a whole number from 1 to 50'],
      ['dailyCap', { dailyCap: '5' }, 'Must be a whole number from 1 to 50'],
      ['minGapMinutes', { minGapMinutes: 4 }, 'Must be a whole number from 5 to 1440'],
    ])('settings: a bad %s', async (field, body, message) => {
      const before = await status('GET', '');
      expectFailure(await call('PUT', '/settings', body), 400, { code: 'bad_request', field, message });
      expect(await status('GET', '')).toMatchObject({
        paused: before.paused,
        dailyCap: before.dailyCap,
        minGapMinutes: before.minGapMinutes,
      });
    });
  });

  it('refuses a workspace whose plan has no Autopilot, on every call', async () => {
    const manual = await server.signUpWithWorkspace('manual@example.com', 'Manual');
    const project = (await server.seedProject(manual.workspace.id, { name: 'Manual project' })).id;
    for (const [method, route] of [
      ['GET', ''],
      ['POST', '/start'],
      ['GET', '/countries'],
      ['POST', '/user-data'],
      ['POST', '/check-socials'],
      ['POST', '/recheck-socials'],
      ['POST', '/finish'],
      ['PUT', '/settings'],
    ] as const)
      expectFailure(
        await call(method, route, route === '/user-data' ? userData : {}, manual.token, project),
        403,
        manualPlanRefusal,
      );
  });

  it('needs the project-id header', async () => {
    const response = await server.request('GET', '/api/setup-autoposting', { token: autopilot.token });
    expectFailure(response, 400, {
      code: 'bad_request',
      message: 'Send the project-id header: autoposting is set up per project',
      field: 'project-id',
    });
  });

  it("pauses for any member; the pacing is the admins' to change", async () => {
    const { session, cookie } = await server.signUp('member@example.com');
    await server.db
      .insert(memberships)
      .values({ workspaceId: autopilot.workspace.id, userId: session.user.id, role: 'org:member' });
    const member = await server.activate(cookie, autopilot.workspace.id);

    const paused = await call('PUT', '/settings', { paused: true }, member.token);
    expect(expectSuccess<AutopostingStatus>(paused)).toMatchObject({ paused: true, dailyCap: 5 });
    expectFailure(await call('PUT', '/settings', { dailyCap: 10 }, member.token), 403, {
      code: 'forbidden',
      message: "Only an admin of this workspace can change Autopilot's pacing",
      field: 'dailyCap',
    });
    expect(
      await status('PUT', '/settings', { paused: false, dailyCap: 10, minGapMinutes: 30 }),
    ).toMatchObject({
      paused: false,
      dailyCap: 10,
      minGapMinutes: 30,
    });
    expectFailure(await call('PUT', '/settings', { dailyCap: 0 }), 400, {
      code: 'bad_request',
      field: 'dailyCap',
    });
  });
});
