import type { PublishingNetwork } from '../../../server/autoposting/logins';

/** How a fake thread behaves, switched per thread by the test. */
export type ThreadMode = 'captcha' | 'removed' | 'locked' | 'rate_limited' | 'slow';

export interface FakeComment {
  id: string;
  author: string;
  text: string;
}

export interface FakeThread {
  id: string;
  author: string;
  title: string;
  text: string;
  mode: ThreadMode | null;
  comments: FakeComment[];
  /** The address another server knows the thread by (Mastodon resolves it through authorize_interaction). */
  remoteUrl: string | null;
}

/** What a thread page is drawn from. */
export interface ThreadView {
  thread: FakeThread;
  /** The signed-in account, or null for a visitor. */
  me: string | null;
}

/** How the page's script finds the reply box and where it puts a reply the server accepted. */
export interface ComposerConfig {
  /** The button that opens the composer (and the element it reveals), where the site hides it. */
  opener?: { button: string; reveal: string; prefill?: string };
  box: string;
  submit: string;
  /** The new reply goes first (LinkedIn lists the newest comment first) or last. */
  position: 'first' | 'last';
}

/**
 * One network's pages, drawn with the markup the real site uses (the selectors its publisher reads),
 * reduced to what a thread, a sign-in and a reply need.
 */
export interface FakeSite {
  network: PublishingNetwork;
  /** The cookie only a signed-in session carries (as `server/autoposting/logins.ts` checks). */
  sessionCookie: string;
  signInPath: string;
  threadPath(thread: FakeThread): string;
  /** The thread id a path names, or null when it names none. */
  threadId(path: string): string | null;
  commentPath(thread: FakeThread, comment: FakeComment): string;
  composer: ComposerConfig;
  threadPage(view: ThreadView): string;
  /** One reply as the thread lists it (also what the page inserts once the server accepts it). */
  commentHtml(thread: FakeThread, comment: FakeComment): string;
  /** A removed thread: the status and page the site answers with. */
  gonePage(): { status: number; html: string };
  /** Where a visitor is sent instead of the thread, or null when the site shows it with a wall. */
  visitorRedirect?(thread: FakeThread): string | null;
  /** Where a challenged account is sent, or null when the captcha is drawn on the thread page. */
  captchaRedirect?(thread: FakeThread): string | null;
  /** The message the site shows when it refuses a reply for posting too much. */
  rateLimitMessage: string;
}

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => entities[char] ?? char);

/** A captcha widget as the sites embed it (reCAPTCHA's frame, never loaded here). */
export const captchaWidget =
  '<div class="g-recaptcha" data-sitekey="fake"><iframe title="reCAPTCHA" src="about:blank" width="304" height="78"></iframe></div>';

/** The endpoint the pages' script sends replies to. */
export const replyEndpoint = '/__fake/reply';

/**
 * The script every fake thread page runs: it opens the composer where the site hides it, sends the
 * box's text to the server, and then shows the reply (or the site's refusal, in `[data-refusal]`),
 * without a page load, as the real sites' scripts do.
 */
export function composerScript(threadId: string, config: ComposerConfig): string {
  const settings = JSON.stringify({ ...config, threadId, endpoint: replyEndpoint }).replace(/</g, '\\u003c');
  return `<script>
(() => {
  const config = ${settings};
  const textOf = (box) => ('value' in box ? box.value : box.innerText);
  document.addEventListener('click', async (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    if (config.opener && target.closest(config.opener.button)) {
      event.preventDefault();
      const revealed = document.querySelector(config.opener.reveal);
      revealed.hidden = false;
      const box = document.querySelector(config.box);
      if (config.opener.prefill) box.value = config.opener.prefill;
      box.focus();
      return;
    }
    const submit = target.closest(config.submit);
    if (!submit) return;
    event.preventDefault();
    const box = document.querySelector(config.box);
    const response = await fetch(config.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ thread: config.threadId, text: textOf(box) }),
    });
    const answer = await response.json();
    if (!response.ok) {
      const refusal = document.querySelector('[data-refusal]');
      refusal.textContent = answer.message;
      refusal.hidden = false;
      refusal.style.display = '';
      return;
    }
    document
      .querySelector('[data-replies]')
      .insertAdjacentHTML(config.position === 'first' ? 'afterbegin' : 'beforeend', answer.html);
    if ('value' in box) box.value = ''; else box.textContent = '';
  });
})();
</script>`;
}

/** A whole page around `body`. */
export function page(title: string, body: string, bodyAttributes = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body ${bodyAttributes}>
${body}
</body></html>`;
}

/** The sign-in form every fake site shows: an account name is all it asks. */
export function signInPage(site: string, path: string): string {
  return page(
    `Sign in to ${site}`,
    `<main><h1>Sign in to ${escapeHtml(site)}</h1>
<form method="post" action="${path}">
  <label>Username <input name="username" autocomplete="username"></label>
  <button type="submit">Sign in</button>
</form></main>`,
  );
}
