import { z } from 'zod';
import { type NetworkSites, networkSites } from '../domain/network-sites';
import type { SocialSlug } from '../domain/networks';
import { GoLoginApi, missingProfile } from './gologin-api';
import { connectCloudBrowser } from './gologin-browser';
import {
  type bucket,
  cookiesSchema,
  createdProxy,
  fullProfile,
  type ListedProfile,
  listedProfile,
  parse,
  profilesPage,
  trafficSchema,
} from './gologin-schemas';
import { checkLogins } from './logins';
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
  web?: NetworkSites;
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

/** The networks' own sites: the configuration's defaults. */
const realSites: NetworkSites = networkSites.parse({});
const goLoginOs = { win: 'win', mac: 'mac', linux: 'lin' } as const;
/** Written in the profile's notes, so the project's profile is found again whatever it is named. */
const projectMarker = (projectId: string) => `(replyradar-project:${projectId})`;
/** GoLogin lists 30 profiles a page; a name search that needs more pages than this is not the project's. */
const maxPages = 10;

/**
 * Autopilot's browser profiles in GoLogin (ARCHITECTURE.md, "autoposting"), through its REST API
 * (`Authorization: Bearer <token>`) and its cloud browser (CDP at `<cloudUrl>/connect?token&profile`).
 * The profile is named after the project, runs through one of GoLogin's own proxies in the chosen
 * country, and is shared to the person's email, who logs into the networks from GoLogin's app.
 */
export class GoLoginProfileService implements BrowserProfileService {
  readonly kind = 'gologin' as const;
  private readonly timeoutMs: number;
  private readonly api: GoLoginApi;
  private readonly web: NetworkSites;

  constructor(private readonly options: GoLoginOptions) {
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.api = new GoLoginApi({
      token: options.token,
      apiUrl: options.apiUrl,
      timeoutMs: this.timeoutMs,
      fetch: options.fetch ?? globalThis.fetch,
    });
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
        await this.api.call('POST', '/browser/custom', {
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
      await this.api.call('POST', '/share', {
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
    const body = await this.api.call('GET', `/browser/${encodeURIComponent(profileId)}/cookies`, {
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
    const browser = await connectCloudBrowser(
      {
        token: this.options.token,
        cloudUrl: this.options.cloudUrl,
        timeoutMs: this.timeoutMs,
        redact: (text) => this.api.redact(text),
      },
      profileId,
      signal,
    );
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
    await this.api
      .call('DELETE', `/browser/${encodeURIComponent(profileId)}/web`, {
        what: 'stop the cloud browser',
        notFound: missingProfile,
      })
      .catch((error: unknown) => {
        if (!(error instanceof ProfileServiceError && error.kind === 'not_found')) throw error;
      });
  }

  private profile(profileId: string, signal?: AbortSignal) {
    return this.api
      .call('GET', `/browser/${encodeURIComponent(profileId)}`, {
        what: 'read the profile',
        notFound: missingProfile,
        signal,
      })
      .then((body) => parse(fullProfile, body, 'read the profile'));
  }

  /** Profiles whose name matches `search`, every page of them (`GET /browser/v2?search&page`). */
  private async listProfiles(search: string, signal?: AbortSignal): Promise<ListedProfile[]> {
    const all: ListedProfile[] = [];
    for (let page = 1; page <= maxPages; page += 1) {
      const query = new URLSearchParams({ search, page: String(page) });
      const body = await this.api.call('GET', `/browser/v2?${query}`, { what: 'list the profiles', signal });
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
      await this.api.call('GET', '/users-proxies/geolocation/traffic', {
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
      await this.api.call('POST', '/users-proxies/mobile-proxy', {
        what: `add a proxy in ${country.toUpperCase()} to the profile`,
        body: { countryCode: country, ...kind, profileIdToLink: profileId },
        notFound: missingProfile,
        signal,
      }),
      'add a proxy to the profile',
    );
    if ((proxy.trafficLimitBytes ?? 1) < (proxy.trafficUsedBytes ?? 0)) throw noTraffic;
  }
}

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
