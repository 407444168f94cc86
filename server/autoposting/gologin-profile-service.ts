import { type Browser, chromium } from 'playwright-core';
import { z } from 'zod';
import type { SocialSlug } from '../domain/networks';
import { checkLogins, type NetworkWebEnv } from './logins';
import {
  type BrowserProfileService,
  type ProfileBrowser,
  type ProfileCookie,
  type ProfileLogin,
  ProfileServiceError,
  type ProfileSpec,
} from './types';

export interface GoLoginOptions {
  token: string;
  /** GoLogin's REST API (`GOLOGIN_API_URL`). */
  apiUrl: string;
  /** GoLogin's cloud browser (`GOLOGIN_CLOUD_URL`), http(s) or ws(s). */
  cloudUrl: string;
  /** Longest one call to GoLogin may take (20 s by default). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Where the networks' sites are, to tell a signed-in session from the cookies (the real sites by default). */
  web?: NetworkWebEnv;
}

/** The web app where a person runs the profiles shared with them. */
export const goLoginAppUrl = 'https://app.gologin.com/';

/**
 * Countries the profile's proxy may be in, as upper-case ISO 3166-1 alpha-2 codes. GoLogin has no
 * endpoint listing its proxy countries and its docs publish no list: the OpenAPI of
 * `POST /users-proxies/mobile-proxy` only asks for "Country code with 2 lowercase letters". So this is
 * every code of ISO 3166-1 (Debian's iso-codes, 249 codes); a country GoLogin cannot serve is refused
 * by `createProfile` with GoLogin's own reason, and the person picks another.
 */
const proxyCountries =
  `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR
BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER
ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL
IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD
ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF
PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX
SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA
ZM ZW`.split(/\s+/);

const realSites: NetworkWebEnv = {
  REDDIT_WEB_URL: 'https://www.reddit.com',
  X_WEB_URL: 'https://x.com',
  BLUESKY_WEB_URL: 'https://bsky.app',
  LINKEDIN_WEB_URL: 'https://www.linkedin.com',
  MASTODON_URL: undefined,
};
const goLoginOs = { win: 'win', mac: 'mac', linux: 'lin' } as const;
/** Written in the profile's notes, so the project's profile is found again whatever it is named. */
const projectMarker = (projectId: string) => `(replyradar-project:${projectId})`;
/** GoLogin lists 30 profiles a page; a name search that needs more pages than this is not the project's. */
const maxPages = 10;

const proxySchema = z.object({ mode: z.string() }).nullish();
const listedProfile = z.object({
  id: z.string(),
  name: z.string(),
  notes: z.string().nullish(),
  proxyEnabled: z.boolean().nullish(),
  proxy: proxySchema,
  proxyRegion: z.string().nullish(),
  sharedEmails: z.array(z.string()).nullish(),
});
type ListedProfile = z.infer<typeof listedProfile>;
const profilesPage = z.object({ profiles: z.array(listedProfile), allProfilesCount: z.number().optional() });
const fullProfile = z.object({
  id: z.string(),
  name: z.string(),
  proxyEnabled: z.boolean().nullish(),
  proxy: proxySchema,
  canBeRunning: z.boolean().nullish(),
});
const bucket = z.object({ trafficUsedBytes: z.number(), trafficLimitBytes: z.number() }).optional();
const trafficSchema = z.object({
  residentialTrafficData: bucket,
  residentTrafficData: bucket,
  mobileTrafficData: bucket,
  dataCenterTrafficData: bucket,
});
const createdProxy = z.object({
  trafficUsedBytes: z.number().optional(),
  trafficLimitBytes: z.number().optional(),
});
/** A cookie value is a string, or a serialised Buffer in profiles GoLogin keeps encrypted. */
const cookieValue = z.union([
  z.string(),
  z.object({ data: z.array(z.number()) }).transform(({ data }) => Buffer.from(data).toString('utf8')),
]);
const cookiesSchema = z.array(
  z.object({
    name: z.string(),
    domain: z.string(),
    value: cookieValue.optional(),
    session: z.boolean().optional(),
    expirationDate: z.number().nullish(),
  }),
);
const errorSchema = z.object({ message: z.union([z.string(), z.array(z.string())]) });

interface CallOptions {
  /** What was asked, in the words of "GoLogin could not …". */
  what: string;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** The message when GoLogin answers 404. */
  notFound?: string;
}

/**
 * Autopilot's browser profiles in GoLogin (ARCHITECTURE.md, "autoposting"), through its REST API
 * (`Authorization: Bearer <token>`) and its cloud browser (CDP at `<cloudUrl>/connect?token&profile`).
 * The profile is named after the project, runs through one of GoLogin's own proxies in the chosen
 * country, and is shared to the person's email, who logs into the networks from GoLogin's app.
 */
export class GoLoginProfileService implements BrowserProfileService {
  readonly kind = 'gologin' as const;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;
  private readonly web: NetworkWebEnv;

  constructor(private readonly options: GoLoginOptions) {
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.web = options.web ?? realSites;
  }

  /** The countries `createProfile` accepts (ISO 3166-1 alpha-2, upper-case). */
  countries(): Promise<string[]> {
    return Promise.resolve([...proxyCountries]);
  }

  async createProfile(spec: ProfileSpec, signal?: AbortSignal): Promise<{ profileId: string }> {
    const { country, email } = validSpec(spec);
    const marker = projectMarker(spec.projectId);
    const found = (await this.listProfiles(spec.name, signal)).find((profile) =>
      profile.notes?.includes(marker),
    );
    const profile =
      found ??
      parse(
        listedProfile,
        await this.call('POST', '/browser/custom', {
          what: `create the profile "${spec.name}"`,
          body: { name: spec.name, notes: `ReplyRadar Autopilot ${marker}`, os: goLoginOs[spec.os] },
          signal,
        }),
        'create the profile',
      );
    const region = profile.proxyRegion?.toLowerCase() ?? '';
    const hasProxy = Boolean(found?.proxyEnabled) && found?.proxy?.mode !== 'none';
    if (!hasProxy || (/^[a-z]{2}$/.test(region) && region !== country))
      await this.addProxy(profile.id, country, signal);
    const shared = (profile.sharedEmails ?? []).some((address) => address.toLowerCase() === email);
    if (!shared) {
      await this.call('POST', '/share', {
        what: `share the profile with ${email}`,
        body: { type: 'profile', instanceId: profile.id, recepient: email, role: 'guest' },
        signal,
      });
    }
    return { profileId: profile.id };
  }

  async isReady(profileId: string, signal?: AbortSignal): Promise<boolean> {
    const profile = await this.profile(profileId, signal);
    return Boolean(profile.proxyEnabled) && profile.proxy?.mode !== 'none' && profile.canBeRunning !== false;
  }

  async openForLogin(profileId: string, signal?: AbortSignal): Promise<ProfileLogin> {
    const { name } = await this.profile(profileId, signal);
    const listed = (await this.listProfiles(name, signal)).find((profile) => profile.id === profileId);
    const email = listed?.sharedEmails?.at(-1);
    const message = email
      ? `The GoLogin profile "${name}" is shared with ${email}. Open GoLogin signed in as ${email}, run that profile, sign in to each network in it, then close it so GoLogin keeps the sessions.`
      : `The GoLogin profile "${name}" is in the GoLogin account of this server's API token. Open it in GoLogin, sign in to each network in it, then close it so GoLogin keeps the sessions.`;
    return { message, url: goLoginAppUrl };
  }

  /** The profile's cookies as GoLogin keeps them (`GET /browser/{id}/cookies`). */
  async cookies(profileId: string, signal?: AbortSignal): Promise<ProfileCookie[]> {
    const body = await this.call('GET', `/browser/${encodeURIComponent(profileId)}/cookies`, {
      what: 'read the profile’s cookies',
      notFound: missingProfile,
      signal,
    });
    return parse(cookiesSchema, body, 'read the profile’s cookies').map((cookie) => ({
      name: cookie.name,
      domain: cookie.domain,
      value: cookie.value ?? '',
      expires: cookie.session || !cookie.expirationDate ? -1 : cookie.expirationDate,
    }));
  }

  async checkLogins(
    profileId: string,
    networks: readonly SocialSlug[],
    signal?: AbortSignal,
  ): Promise<Record<string, boolean>> {
    return checkLogins(await this.cookies(profileId, signal), networks, this.web);
  }

  async openBrowser(profileId: string, signal?: AbortSignal): Promise<ProfileBrowser> {
    const url = new URL(`${this.options.cloudUrl.replace(/\/+$/, '')}/connect`);
    url.protocol = url.protocol.replace(/^http/, 'ws');
    url.searchParams.set('token', this.options.token);
    url.searchParams.set('profile', profileId);
    let browser: Browser;
    try {
      browser = await untilAborted(chromium.connectOverCDP(url.href, { timeout: this.timeoutMs }), signal);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw this.connectError(error);
    }
    const context = browser.contexts()[0] ?? (await browser.newContext());
    return {
      context,
      close: async () => {
        await browser.close().catch(() => undefined);
        // The cloud profile keeps running (and billing) until it is stopped; stopping also saves its cookies.
        await this.release(profileId).catch(() => undefined);
      },
    };
  }

  /** Stops the profile's cloud browser (`DELETE /browser/{id}/web`); nothing happens when none runs. */
  async release(profileId: string): Promise<void> {
    await this.call('DELETE', `/browser/${encodeURIComponent(profileId)}/web`, {
      what: 'stop the cloud browser',
      notFound: missingProfile,
    }).catch((error: unknown) => {
      if (!(error instanceof ProfileServiceError && error.kind === 'not_found')) throw error;
    });
  }

  private profile(profileId: string, signal?: AbortSignal) {
    return this.call('GET', `/browser/${encodeURIComponent(profileId)}`, {
      what: 'read the profile',
      notFound: missingProfile,
      signal,
    }).then((body) => parse(fullProfile, body, 'read the profile'));
  }

  /** Profiles whose name matches `search`, every page of them (`GET /browser/v2?search&page`). */
  private async listProfiles(search: string, signal?: AbortSignal): Promise<ListedProfile[]> {
    const all: ListedProfile[] = [];
    for (let page = 1; page <= maxPages; page += 1) {
      const query = new URLSearchParams({ search, page: String(page) });
      const body = await this.call('GET', `/browser/v2?${query}`, { what: 'list the profiles', signal });
      const { profiles, allProfilesCount } = parse(profilesPage, body, 'list the profiles');
      all.push(...profiles);
      if (profiles.length === 0 || all.length >= (allProfilesCount ?? all.length)) break;
    }
    return all;
  }

  /** Links one of GoLogin's own proxies in `country` to the profile, of a kind the account has traffic for. */
  private async addProxy(profileId: string, country: string, signal?: AbortSignal): Promise<void> {
    const traffic = parse(
      trafficSchema,
      await this.call('GET', '/users-proxies/geolocation/traffic', {
        what: 'read the proxy traffic left',
        signal,
      }),
      'read the proxy traffic left',
    );
    const left = (data: z.infer<typeof bucket>) =>
      Boolean(data && data.trafficUsedBytes < data.trafficLimitBytes);
    const kind = left(traffic.residentialTrafficData ?? traffic.residentTrafficData)
      ? { isMobile: false, isDC: false }
      : left(traffic.mobileTrafficData)
        ? { isMobile: true, isDC: false }
        : left(traffic.dataCenterTrafficData)
          ? { isMobile: false, isDC: true }
          : null;
    const noTraffic = new ProfileServiceError(
      `The GoLogin account has no proxy traffic left: add traffic at ${goLoginAppUrl}, then try again.`,
      'refused',
    );
    if (!kind) throw noTraffic;
    const proxy = parse(
      createdProxy,
      await this.call('POST', '/users-proxies/mobile-proxy', {
        what: `add a proxy in ${country.toUpperCase()} to the profile`,
        body: { countryCode: country, ...kind, profileIdToLink: profileId },
        notFound: missingProfile,
        signal,
      }),
      'add a proxy to the profile',
    );
    if ((proxy.trafficLimitBytes ?? 1) < (proxy.trafficUsedBytes ?? 0)) throw noTraffic;
  }

  /** One request to GoLogin's API within the time limit; every failure as a `ProfileServiceError`. */
  private async call(method: string, path: string, options: CallOptions): Promise<unknown> {
    const { what, body, signal } = options;
    const timeout = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(`${this.options.apiUrl.replace(/\/+$/, '')}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) {
        throw new ProfileServiceError(
          `GoLogin did not answer within ${this.seconds} s when asked to ${what}: try again in a few minutes.`,
          'timeout',
        );
      }
      const reason =
        error instanceof Error ? (error.cause instanceof Error ? error.cause : error).message : '';
      throw new ProfileServiceError(
        this.redact(
          `GoLogin could not be reached to ${what} (${reason}): check GOLOGIN_API_URL and the network.`,
        ),
        'unreachable',
      );
    }
    const { status } = response;
    const json = readJson(text);
    if (response.ok) return json;
    const said = errorSchema.safeParse(json);
    const detail = said.success ? [said.data.message].flat().join('; ') : `HTTP ${status}`;
    if (status === 401 || status === 403)
      throw new ProfileServiceError('GoLogin refused the API token: check GOLOGIN_API_TOKEN.', 'refused');
    if (status === 404)
      throw new ProfileServiceError(options.notFound ?? `GoLogin could not ${what}: ${detail}.`, 'not_found');
    if (status === 429)
      throw new ProfileServiceError(
        `GoLogin is limiting requests (HTTP 429) and could not ${what}: try again in a minute.`,
        'unreachable',
      );
    if (status >= 500)
      throw new ProfileServiceError(
        `GoLogin is unavailable (HTTP ${status}) and could not ${what}: try again in a few minutes.`,
        'unreachable',
      );
    throw new ProfileServiceError(this.redact(`GoLogin could not ${what}: ${detail}.`), 'invalid');
  }

  private connectError(error: unknown): ProfileServiceError {
    const text = error instanceof Error ? error.message : String(error);
    if (/\b(401|403)\b/.test(text))
      return new ProfileServiceError('GoLogin refused the API token: check GOLOGIN_API_TOKEN.', 'refused');
    if (/\b404\b/.test(text)) return new ProfileServiceError(missingProfile, 'not_found');
    if (/timeout/i.test(text))
      return new ProfileServiceError(
        `GoLogin's cloud browser did not start within ${this.seconds} s: try again in a few minutes.`,
        'timeout',
      );
    const reason = text.split('\n')[0] ?? '';
    return new ProfileServiceError(
      this.redact(
        `GoLogin's cloud browser could not be reached (${reason}): check GOLOGIN_CLOUD_URL and the network.`,
      ),
      'unreachable',
    );
  }

  /** The time limit as a person reads it. */
  private get seconds(): number {
    return Math.max(1, Math.round(this.timeoutMs / 1000));
  }

  /** The token never reaches a message, even inside a URL a library quoted. */
  private redact(text: string): string {
    const { token } = this.options;
    return token ? text.split(token).join('[token]').split(encodeURIComponent(token)).join('[token]') : text;
  }
}

const missingProfile =
  'The project’s GoLogin profile no longer exists: set up autoposting again to make a new one.';

/** The spec's country (lower-case, as GoLogin takes it) and email, or the field that is wrong and why. */
function validSpec(spec: ProfileSpec): { country: string; email: string } {
  const invalid = (message: string) => new ProfileServiceError(message, 'invalid');
  if (!spec.name.trim()) throw invalid('name: the project needs a name to name its GoLogin profile');
  const country = spec.country.trim().toUpperCase();
  if (!proxyCountries.includes(country))
    throw invalid(`country: must be a two-letter ISO 3166-1 code such as US or DE (not "${spec.country}")`);
  if (!(spec.os in goLoginOs)) throw invalid(`os: must be win, mac or linux (not "${spec.os}")`);
  const email = spec.email.trim().toLowerCase();
  if (!z.email().safeParse(email).success)
    throw invalid(`email: must be an email address to share the profile with (not "${spec.email}")`);
  return { country: country.toLowerCase(), email };
}

function readJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new ProfileServiceError(
    `GoLogin answered in an unexpected shape when asked to ${what}: try again later, or update ReplyRadar.`,
    'unreachable',
  );
}

/** `promise`, unless `signal` aborts first; what it brings later is closed. */
function untilAborted(promise: Promise<Browser>, signal: AbortSignal | undefined): Promise<Browser> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const abort = () => {
      reject(signal.reason);
      promise.then((browser) => browser.close()).catch(() => undefined);
    };
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
