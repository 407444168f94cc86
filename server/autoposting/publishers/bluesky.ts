import type { NetworkSites } from '../../domain/network-sites';
import { networkWebUrl } from '../logins';
import { anyOf, captchaSelectors, type ShownReply, type SiteSteps, textOn } from './site-steps';

/**
 * Bluesky's web app (bsky.app), by the `testID`s of its React Native code: each post of a thread is
 * `postThreadItem-by-<handle>` with its `postText`; the reply prompt under the focal post (`replyPromptBtn`)
 * opens the composer, `composerTextInput` (a rich-text editor) and
 * `composerPublishBtn`. A signed-in page links the account's profile from its navigation.
 */
export function blueskySteps(sites: NetworkSites): SiteSteps {
  const web = networkWebUrl('bluesky', sites);
  return {
    network: 'bluesky',
    label: 'Bluesky',
    threadUrl(postUrl) {
      const url = new URL(postUrl);
      return web ? `${web.origin}${url.pathname}${url.search}` : url.href;
    },
    signals(page) {
      return {
        captcha: anyOf(page, ...captchaSelectors),
        gone: textOn(page, /post not found|deleted post|this post has been deleted/i, 'main'),
        loggedOut: anyOf(page, '[data-testid="signInButton"]').or(
          page.getByRole('button', { name: 'Sign in', exact: true }),
        ),
        locked: textOn(page, /replies to this post are disabled|replies are disabled/i, 'main'),
        thread: page.locator('[data-testid^="postThreadItem-by-"]'),
        signedIn: page.locator('nav a[aria-label="Profile"][href^="/profile/"]'),
        rateLimited: anyOf(page, '[role="alert"]', '[data-testid="composerErrorMessage"]').getByText(
          /rate limit|too many/i,
        ),
      };
    },
    async account(page) {
      const href = await page
        .locator('nav a[aria-label="Profile"][href^="/profile/"]')
        .first()
        .getAttribute('href', { timeout: 5_000 })
        .catch(() => null);
      return href?.split('/')[2] || null;
    },
    replies: (page) =>
      page.locator('[data-testid^="postThreadItem-by-"]').evaluateAll((items) =>
        items.map((item): ShownReply => {
          const author = (item.getAttribute('data-testid') ?? '').replace(/^postThreadItem-by-/, '');
          const own = [...item.querySelectorAll('a[href*="/post/"]')].find((a) =>
            (a.getAttribute('href') ?? '').startsWith(`/profile/${author}/post/`),
          );
          return {
            author,
            text: item.querySelector('[data-testid="postText"]')?.textContent ?? '',
            link: own?.getAttribute('href') ?? null,
          };
        }),
      ),
    async openReplyBox(page, timeout) {
      if (await page.locator('[data-testid="composerTextInput"]').first().isVisible()) return;
      // The prompt under the focal post (a reply button of the thread might be a parent's).
      await anyOf(page, '[data-testid="replyPromptBtn"]', '[aria-label="Compose reply"]')
        .first()
        .click({ timeout });
    },
    replyBox: (page) =>
      anyOf(
        page,
        '[data-testid="composerTextInput"] [contenteditable="true"]',
        '[data-testid="composerTextInput"][contenteditable="true"]',
      ),
    async write(box, answer) {
      await box.click();
      await box.page().keyboard.insertText(answer);
    },
    submitButton: (page) => page.locator('[data-testid="composerPublishBtn"]'),
  };
}
