import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeGoLogin,
  goLoginFixture,
  recordedGoLoginCookies,
  startFakeGoLogin,
} from '../../tests/support/gologin-fake-server';
import type { NetworkSites } from '../domain/network-sites';
import { GoLoginProfileService } from './gologin-profile-service';
import { ProfileServiceError, type ProfileSpec } from './types';

const token = 'gl-dev-token-4f9a1c';

/** A network's site: `/login` signs in (sets the session cookie), `/whoami` shows the cookies sent. */
async function startNetworkSite(): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    if (request.url === '/login') {
      response.writeHead(200, {
        'content-type': 'text/html',
        'set-cookie': 'reddit_session=signed-in-ana; Max-Age=86400; Path=/; HttpOnly',
      });
      return response.end('<p>Signed in</p>');
    }
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end(`cookies: ${request.headers.cookie ?? ''}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let fake: FakeGoLogin;
let site: { origin: string; server: Server };
let web: NetworkSites;
let projects = 0;

const service = (options: { token?: string; timeoutMs?: number } = {}) =>
  new GoLoginProfileService({
    token: options.token ?? token,
    apiUrl: fake.apiUrl,
    cloudUrl: fake.cloudUrl,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    web,
  });

/** A project the profile is made for; each call a new one. */
function spec(overrides: Partial<ProfileSpec> = {}): ProfileSpec {
  projects += 1;
  return {
    projectId: `project-${projects}`,
    name: `Acme Radar ${projects}`,
    country: 'DE',
    os: 'linux',
    email: 'ana@example.com',
    ...overrides,
  };
}

/** The error `promise` rejects with, which must be a ProfileServiceError. */
async function failure(promise: Promise<unknown>): Promise<ProfileServiceError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProfileServiceError);
  return error as ProfileServiceError;
}

beforeAll(async () => {
  fake = await startFakeGoLogin({ token, unservedCountries: ['aq'] });
  site = await startNetworkSite();
  web = {
    REDDIT_WEB_URL: site.origin,
    X_WEB_URL: 'https://x.com',
    BLUESKY_WEB_URL: 'https://bsky.app',
    LINKEDIN_WEB_URL: 'https://www.linkedin.com',
    MASTODON_URL: undefined,
  };
});

afterAll(async () => {
  await fake?.close();
  await new Promise((resolve) => site?.server.close(resolve));
});

describe('GoLogin profile service: creating the project’s profile', () => {
  it('names the profile after the project, with the chosen os, a proxy in the chosen country, shared to the email', async () => {
    const project = spec({ country: 'de', os: 'linux', email: 'Ana@Example.com' });
    const from = fake.requests.length;
    const { profileId } = await service().createProfile(project);

    const sent = fake.requests.slice(from);
    expect(sent.every((request) => request.authorization === `Bearer ${token}`)).toBe(true);
    const created = sent.find((request) => request.path === '/browser/custom');
    expect(created?.method).toBe('POST');
    expect(created?.body).toMatchObject({
      name: project.name,
      os: 'lin',
      notes: expect.stringContaining(project.projectId),
    });
    expect(fake.proxies).toContainEqual({
      countryCode: 'de',
      isMobile: false,
      isDC: false,
      profileIdToLink: profileId,
    });
    expect(fake.shares).toContainEqual({
      type: 'profile',
      instanceId: profileId,
      recepient: 'ana@example.com',
      role: 'guest',
    });
    expect(fake.profiles.get(profileId)?.name).toBe(project.name);
    expect(await service().isReady(profileId)).toBe(true);
  });

  it('maps each os to GoLogin’s', async () => {
    const from = fake.requests.length;
    await service().createProfile(spec({ os: 'win' }));
    await service().createProfile(spec({ os: 'mac' }));
    const oses = fake.requests
      .slice(from)
      .filter((request) => request.path === '/browser/custom')
      .map((request) => (request.body as { os: string }).os);
    expect(oses).toEqual(['win', 'mac']);
  });

  it('making it twice keeps one profile, one proxy and one share', async () => {
    const project = spec();
    const first = await service().createProfile(project);
    const second = await service().createProfile(project);
    expect(second.profileId).toBe(first.profileId);
    const named = [...fake.profiles.values()].filter((profile) => profile.name === project.name);
    expect(named).toHaveLength(1);
    expect(fake.proxies.filter((proxy) => proxy.profileIdToLink === first.profileId)).toHaveLength(1);
    expect(fake.shares.filter((share) => share.instanceId === first.profileId)).toHaveLength(1);
  });

  it('finishes a profile a crash left without its proxy and share', async () => {
    const project = spec();
    fake.answerNext('traffic', { status: 500, body: goLoginFixture('internal-error.json') });
    await failure(service().createProfile(project));
    const { profileId } = await service().createProfile(project);
    expect([...fake.profiles.values()].filter((profile) => profile.name === project.name)).toHaveLength(1);
    expect(fake.proxies.filter((proxy) => proxy.profileIdToLink === profileId)).toHaveLength(1);
    expect(fake.shares.filter((share) => share.instanceId === profileId)).toHaveLength(1);
  });

  it('tells the person how to log in: GoLogin’s app, the profile’s name and the email it is shared to', async () => {
    const project = spec({ name: 'Sunrise Bakery', email: 'owner@sunrise.example' });
    const { profileId } = await service().createProfile(project);
    const login = await service().openForLogin(profileId);
    expect(login.message).toContain('"Sunrise Bakery"');
    expect(login.message).toContain('owner@sunrise.example');
    expect(login.message).toMatch(/GoLogin/);
    expect(login.url).toBe('https://app.gologin.com/');
  });

  it('offers proxy countries as upper-case ISO codes', async () => {
    const countries = await service().countries();
    expect(countries).toContain('US');
    expect(countries).toContain('DE');
    expect(countries.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });
});

describe('GoLogin profile service: logins and the cloud browser', () => {
  let profileId: string;

  beforeAll(async () => {
    ({ profileId } = await service().createProfile(spec({ name: 'Orbit Notes' })));
  });

  it('sees no login before the person signs in, then the one made in the profile’s browser', async () => {
    expect(await service().checkLogins(profileId, ['reddit', 'x', 'hackernews'])).toEqual({
      reddit: false,
      x: false,
    });

    const context = await fake.loginBrowser(profileId);
    const page = await context.newPage();
    await page.goto(`${site.origin}/login`);
    await page.close();

    expect(await service().checkLogins(profileId, ['reddit', 'x'])).toEqual({ reddit: true, x: false });
    const cookie = (await service().cookies(profileId)).find((item) => item.name === 'reddit_session');
    expect(cookie).toMatchObject({ domain: '127.0.0.1', value: 'signed-in-ana' });
    expect(cookie?.expires).not.toBe(-1);
  });

  it('reads cookies GoLogin keeps in its own format', async () => {
    const { profileId: other } = await service().createProfile(spec());
    fake.placeCookies(other, recordedGoLoginCookies());
    const logins = await new GoLoginProfileService({
      token,
      apiUrl: fake.apiUrl,
      cloudUrl: fake.cloudUrl,
    }).checkLogins(other, ['reddit', 'x', 'linkedin']);
    expect(logins).toEqual({ reddit: true, x: true, linkedin: false });
  });

  it('opens the profile in the cloud browser, signed in; closing stops the cloud profile', async () => {
    const browser = await service().openBrowser(profileId);
    const page = await browser.context.newPage();
    await page.goto(`${site.origin}/whoami`);
    expect(await page.textContent('body')).toContain('reddit_session=signed-in-ana');
    await page.close();
    await browser.close();
    expect(fake.cloudConnections).toContain(profileId);
    expect(fake.cloudStops).toContain(profileId);
  });

  it('a cloud browser that refuses the token says so, without the token', async () => {
    const error = await failure(service({ token: 'wrong-token-77' }).openBrowser(profileId));
    expect(error.kind).toBe('refused');
    expect(error.message).toBe('GoLogin refused the API token: check GOLOGIN_API_TOKEN.');
  });

  it('a cloud browser that never answers times out', async () => {
    fake.answerNext('connect', 'hang');
    const error = await failure(service({ timeoutMs: 300 }).openBrowser(profileId));
    expect(error.kind).toBe('timeout');
    expect(error.message).not.toContain(token);
  });
});

describe('GoLogin profile service: faults', () => {
  it('a wrong token gets a message naming the variable to check, and never the token', async () => {
    const error = await failure(service({ token: 'wrong-token-77' }).createProfile(spec()));
    expect(error.kind).toBe('refused');
    expect(error.message).toBe('GoLogin refused the API token: check GOLOGIN_API_TOKEN.');
    expect(fake.requests.at(-1)?.authorization).toBe('Bearer wrong-token-77');
  });

  it('GoLogin failing (500) leaves the step with a message to try again', async () => {
    fake.answerNext('listProfiles', { status: 500, body: goLoginFixture('internal-error.json') });
    const error = await failure(service().createProfile(spec()));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toMatch(/GoLogin is unavailable \(HTTP 500\).*try again/);
  });

  it('GoLogin limiting requests (429) says to try again in a minute', async () => {
    fake.answerNext('share', { status: 429, body: goLoginFixture('too-many-requests.json') });
    const error = await failure(service().createProfile(spec()));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toMatch(/429.*try again in a minute/);
  });

  it('GoLogin out of reach says which address to check', async () => {
    const closed = new GoLoginProfileService({
      token,
      apiUrl: 'http://127.0.0.1:1',
      cloudUrl: fake.cloudUrl,
    });
    const error = await failure(closed.createProfile(spec()));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toMatch(/GoLogin could not be reached .*GOLOGIN_API_URL/);
  });

  it('GoLogin not answering times out after the time limit', async () => {
    fake.answerNext('listProfiles', 'hang');
    const error = await failure(service({ timeoutMs: 200 }).createProfile(spec()));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/did not answer/);
  });

  it('a country GoLogin has no proxy in is refused with GoLogin’s reason', async () => {
    const error = await failure(service().createProfile(spec({ country: 'AQ' })));
    expect(error.kind).toBe('invalid');
    expect(error.message).toContain('add a proxy in AQ');
    expect(error.message).toContain('No proxies are available');
  });

  it('an account without proxy traffic is told where to add some', async () => {
    fake.answerNext('traffic', {
      status: 200,
      body: {
        mobileTrafficData: { trafficUsedBytes: 0, trafficLimitBytes: 0 },
        residentialTrafficData: { trafficUsedBytes: 10, trafficLimitBytes: 10 },
        dataCenterTrafficData: { trafficUsedBytes: 0, trafficLimitBytes: 0 },
      },
    });
    const error = await failure(service().createProfile(spec()));
    expect(error.kind).toBe('refused');
    expect(error.message).toContain('no proxy traffic left');
  });

  it('bad input names the field and the reason', async () => {
    const country = await failure(service().createProfile(spec({ country: 'Germany' })));
    expect(country.kind).toBe('invalid');
    expect(country.message).toMatch(/^country: .*"Germany"/);
    const email = await failure(service().createProfile(spec({ email: 'ana at example' })));
    expect(email.message).toMatch(/^email: /);
  });

  it('a profile deleted in GoLogin is reported as gone', async () => {
    const error = await failure(service().isReady('60a763f86501b32b88a1ffff'));
    expect(error.kind).toBe('not_found');
    expect(error.message).toMatch(/no longer exists/);
  });

  it('releasing stops the cloud profile, and is safe for a profile that is gone', async () => {
    const { profileId } = await service().createProfile(spec());
    await service().release(profileId);
    expect(fake.cloudStops).toContain(profileId);
    await expect(service().release('60a763f86501b32b88a1ffff')).resolves.toBeUndefined();
  });
});
