import type { NetworkSites } from '../../domain/network-sites';
import { networkWebUrl } from '../logins';
import { anyOf, captchaSelectors, type ShownReply, type SiteSteps, textOn } from './site-steps';

const column = '[data-testid="primaryColumn"]';

/**
 * X's web app, by the `data-testid` attributes its own tests use (steadier than its generated class
 * names): a post is `article[data-testid="tweet"]` with `User-Name`, `tweetText` and a `/status/` link
 * around its time; the reply composer under the focal post is `tweetTextarea_0` with
 * `tweetButtonInline`; a signed-in page has the account switcher and `AppTabBar_Profile_Link`.
 */
export function xSteps(sites: NetworkSites): SiteSteps {
  const web = networkWebUrl('x', sites);
  return {
    network: 'x',
    label: 'X',
    threadUrl(postUrl) {
      const url = new URL(postUrl);
      return web ? `${web.origin}${url.pathname}${url.search}` : url.href;
    },
    wallFromUrl(url) {
      if (url.pathname.startsWith('/i/flow/login') || url.pathname === '/login') return 'logged_out';
      if (url.pathname.startsWith('/account/access')) return 'captcha';
      return null;
    },
    signals(page) {
      return {
        captcha: anyOf(page, ...captchaSelectors),
        gone: anyOf(page, `${column} [data-testid="error-detail"]`).or(
          textOn(page, /this page doesn[’']t exist|this post is unavailable|this post was deleted/i, column),
        ),
        loggedOut: anyOf(page, '[data-testid="loginButton"]', '[data-testid="login"]', 'a[href="/login"]'),
        locked: textOn(page, /who can reply\?|can reply to this (post|conversation)/i, column),
        thread: page.locator('article[data-testid="tweet"]'),
        signedIn: anyOf(
          page,
          '[data-testid="SideNav_AccountSwitcher_Button"]',
          '[data-testid="AppTabBar_Profile_Link"]',
        ),
        rateLimited: page
          .locator('[data-testid="toast"]')
          .getByText(/limit for sending|too many|rate limit|try again later/i),
      };
    },
    async account(page) {
      const href = await page
        .locator('[data-testid="AppTabBar_Profile_Link"]')
        .first()
        .getAttribute('href', { timeout: 5_000 })
        .catch(() => null);
      return href?.replace(/^\/+/, '').split(/[/?#]/)[0] || null;
    },
    replies: (page) =>
      page.locator('article[data-testid="tweet"]').evaluateAll((articles) =>
        articles.map((article): ShownReply => {
          const profile = article.querySelector('[data-testid="User-Name"] a[href^="/"]');
          const time = article.querySelector('a[href*="/status/"] time');
          return {
            author: profile?.getAttribute('href')?.replace(/^\/+/, '') ?? '',
            text: article.querySelector('[data-testid="tweetText"]')?.textContent ?? '',
            link: time?.closest('a')?.getAttribute('href') ?? null,
          };
        }),
      ),
    replyBox: (page) => page.locator('[data-testid="tweetTextarea_0"]'),
    async write(box, answer) {
      // The composer is a rich-text editor: text goes in as typed input, not as a value.
      await box.click();
      await box.page().keyboard.insertText(answer);
    },
    submitButton: (page) => page.locator('[data-testid="tweetButtonInline"]'),
  };
}
