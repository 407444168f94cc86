import type { BrowserContext, Page } from 'playwright-core';
import type { SocialSlug } from '../domain/networks';

/** What a project's automation profile is made from (the wizard's user data plus the project). */
export interface ProfileSpec {
  projectId: string;
  /** The project's name: the profile is named after it, so the person finds it in the service's app. */
  name: string;
  /** ISO 3166-1 alpha-2 code of the proxy's country. */
  country: string;
  os: 'win' | 'mac' | 'linux';
  /** The person's email: the profile is shared to it. */
  email: string;
}

/** How the person opens the profile to log into their networks. */
export interface ProfileLogin {
  /** One or two sentences the wizard shows as they are. */
  message: string;
  /** A link that opens the profile (a remote-debugging page, the service's app), or null. */
  url: string | null;
}

/** One cookie of a profile, as much of it as a login check needs. */
export interface ProfileCookie {
  name: string;
  /** As browsers keep it: `.reddit.com` for a domain cookie, `www.reddit.com` for a host-only one. */
  domain: string;
  value: string;
  /** Seconds since the epoch; -1 for a session cookie. */
  expires: number;
}

/** A browser running on a project's profile; `close` ends it and keeps the profile's cookies. */
export interface ProfileBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * The browser-profile service Autopilot publishes through (ARCHITECTURE.md, "adapters"): a local
 * profile under `DATA_DIR` by default, GoLogin when `GOLOGIN_API_TOKEN` is set. Every method may throw a
 * `ProfileServiceError`; the wizard then stays on its step and shows the error's message.
 */
export interface BrowserProfileService {
  readonly kind: 'local' | 'gologin';
  /** Creates the project's profile, or returns the one already made for it (safe to call twice). */
  createProfile(spec: ProfileSpec, signal?: AbortSignal): Promise<{ profileId: string }>;
  /** True once the profile can be used (a service may still be preparing it after creation). */
  isReady(profileId: string, signal?: AbortSignal): Promise<boolean>;
  /** How the person opens the profile to log in (the setupSocials step shows it). */
  openForLogin(profileId: string, signal?: AbortSignal): Promise<ProfileLogin>;
  /** The profile's cookies, as they stand now; `checkLogins` (logins.ts) tells the networks' sessions from them. */
  cookies(profileId: string, signal?: AbortSignal): Promise<ProfileCookie[]>;
  /** A browser on the profile, for publishing. */
  openBrowser(profileId: string, signal?: AbortSignal): Promise<ProfileBrowser>;
  /** Ends what the service keeps running for the profile (the login browser); safe to call when none is. */
  release?(profileId: string): Promise<void>;
  /** The ISO 3166-1 alpha-2 codes a profile's proxy can be in; absent: every country (`isoCountryCodes`). */
  countries?(signal?: AbortSignal): Promise<readonly string[]>;
  /** Ends everything the service keeps running (server shutdown). */
  close?(): Promise<void>;
}

/** Why the profile service failed; `message` is shown to the person as it is. */
export class ProfileServiceError extends Error {
  constructor(
    message: string,
    readonly kind: 'unreachable' | 'timeout' | 'refused' | 'not_found' | 'invalid',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProfileServiceError';
  }
}

/** The kinds of publishing failure; each stops that network's queue until a login check passes. */
export type PublishFailureKind =
  | 'logged_out'
  | 'captcha'
  | 'thread_gone'
  | 'thread_locked'
  | 'rate_limited'
  | 'page_changed'
  | 'unreachable';

/** A publication that did not go through; `message` is written on the card and in the wizard. */
export class PublishFailure extends Error {
  constructor(
    readonly kind: PublishFailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PublishFailure';
  }
}

/** A post to reply to, and the reply. */
export interface PublishRequest {
  /** The thread's address as discovery stored it. */
  url: string;
  /** The answer as it stands now (an answer edited after approval is sent as edited). */
  answer: string;
}

/**
 * One network's page steps: how to tell a signed-in session from its cookies, find a reply already in
 * the thread, and write one. Hacker News has none: its guidelines forbid generated comments.
 */
export interface Publisher {
  readonly network: Exclude<SocialSlug, 'hackernews'>;
  /** The link of the signed-in account's reply with this answer already in the thread, or null. */
  findReply(page: Page, request: PublishRequest): Promise<string | null>;
  /** Writes and submits the reply, then reads back its link; throws `PublishFailure`. */
  publish(page: Page, request: PublishRequest): Promise<{ replyUrl: string }>;
}
