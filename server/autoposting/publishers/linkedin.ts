import type { NetworkSites } from '../../domain/network-sites';
import { networkWebUrl } from '../logins';
import { anyOf, captchaSelectors, type ShownReply, type SiteSteps, textOn } from './site-steps';

const loggedOutPaths = ['/authwall', '/login', '/uas/login', '/signup', '/checkpoint/lg/login'];

/**
 * LinkedIn's feed page of a post (`/feed/update/urn:li:activity:…`). A signed-out visitor is sent to the
 * authwall or the sign-in page, a challenge to `/checkpoint/challenge`. The comment box is the
 * `.comments-comment-box__form` editor (opened by the post's Comment button when closed) and its submit
 * button; each comment is an `article` with `data-id="urn:li:comment:(…)"`, which makes its link, and
 * its author's name; the account is named by the `alt` of its photo in the global navigation.
 */
export function linkedinSteps(sites: NetworkSites): SiteSteps {
  const web = networkWebUrl('linkedin', sites);
  return {
    network: 'linkedin',
    label: 'LinkedIn',
    threadUrl(postUrl) {
      const url = new URL(postUrl);
      return web ? `${web.origin}${url.pathname}${url.search}` : url.href;
    },
    wallFromUrl(url) {
      if (url.pathname.startsWith('/checkpoint/challenge')) return 'captcha';
      if (loggedOutPaths.some((path) => url.pathname.startsWith(path))) return 'logged_out';
      return null;
    },
    signals(page) {
      return {
        captcha: anyOf(page, ...captchaSelectors),
        gone: textOn(
          page,
          /this post cannot be displayed|this page doesn[’']t exist|this post (is unavailable|was deleted)/i,
        ),
        loggedOut: anyOf(page, '.authwall-join-form', 'a.main__sign-in-link', 'form.login__form'),
        locked: textOn(page, /comments (on this post )?(are|have been) (turned off|disabled|limited)/i),
        thread: anyOf(page, '.feed-shared-update-v2', '[data-urn^="urn:li:activity:"]'),
        signedIn: page.locator('.global-nav__me'),
        rateLimited: page.locator('.artdeco-toast-item').getByText(/too many|limit|try again later/i),
      };
    },
    async account(page) {
      const name = await page
        .locator('img.global-nav__me-photo')
        .first()
        .getAttribute('alt', { timeout: 5_000 })
        .catch(() => null);
      return name?.trim() || null;
    },
    replies: (page) =>
      page.locator('article[data-id^="urn:li:comment:"]').evaluateAll((comments) =>
        comments.map((comment): ShownReply => {
          const urn = comment.getAttribute('data-id') ?? '';
          const activity = urn.match(/\((?:urn:li:)?activity:(\d+),/)?.[1];
          const name = comment.querySelector(
            '.comments-comment-meta__description-title, .comments-post-meta__name-text',
          );
          const text = comment.querySelector(
            '.comments-comment-item__main-content, .comments-comment-item-content-body, .update-components-text',
          );
          return {
            author: name?.textContent?.trim() ?? '',
            text: text?.textContent ?? '',
            link: activity
              ? `/feed/update/urn:li:activity:${activity}/?commentUrn=${encodeURIComponent(urn)}`
              : null,
          };
        }),
      ),
    async openReplyBox(page, timeout) {
      if (await page.locator('.comments-comment-box__form').first().isVisible()) return;
      await page.locator('button[aria-label="Comment"]').first().click({ timeout });
    },
    replyBox: (page) =>
      anyOf(
        page,
        '.comments-comment-box__form .ql-editor[contenteditable="true"]',
        '.comments-comment-texteditor [contenteditable="true"]',
      ),
    async write(box, answer) {
      await box.click();
      await box.page().keyboard.insertText(answer);
    },
    submitButton: (page) =>
      anyOf(page, '.comments-comment-box__submit-button', '.comments-comment-box__submit-button--cr'),
  };
}
