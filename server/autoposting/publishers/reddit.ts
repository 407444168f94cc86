import type { Page } from 'playwright-core';
import type { NetworkSites } from '../../domain/network-sites';
import { networkWebUrl } from '../logins';
import { anyOf, captchaSelectors, type ShownReply, type SiteSteps } from './site-steps';

const redditHosts = new Set([
  'reddit.com',
  'www.reddit.com',
  'new.reddit.com',
  'old.reddit.com',
  'np.reddit.com',
]);

/** The top-level comment form of an old.reddit.com thread (replies to comments are cloned from it on demand). */
const topForm = '.commentarea > form.usertext';

/**
 * Reddit through old.reddit.com: its pages are drawn by the server and have kept their markup for a
 * decade, unlike the new site's web components. A signed-in page has `body.loggedin` and the account in
 * `span.user`; the thread's comment form is the first `form.usertext` of `.commentarea`, with
 * `textarea[name=text]` and its `save` button; each comment is a `.thing.comment` with `data-author`
 * and its permalink in `a.bylink`. A refused comment shows `.error.RATELIMIT` in the form.
 */
export function redditSteps(sites: NetworkSites): SiteSteps {
  const web = networkWebUrl('reddit', sites);
  const onReddit = !web || redditHosts.has(web.hostname);
  return {
    network: 'reddit',
    label: 'Reddit',
    threadUrl(postUrl) {
      const url = new URL(postUrl);
      // The real site: the same thread on old.reddit.com; a configured host (a local server): as it is.
      if (onReddit) return `https://old.reddit.com${url.pathname}${url.search}`;
      return web ? `${web.origin}${url.pathname}${url.search}` : url.href;
    },
    wallFromUrl(url) {
      if (url.pathname.startsWith('/login') || url.pathname.startsWith('/account/login')) return 'logged_out';
      return null;
    },
    signals(page) {
      return {
        captcha: anyOf(page, ...captchaSelectors.map((selector) => `${topForm} ${selector}`)),
        gone: anyOf(page, '#noresults', '.errorpage', '#classy-error'),
        loggedOut: anyOf(page, 'body:not(.loggedin)', 'form#login-form'),
        locked: anyOf(page, '.locked-infobar', '.archived-infobar'),
        thread: anyOf(page, '#siteTable .thing.link', '.sitetable .thing.link'),
        signedIn: page.locator('body.loggedin'),
        rateLimited: page.locator(`${topForm} .error.RATELIMIT`),
      };
    },
    async account(page) {
      const name = await page
        .locator('#header-bottom-right span.user > a, span.user > a')
        .first()
        .textContent({ timeout: 5_000 })
        .catch(() => null);
      return name?.trim() || null;
    },
    replies: (page: Page) =>
      page.locator('.commentarea .thing.comment').evaluateAll((things) =>
        things.map(
          (thing): ShownReply => ({
            author: thing.getAttribute('data-author') ?? '',
            text: thing.querySelector(':scope > .entry .usertext-body .md')?.textContent ?? '',
            link: thing.querySelector(':scope > .entry a.bylink')?.getAttribute('href') ?? null,
          }),
        ),
      ),
    replyBox: (page) => page.locator(`${topForm} textarea[name="text"]`),
    async write(box, answer) {
      await box.fill(answer);
    },
    submitButton: (page) => page.locator(`${topForm} button.save, ${topForm} button[type="submit"]`),
    // The reply is read on old.reddit.com; people open it on the site they know.
    publicLink(link) {
      const url = new URL(link);
      if (url.hostname === 'old.reddit.com') url.hostname = 'www.reddit.com';
      return url.href;
    },
  };
}
