import type { Locator, Page } from 'playwright-core';
import type { PublishingNetwork } from '../logins';

/** How long each step may take before it counts as failed; every wait of a publisher is bounded by one. */
export interface PublisherTimeouts {
  /** Opening the thread. */
  navigation: number;
  /** The thread, the reply box or a wall showing up once the page is open. */
  element: number;
  /** The reply showing up in the thread once it is submitted. */
  reply: number;
}

export const defaultPublisherTimeouts: PublisherTimeouts = {
  navigation: 30_000,
  element: 15_000,
  reply: 30_000,
};

/** A reply as the thread shows it. */
export interface ShownReply {
  /** Handle or name, as the site writes it (with or without '@'). */
  author: string;
  text: string;
  /** Its own link, absolute or relative to the page. */
  link: string | null;
}

/** What can stand in the way of a reply, each a locator that is visible when the page shows it. */
export interface ThreadSignals {
  /** A captcha or a challenge page. */
  captcha: Locator;
  /** The thread was removed, deleted, or never was. */
  gone: Locator;
  /** A sign-in form or wall instead of the thread. */
  loggedOut: Locator;
  /** Replies are closed: locked, archived, limited. */
  locked: Locator;
  /** The thread itself (its first post) is shown. */
  thread: Locator;
  /** What only a signed-in page shows (the account's menu). */
  signedIn: Locator;
  /** A message saying the account posts too much, shown after a submit. */
  rateLimited: Locator;
}

/**
 * One network's pages, as selectors and small steps; `ThreadPublisher` runs them. Everything a site
 * changes lives here, so a changed page means editing one file.
 */
export interface SiteSteps {
  readonly network: PublishingNetwork;
  /** The network's name in messages. */
  readonly label: string;
  /** Where the profile opens the thread a post's URL names (the site's own page for replying). */
  threadUrl(postUrl: string): string;
  /** From the address alone: a sign-in or challenge page the site redirected to. */
  wallFromUrl?(url: URL): 'logged_out' | 'captcha' | null;
  signals(page: Page): ThreadSignals;
  /** The signed-in account's handle or name, as its replies show it; null when the page does not say. */
  account(page: Page): Promise<string | null>;
  /** Every reply the thread shows. */
  replies(page: Page): Promise<ShownReply[]>;
  /** Opens the reply box where the site hides it behind a button (a no-op where it is always there). */
  openReplyBox?(page: Page, timeout: number): Promise<void>;
  /** The box the reply is written in. */
  replyBox(page: Page): Locator;
  /** Writes the answer in the box (after what the site put there, such as a mention). */
  write(box: Locator, answer: string): Promise<void>;
  /** The button that sends the reply. */
  submitButton(page: Page): Locator;
  /** A reply's link as the product keeps it (the site's public address for it). */
  publicLink?(link: string): string;
}

/** A locator for any of several selectors (`a, b` in CSS), for pages that moved an element between versions. */
export const anyOf = (page: Page, ...selectors: string[]) => page.locator(selectors.join(', '));

/** A locator that matches nothing: a site without that kind of signal. */
export const never = (page: Page) => page.locator('[data-replyradar-never]');

/** Text on the page matching `pattern`, inside `within` (the main column) when given. */
export const textOn = (page: Page, pattern: RegExp, within?: string) =>
  (within ? page.locator(within) : page.locator('body')).getByText(pattern).first();

/** The captchas and challenges the networks use (reCAPTCHA, hCaptcha, Arkose). */
export const captchaSelectors = [
  '.g-recaptcha',
  '.h-captcha',
  'iframe[src*="recaptcha"]',
  'iframe[src*="hcaptcha"]',
  'iframe[src*="arkoselabs"]',
  'iframe[title*="captcha" i]',
  '#arkose_iframe',
];

/**
 * The form two copies of one reply share: Unicode compatibility forms folded, zero-width characters and
 * markdown marks dropped, whitespace collapsed (a site renders `**bold**` and line breaks its own way).
 */
export function comparableText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u200B-\u200D\uFEFF]/g, '')
    .replace(/[*_~`>#]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The shown text is this answer: the same, or the same after what the site put first (a mention). */
export function isSameReply(shown: string, answer: string): boolean {
  const wanted = comparableText(answer);
  const text = comparableText(shown);
  return wanted !== '' && (text === wanted || text.endsWith(` ${wanted}`));
}

/** Handles compare without '@', case or surrounding space. */
export const sameAccount = (a: string, b: string) =>
  a.trim().replace(/^@/, '').toLowerCase() === b.trim().replace(/^@/, '').toLowerCase();

/**
 * Waits until one of the locators is visible, up to `timeout`; the first visible one in the order
 * given, or null when none showed up in time.
 */
export async function firstShown<K extends string>(
  cases: ReadonlyArray<readonly [K, Locator]>,
  timeout: number,
): Promise<K | null> {
  const [first, ...rest] = cases;
  if (!first) return null;
  const any = rest.reduce((all, [, locator]) => all.or(locator), first[1]);
  try {
    await any.first().waitFor({ state: 'visible', timeout });
  } catch (error) {
    if (!isTimeout(error)) throw error;
  }
  return shownNow(cases);
}

/** The first of the locators visible right now, in the order given. */
export async function shownNow<K extends string>(
  cases: ReadonlyArray<readonly [K, Locator]>,
): Promise<K | null> {
  for (const [key, locator] of cases) if (await locator.first().isVisible()) return key;
  return null;
}

export const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';
