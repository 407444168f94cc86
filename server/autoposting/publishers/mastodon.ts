import type { NetworkSites } from '../../domain/network-sites';
import { networkWebUrl } from '../logins';
import { anyOf, captchaSelectors, never, type ShownReply, type SiteSteps, textOn } from './site-steps';

/**
 * Mastodon's web interface on the account's own server (`MASTODON_URL`). A post of another server is
 * opened through `/authorize_interaction?uri=…`, which Mastodon resolves and redirects to its local copy
 * (or to `/auth/sign_in`). The focal post is `.detailed-status`; its Reply button fills the compose form
 * (`.compose-form` textarea, with the author's mention) and its submit button sends it; each post is a
 * `.status` with `.display-name__account` and its link on `a.status__relative-time`; a signed-in page
 * shows `.navigation-bar__profile-account`.
 */
export function mastodonSteps(sites: NetworkSites): SiteSteps {
  const web = networkWebUrl('mastodon', sites);
  return {
    network: 'mastodon',
    label: 'Mastodon',
    threadUrl(postUrl) {
      const url = new URL(postUrl);
      if (!web || url.origin === web.origin) return url.href;
      return `${web.origin}/authorize_interaction?uri=${encodeURIComponent(url.href)}`;
    },
    wallFromUrl(url) {
      return url.pathname.startsWith('/auth/sign_in') ? 'logged_out' : null;
    },
    signals(page) {
      return {
        captcha: anyOf(page, ...captchaSelectors),
        gone: anyOf(page, '.error-column').or(
          textOn(page, /could not be found|page you are looking for isn/i),
        ),
        loggedOut: anyOf(page, '.sign-in-banner', 'form#new_user', 'input#user_email'),
        // Mastodon has no closed threads.
        locked: never(page),
        thread: page.locator('.detailed-status'),
        signedIn: page.locator('.navigation-bar__profile-account'),
        rateLimited: anyOf(page, '.notification-list', '.notification-bar', '[role="alert"]').getByText(
          /too many requests|rate limit/i,
        ),
      };
    },
    async account(page) {
      const name = await page
        .locator('.navigation-bar__profile-account')
        .first()
        .textContent({ timeout: 5_000 })
        .catch(() => null);
      return name?.trim().replace(/^@/, '').split('@')[0] || null;
    },
    replies: (page) =>
      page.locator('.status[data-id]').evaluateAll((statuses) =>
        statuses.map(
          (status): ShownReply => ({
            author:
              (status.querySelector('.display-name__account')?.textContent ?? '').trim().split('@')[1] ?? '',
            text:
              (status.querySelector('.status__content__text') ?? status.querySelector('.status__content'))
                ?.textContent ?? '',
            link: status.querySelector('a.status__relative-time')?.getAttribute('href') ?? null,
          }),
        ),
      ),
    async openReplyBox(page, timeout) {
      await anyOf(
        page,
        '.detailed-status__action-bar button[aria-label="Reply"]',
        '.detailed-status__action-bar button[title="Reply"]',
      )
        .first()
        .click({ timeout });
    },
    replyBox: (page) => page.locator('.compose-form textarea'),
    async write(box, answer) {
      // After the mention Mastodon wrote, so the author is told of the reply.
      await box.click();
      await box.press('ControlOrMeta+End');
      await box.page().keyboard.insertText(answer);
    },
    submitButton: (page) => page.locator('.compose-form button[type="submit"]'),
  };
}
