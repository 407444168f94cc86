import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkSites } from '../domain/network-sites';
import { LocalProfileService } from './local-profile-service';
import { checkLogins } from './logins';
import { ProfileServiceError } from './types';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const projectId = '6f1c2f9e-8a4b-4c1d-9e2f-3a4b5c6d7e8f';
const spec = { projectId, name: 'Tallybird', country: 'DE', os: 'linux', email: 'ada@example.com' } as const;

/** A network's sign-in page, as far as a login check cares: signing in sets its session cookie for a day. */
async function startSignInSite(): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.url === '/sign-in')
      res.writeHead(200, {
        'Content-Type': 'text/html',
        'Set-Cookie': 'reddit_session=signed-in; Max-Age=86400; Path=/; HttpOnly',
      });
    else res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>Reddit</title><p>Hello</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Whether a remote-debugging address answers (a closed browser's does not). */
async function answers(url: string): Promise<boolean> {
  return fetch(`${url}/json/version`).then(
    (response) => response.ok,
    () => false,
  );
}

describe('the local browser-profile service, in Chromium', () => {
  let dataDir: string;
  let site: { origin: string; server: Server };
  let profiles: LocalProfileService;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'replyradar-profiles-'));
    site = await startSignInSite();
    profiles = new LocalProfileService({ dataDir, chromiumPath, headed: false });
  });

  afterAll(async () => {
    await profiles.close();
    await new Promise((resolve) => site.server.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the profile as a user-data dir under DATA_DIR/profiles, with its record beside it', async () => {
    expect(await profiles.createProfile(spec)).toStrictEqual({ profileId: projectId });
    expect(await profiles.createProfile(spec)).toStrictEqual({ profileId: projectId });
    expect(await profiles.isReady(projectId)).toBe(true);
    const record = JSON.parse(readFileSync(path.join(dataDir, 'profiles', `${projectId}.json`), 'utf8'));
    expect(record).toMatchObject({ name: 'Tallybird', country: 'DE', os: 'linux', email: 'ada@example.com' });
  });

  it('logs in through the remote-debugging URL, reads the session cookie, and keeps it after release', async () => {
    const login = await profiles.openForLogin(projectId);
    expect(login.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(login.message).toContain("the profile 'Tallybird'");
    expect(login.message).toContain('chrome://inspect');
    expect(login.message).toContain(login.url?.replace('http://', ''));
    const url = login.url ?? '';
    const version = await (await fetch(`${url}/json/version`)).json();
    expect(version.Browser).toMatch(/Chrome\//);

    // Opening it again answers the same browser, never a second one on the same profile.
    expect(await profiles.openForLogin(projectId)).toStrictEqual(login);

    // The person, in their own Chromium, inspects the profile's browser and signs in.
    const remote = await chromium.connectOverCDP(url);
    const [context] = remote.contexts();
    const page = await context?.newPage();
    await page?.goto(`${site.origin}/sign-in`);
    await remote.close();

    const signedIn = await profiles.cookies(projectId);
    expect(signedIn).toContainEqual({
      name: 'reddit_session',
      domain: '127.0.0.1',
      value: 'signed-in',
      expires: expect.any(Number),
    });
    expect(checkLogins(signedIn, ['reddit', 'hackernews'], sitesWith(site.origin))).toStrictEqual({
      reddit: true,
    });
    expect(await answers(url)).toBe(true);

    await profiles.release(projectId);
    expect(await answers(url)).toBe(false);

    // No browser runs: one is started briefly on the profile, which kept the session on disk.
    const persisted = await profiles.cookies(projectId);
    expect(persisted.find((cookie) => cookie.name === 'reddit_session')?.value).toBe('signed-in');
  });

  it('hands the running login browser to a publisher, and keeps it open when the publisher is done', async () => {
    const login = await profiles.openForLogin(projectId);
    const browser = await profiles.openBrowser(projectId);
    const page = await browser.context.newPage();
    await page.goto(`${site.origin}/thread`);
    expect(await page.title()).toBe('Reddit');
    const listed = await (await fetch(`${login.url}/json/list`)).json();
    expect(listed.map((target: { url: string }) => target.url)).toContain(`${site.origin}/thread`);
    await browser.close();
    await browser.close();
    expect(await answers(login.url ?? '')).toBe(true);
    await profiles.release(projectId);
    expect(await answers(login.url ?? '')).toBe(false);
  });

  it('closes a browser opened only to publish once the publisher is done with it', async () => {
    const browser = await profiles.openBrowser(projectId);
    const closed = new Promise<void>((resolve) => browser.context.once('close', () => resolve()));
    await browser.close();
    await closed;
    // The next login starts a new browser on the same profile.
    const login = await profiles.openForLogin(projectId);
    expect(await answers(login.url ?? '')).toBe(true);
    await profiles.release(projectId);
  });

  it('closes the login browser once it has been idle for the idle time', async () => {
    const idle = new LocalProfileService({ dataDir, chromiumPath, headed: false, idleMs: 200 });
    try {
      await idle.openForLogin(projectId);
      const browser = await idle.openBrowser(projectId);
      const closed = new Promise<void>((resolve) => browser.context.once('close', () => resolve()));
      // Once the publisher has let go of it, nothing uses it: it closes on its own.
      await browser.close();
      await closed;
      expect(await idle.cookies(projectId)).toContainEqual(
        expect.objectContaining({ name: 'reddit_session', value: 'signed-in' }),
      );
    } finally {
      await idle.close();
    }
  });

  it('says what to do when the profile does not exist, or Chromium cannot start', async () => {
    const missing = '0b6f1d3e-1111-4222-8333-944455556666';
    await expect(profiles.openForLogin(missing)).rejects.toThrow(
      'This project has no browser profile on the server any more: submit your details again to create it.',
    );
    await expect(profiles.cookies('../etc')).rejects.toBeInstanceOf(ProfileServiceError);

    const broken = new LocalProfileService({ dataDir, chromiumPath: '/nowhere/chromium', headed: false });
    const refusal = await broken.openForLogin(projectId).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ProfileServiceError);
    expect((refusal as ProfileServiceError).kind).toBe('unreachable');
    expect((refusal as Error).message).toMatch(
      /^Chromium could not start from \/nowhere\/chromium \(.+\): install Chromium or set CHROMIUM_PATH to one on this computer\.$/,
    );
  });

  it('offers every ISO 3166-1 country', async () => {
    const countries = await profiles.countries();
    expect(countries).toHaveLength(249);
    expect(countries).toEqual(expect.arrayContaining(['DE', 'GB', 'US', 'AQ', 'FR']));
    for (const notACountry of ['EU', 'UN', 'EZ', 'QO', 'ZZ', 'UK', 'XA', 'AC'])
      expect(countries).not.toContain(notACountry);
  });
});

/** The networks' own sites, but Reddit's at `origin`. */
function sitesWith(origin: string) {
  return { ...networkSites.parse({}), REDDIT_WEB_URL: origin };
}
