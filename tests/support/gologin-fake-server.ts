import { randomBytes } from 'node:crypto';
import { readFileSync, watch } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { chromiumArgs } from './chromium';

const readFixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/gologin/${name}`, import.meta.url), 'utf8'));

/** A recorded GoLogin answer from `tests/fixtures/gologin/`. */
export const goLoginFixture = (name: string) => readFixture(name) as Record<string, unknown>;

/** The cookies of `tests/fixtures/gologin/cookies.json`, as GoLogin's cookies endpoint gives them. */
export const recordedGoLoginCookies = () => readFixture('cookies.json') as GoLoginCookie[];

/** The calls the fake answers, by name, to make one of them fail. */
export type FakeGoLoginEndpoint =
  | 'listProfiles'
  | 'createProfile'
  | 'getProfile'
  | 'cookies'
  | 'traffic'
  | 'addProxy'
  | 'share'
  | 'stopCloud'
  | 'connect';

/** An answer instead of the usual one: a status and body, or `'hang'` (no answer until the fake closes). */
export type FakeGoLoginAnswer = { status: number; body?: unknown } | 'hang';

export interface FakeGoLoginRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeGoLoginProfile {
  id: string;
  name: string;
  notes: string;
  os: string;
  proxyRegion: string;
  proxyEnabled: boolean;
  sharedEmails: string[];
}

/** A cookie as GoLogin's API gives it (`tests/fixtures/gologin/cookies.json`). */
export interface GoLoginCookie {
  url?: string;
  domain: string;
  name: string;
  value: string;
  path?: string;
  sameSite?: string;
  secure?: boolean;
  httpOnly?: boolean;
  hostOnly?: boolean;
  session?: boolean;
  expirationDate?: number;
}

export interface FakeGoLogin {
  /** `GOLOGIN_API_URL` */
  apiUrl: string;
  /** `GOLOGIN_CLOUD_URL` (the same server: `/connect` upgrades to the profile's Chromium) */
  cloudUrl: string;
  /** Every call, the cloud browser's `/connect` included, in order. */
  requests: FakeGoLoginRequest[];
  profiles: Map<string, FakeGoLoginProfile>;
  shares: Array<{ type: string; instanceId: string; recepient: string; role: string }>;
  proxies: Array<{ countryCode: string; isMobile: boolean; isDC: boolean; profileIdToLink: string }>;
  /** Profile ids, once per cloud browser connection and once per stop (`DELETE /browser/{id}/web`). */
  cloudConnections: string[];
  cloudStops: string[];
  /** The next `times` calls of `endpoint` get `answer` instead (500, 429, a hang, or any other answer). */
  answerNext(endpoint: FakeGoLoginEndpoint, answer: FakeGoLoginAnswer, times?: number): void;
  /** Cookies the cookies endpoint gives besides those of the profile's browser. */
  placeCookies(profileId: string, cookies: GoLoginCookie[]): void;
  /** The profile's browser, as the person logging in uses it (the cloud browser connects to the same one). */
  loginBrowser(profileId: string): Promise<BrowserContext>;
  close(): Promise<void>;
}

/** The journeys' Chromium flags, each profile's browser reachable over CDP on a free port. */
const cloudBrowserArgs = [
  ...chromiumArgs,
  '--remote-debugging-address=127.0.0.1',
  '--remote-debugging-port=0',
];
const pageSize = 30;
const profileOs = ['lin', 'mac', 'win', 'android', 'android-cloud'];
const shareRoles = ['administrator', 'redactor', 'guest'];

interface ProfileBrowser {
  context: BrowserContext;
  port: number;
  wsPath: string;
}

function readBody(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? JSON.parse(text) : null);
      } catch {
        resolve(text);
      }
    });
    request.on('error', reject);
  });
}

/**
 * A local stand-in for GoLogin: its REST API (profiles, GoLogin proxies, shares, cookies, stopping the
 * cloud browser), answered from the documented shapes in `tests/fixtures/gologin/` with `401` for a
 * wrong Bearer token, and its cloud browser: `/connect?token&profile` upgrades to the DevTools socket of
 * a real Chromium kept per profile (a user-data dir each), so `chromium.connectOverCDP` works for real
 * and the cookies endpoint reads that browser's cookies.
 */
export async function startFakeGoLogin(options: {
  token: string;
  /** Countries (lower-case) GoLogin has no proxy in: adding one there answers 400. */
  unservedCountries?: string[];
}): Promise<FakeGoLogin> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fake-gologin-'));
  const requests: FakeGoLoginRequest[] = [];
  const profiles = new Map<string, FakeGoLoginProfile>();
  const shares: FakeGoLogin['shares'] = [];
  const proxies: FakeGoLogin['proxies'] = [];
  const cloudConnections: string[] = [];
  const cloudStops: string[] = [];
  const placed = new Map<string, GoLoginCookie[]>();
  const answers = new Map<FakeGoLoginEndpoint, FakeGoLoginAnswer[]>();
  const browsers = new Map<string, Promise<ProfileBrowser>>();
  const sockets = new Set<Socket>();

  const nextAnswer = (endpoint: FakeGoLoginEndpoint) => answers.get(endpoint)?.shift();

  const launch = async (profileId: string): Promise<ProfileBrowser> => {
    const userDataDir = path.join(dataDir, profileId);
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: cloudBrowserArgs,
    });
    // Chromium writes its DevTools port and socket path there once it listens.
    const portFile = path.join(userDataDir, 'DevToolsActivePort');
    const readPort = async () => {
      const [port, wsPath] = (await readFile(portFile, 'utf8').catch(() => '')).trim().split('\n');
      return port && wsPath ? { context, port: Number(port), wsPath } : null;
    };
    return (
      (await readPort()) ??
      new Promise<ProfileBrowser>((resolve) => {
        const settle = (found: ProfileBrowser | null) => {
          if (!found) return;
          watcher.close();
          resolve(found);
        };
        const watcher = watch(userDataDir, () => void readPort().then(settle));
        void readPort().then(settle);
      })
    );
  };
  const browserOf = (profileId: string) => {
    let browser = browsers.get(profileId);
    if (!browser) {
      browser = launch(profileId);
      browsers.set(profileId, browser);
    }
    return browser;
  };

  const listItem = (profile: FakeGoLoginProfile) => ({
    ...goLoginFixture('profile-list-item.json'),
    ...profile,
    proxy: proxyOf(profile),
    proxyType: profile.proxyEnabled ? 'gologin' : 'none',
  });
  const proxyOf = (profile: FakeGoLoginProfile) =>
    profile.proxyEnabled
      ? { mode: 'gologin', host: 'proxy.gologin.example', port: 10080, username: '', password: '' }
      : { mode: 'none', host: '', port: 80, username: '', password: '' };

  const cookiesOf = async (profileId: string): Promise<GoLoginCookie[]> => {
    const browser = browsers.get(profileId);
    // Playwright reads them with CDP `Storage.getCookies`.
    const live = browser ? await (await browser).context.cookies() : [];
    const fromBrowser = live.map((cookie) => ({
      url: `${cookie.secure ? 'https' : 'http'}://${cookie.domain.replace(/^\./, '')}${cookie.path}`,
      domain: cookie.domain,
      name: cookie.name,
      value: cookie.value,
      path: cookie.path,
      sameSite: { Strict: 'strict', Lax: 'lax', None: 'no_restriction' }[cookie.sameSite] ?? 'unspecified',
      secure: cookie.secure,
      httpOnly: cookie.httpOnly,
      hostOnly: !cookie.domain.startsWith('.'),
      session: cookie.expires === -1,
      ...(cookie.expires === -1 ? {} : { expirationDate: cookie.expires }),
    }));
    return [...fromBrowser, ...(placed.get(profileId) ?? [])];
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = await readBody(request);
    const method = request.method ?? 'GET';
    requests.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.authorization,
      body,
    });
    const send = (status: number, payload?: unknown) => {
      if (payload === undefined) return response.writeHead(status).end();
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(payload));
    };
    const notFound = () => send(404, goLoginFixture('not-found.json'));
    const badRequest = (message: string) =>
      send(400, { ...goLoginFixture('bad-request.json'), message: [message] });

    const profileRoute = /^\/browser\/([^/]+)(\/cookies|\/web)?$/.exec(url.pathname);
    const endpoint: FakeGoLoginEndpoint | null =
      method === 'GET' && url.pathname === '/browser/v2'
        ? 'listProfiles'
        : method === 'POST' && url.pathname === '/browser/custom'
          ? 'createProfile'
          : method === 'GET' && url.pathname === '/users-proxies/geolocation/traffic'
            ? 'traffic'
            : method === 'POST' && url.pathname === '/users-proxies/mobile-proxy'
              ? 'addProxy'
              : method === 'POST' && url.pathname === '/share'
                ? 'share'
                : method === 'GET' && profileRoute && !profileRoute[2]
                  ? 'getProfile'
                  : method === 'GET' && profileRoute?.[2] === '/cookies'
                    ? 'cookies'
                    : method === 'DELETE' && profileRoute?.[2] === '/web'
                      ? 'stopCloud'
                      : null;
    if (!endpoint) return send(404, { statusCode: 404, message: `Cannot ${method} ${url.pathname}` });
    const answer = nextAnswer(endpoint);
    if (answer === 'hang') return;
    if (answer) return send(answer.status, answer.body);
    if (request.headers.authorization !== `Bearer ${options.token}`)
      return send(401, goLoginFixture('unauthorized.json'));

    const input = (body ?? {}) as Record<string, unknown>;
    const profile = profileRoute?.[1] ? profiles.get(decodeURIComponent(profileRoute[1])) : undefined;
    switch (endpoint) {
      case 'listProfiles': {
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
        const matching = [...profiles.values()].filter((item) => item.name.toLowerCase().includes(search));
        return send(200, {
          ...goLoginFixture('profiles-page.json'),
          profiles: matching.slice((page - 1) * pageSize, page * pageSize).map(listItem),
          allProfilesCount: matching.length,
        });
      }
      case 'createProfile': {
        if (typeof input.name !== 'string' || !input.name) return badRequest('name should not be empty');
        if (typeof input.os !== 'string' || !profileOs.includes(input.os))
          return badRequest(`os must be one of the following values: ${profileOs.join(', ')}`);
        const created: FakeGoLoginProfile = {
          id: randomBytes(12).toString('hex'),
          name: input.name,
          notes: typeof input.notes === 'string' ? input.notes : '',
          os: input.os,
          proxyRegion: '',
          proxyEnabled: false,
          sharedEmails: [],
        };
        profiles.set(created.id, created);
        return send(200, listItem(created));
      }
      case 'getProfile':
        if (!profile) return notFound();
        return send(200, { ...goLoginFixture('profile.json'), ...profile, proxy: proxyOf(profile) });
      case 'cookies':
        if (!profile) return notFound();
        return send(200, await cookiesOf(profile.id));
      case 'traffic':
        return send(200, goLoginFixture('proxy-traffic.json'));
      case 'addProxy': {
        const { countryCode, isMobile = false, isDC = false, profileIdToLink } = input;
        if (typeof countryCode !== 'string' || !/^[a-z]{2}$/.test(countryCode))
          return badRequest('countryCode must be 2 lowercase letters');
        if (options.unservedCountries?.includes(countryCode))
          return badRequest(`No proxies are available in the country "${countryCode}"`);
        const linked = typeof profileIdToLink === 'string' ? profiles.get(profileIdToLink) : undefined;
        if (profileIdToLink !== undefined && !linked) return notFound();
        proxies.push({
          countryCode,
          isMobile: isMobile === true,
          isDC: isDC === true,
          profileIdToLink: String(profileIdToLink ?? ''),
        });
        if (linked) Object.assign(linked, { proxyEnabled: true, proxyRegion: countryCode });
        return send(201, goLoginFixture('proxy-created.json'));
      }
      case 'share': {
        const { type, instanceId, recepient, role = 'guest' } = input;
        if (type !== 'profile' && type !== 'folder')
          return badRequest('type must be one of: profile, folder');
        if (typeof recepient !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(recepient))
          return badRequest('recepient must be an email');
        if (typeof role !== 'string' || !shareRoles.includes(role))
          return badRequest(`role must be one of the following values: ${shareRoles.join(', ')}`);
        const shared = typeof instanceId === 'string' ? profiles.get(instanceId) : undefined;
        if (!shared) return notFound();
        shares.push({ type, instanceId: shared.id, recepient, role });
        if (!shared.sharedEmails.includes(recepient)) shared.sharedEmails.push(recepient);
        return send(201);
      }
      case 'stopCloud':
        if (!profile) return notFound();
        cloudStops.push(profile.id);
        return send(204);
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ...goLoginFixture('internal-error.json'), detail: String(error) }));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // The cloud browser: the upgrade request goes on, path rewritten, to the profile's own Chromium.
  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.authorization,
      body: null,
    });
    const refuse = (status: number, reason: string) => {
      socket.end(`HTTP/1.1 ${status} ${reason}\r\nX-Error-Reason: ${reason}\r\nConnection: close\r\n\r\n`);
    };
    if (url.pathname !== '/connect') return refuse(404, 'Not Found');
    const answer = nextAnswer('connect');
    if (answer === 'hang') return;
    if (answer) return refuse(answer.status, 'Injected failure');
    if (url.searchParams.get('token') !== options.token) return refuse(401, 'Invalid token');
    const profileId = url.searchParams.get('profile') ?? '';
    if (!profiles.has(profileId)) return refuse(404, 'Profile not found');
    cloudConnections.push(profileId);
    browserOf(profileId).then(
      ({ port, wsPath }) => {
        const upstream = connect(port, '127.0.0.1');
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        const headers: string[] = [];
        for (let index = 0; index < request.rawHeaders.length; index += 2) {
          const name = request.rawHeaders[index] ?? '';
          const value = name.toLowerCase() === 'host' ? `127.0.0.1:${port}` : request.rawHeaders[index + 1];
          headers.push(`${name}: ${value}`);
        }
        upstream.on('connect', () => {
          upstream.write(`GET ${wsPath} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
          if (head.length > 0) upstream.write(head);
          socket.pipe(upstream).pipe(socket);
        });
        upstream.on('error', () => socket.destroy());
        socket.on('error', () => upstream.destroy());
      },
      () => refuse(502, 'Cloud browser did not start'),
    );
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the fake GoLogin has no port');
  const origin = `http://127.0.0.1:${address.port}`;

  return {
    apiUrl: origin,
    cloudUrl: origin,
    requests,
    profiles,
    shares,
    proxies,
    cloudConnections,
    cloudStops,
    answerNext(endpoint, answer, times = 1) {
      const queue = answers.get(endpoint) ?? [];
      for (let index = 0; index < times; index += 1) queue.push(answer);
      answers.set(endpoint, queue);
    },
    placeCookies(profileId, cookies) {
      placed.set(profileId, [...(placed.get(profileId) ?? []), ...cookies]);
    },
    async loginBrowser(profileId) {
      if (!profiles.has(profileId)) throw new Error(`the fake GoLogin has no profile ${profileId}`);
      return (await browserOf(profileId)).context;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
      const launched = await Promise.allSettled(browsers.values());
      await Promise.all(
        launched.map((result) => (result.status === 'fulfilled' ? result.value.context.close() : undefined)),
      );
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
