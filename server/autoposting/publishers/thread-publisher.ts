import type { Locator, Page } from 'playwright-core';
import { type Publisher, PublishFailure, type PublishFailureKind, type PublishRequest } from '../types';
import {
  defaultPublisherTimeouts,
  firstShown,
  isSameReply,
  isTimeout,
  type PublisherTimeouts,
  type SiteSteps,
  sameAccount,
  shownNow,
} from './site-steps';

/** What each kind of failure means, in words for the attempt's record (the card's words are publish.ts's). */
const what: Record<PublishFailureKind, string> = {
  logged_out: 'the profile is not signed in',
  captcha: 'the site asks to solve a captcha',
  thread_gone: 'the post was removed or deleted',
  thread_locked: 'the post is locked, archived or closed to replies',
  rate_limited: 'the site says the account is posting too much',
  page_changed: 'the page is not as expected',
  unreachable: 'the page could not be opened',
};

/**
 * A network's publisher, run from its page steps: open the thread, refuse at any wall (a sign-in page,
 * a captcha, a removed or locked thread), then read or write replies. Every wait is bounded.
 *
 * A `PublishFailure` always means the reply was not sent: walls are met before the submit, and after it
 * only the site's own refusals (a rate limit, a captcha) count. When the reply does not show up in time
 * after the submit, whether it went out is unknown: that is a plain `Error`, and the caller looks for
 * the reply (`findReply`) before it ever sends again.
 */
export class ThreadPublisher implements Publisher {
  readonly network: SiteSteps['network'];

  constructor(
    private readonly site: SiteSteps,
    private readonly timeouts: PublisherTimeouts = defaultPublisherTimeouts,
  ) {
    this.network = site.network;
  }

  async findReply(page: Page, request: PublishRequest): Promise<string | null> {
    await this.openThread(page, request.url);
    return this.ownReply(page, await this.account(page), request.answer);
  }

  async publish(page: Page, request: PublishRequest): Promise<{ replyUrl: string }> {
    await this.openThread(page, request.url);
    const me = await this.account(page);
    // The reply already there (an earlier try whose end was lost) is the one: never a second.
    const already = await this.ownReply(page, me, request.answer);
    if (already) return { replyUrl: already };

    const box = await this.replyBox(page);
    try {
      await this.site.write(box, request.answer);
      await this.site.submitButton(page).first().click({ timeout: this.timeouts.element });
    } catch (error) {
      // Nothing was sent: the box would not take the text, or the button would not be pressed.
      if (isTimeout(error)) throw this.failure('page_changed', 'the reply could not be written or sent');
      throw error;
    }
    return { replyUrl: await this.waitForReply(page, me, request.answer) };
  }

  private failure(kind: PublishFailureKind, detail = what[kind], cause?: unknown): PublishFailure {
    return new PublishFailure(
      kind,
      `${this.site.label}: ${detail}`,
      cause === undefined ? undefined : { cause },
    );
  }

  /** Opens the thread and stops at any wall; returns once the thread shows to a signed-in account. */
  private async openThread(page: Page, postUrl: string): Promise<void> {
    const url = this.site.threadUrl(postUrl);
    let status = 200;
    try {
      const response = await page.goto(url, {
        waitUntil: 'domcontentloaded',
        timeout: this.timeouts.navigation,
      });
      status = response?.status() ?? 200;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (isTimeout(error) || message.includes('net::ERR_'))
        throw this.failure('unreachable', `${url} could not be opened (${message.split('\n')[0]})`, error);
      throw error;
    }
    const wall = this.site.wallFromUrl?.(new URL(page.url()));
    if (wall) throw this.failure(wall);
    if (status === 404 || status === 410) throw this.failure('thread_gone');
    if (status === 429) throw this.failure('rate_limited');

    const signals = this.site.signals(page);
    const shown = await firstShown(
      [
        ['captcha', signals.captcha],
        ['gone', signals.gone],
        ['loggedOut', signals.loggedOut],
        ['thread', signals.thread],
      ],
      this.timeouts.element,
    );
    if (shown === 'captcha') throw this.failure('captcha');
    if (shown === 'gone') throw this.failure('thread_gone');
    if (shown === 'loggedOut') throw this.failure('logged_out');
    if (shown === null) throw this.failure('page_changed', 'the thread did not show');
    const session = await firstShown(
      [
        ['signedIn', signals.signedIn],
        ['loggedOut', signals.loggedOut],
      ],
      this.timeouts.element,
    );
    if (session !== 'signedIn') throw this.failure('logged_out');
  }

  private async account(page: Page): Promise<string> {
    const me = await this.site.account(page);
    if (!me) throw this.failure('page_changed', 'the signed-in account could not be read from the page');
    return me;
  }

  /** The link of the account's reply with this answer, or null. */
  private async ownReply(page: Page, me: string, answer: string): Promise<string | null> {
    const replies = await this.site.replies(page);
    const reply = replies.find(
      (shown) => shown.link && sameAccount(shown.author, me) && isSameReply(shown.text, answer),
    );
    if (!reply?.link) return null;
    const link = new URL(reply.link, page.url()).href;
    return this.site.publicLink ? this.site.publicLink(link) : link;
  }

  private async replyBox(page: Page): Promise<Locator> {
    const signals = this.site.signals(page);
    if (await signals.locked.first().isVisible()) throw this.failure('thread_locked');
    try {
      await this.site.openReplyBox?.(page, this.timeouts.element);
    } catch (error) {
      if (!isTimeout(error)) throw error;
    }
    const box = this.site.replyBox(page).first();
    const shown = await firstShown(
      [
        ['captcha', signals.captcha],
        ['locked', signals.locked],
        ['box', box],
      ],
      this.timeouts.element,
    );
    if (shown === 'locked') throw this.failure('thread_locked');
    if (shown === 'captcha') throw this.failure('captcha');
    if (shown === null) throw this.failure('page_changed', 'the reply box was not found');
    return box;
  }

  /**
   * After the submit: the reply showing up, or the site refusing it (a rate limit, a captcha). The reply
   * is looked for first, so a refusal message elsewhere on the page never hides a reply that went out.
   */
  private async waitForReply(page: Page, me: string, answer: string): Promise<string> {
    const signals = this.site.signals(page);
    const deadline = Date.now() + this.timeouts.reply;
    let lastError: unknown;
    for (;;) {
      try {
        const link = await this.ownReply(page, me, answer);
        if (link) return link;
        const refusal = await shownNow([
          ['rate_limited', signals.rateLimited],
          ['captcha', signals.captcha],
        ] as const);
        if (refusal) throw this.failure(refusal);
      } catch (error) {
        // A page that navigates after the submit (a server-rendered form) is read again once it is there.
        if (error instanceof PublishFailure || page.isClosed()) throw error;
        lastError = error;
      }
      if (Date.now() > deadline)
        throw new Error(
          `${this.site.label}: the reply did not show in the thread within ${Math.round(this.timeouts.reply / 1000)} s of being sent; it is looked for before any new try`,
          { cause: lastError },
        );
      await page.waitForTimeout(250);
    }
  }
}
