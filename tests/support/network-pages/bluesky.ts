import { captchaWidget, composerScript, escapeHtml, type FakeSite, page } from './page-kit';

const item = (
  author: string,
  text: string,
  postPath: string,
) => `<div data-testid="postThreadItem-by-${escapeHtml(author)}">
  <a href="/profile/${escapeHtml(author)}" aria-label="View profile">${escapeHtml(author)}</a>
  <a href="${postPath}" data-tooltip="May 6, 2031"><span>2h</span></a>
  <div data-testid="postText">${escapeHtml(text)}</div>
  <button data-testid="replyBtn" aria-label="Reply">0</button>
</div>`;

/** bsky.app: a thread's posts by their testIDs, the reply prompt and the composer it opens. */
export const fakeBluesky: FakeSite = {
  network: 'bluesky',
  sessionCookie: 'bsky_session',
  signInPath: '/signin',
  threadPath: (thread) => `/profile/${thread.author}/post/${thread.id}`,
  threadId: (path) => path.match(/^\/profile\/[^/]+\/post\/([a-z0-9]+)$/)?.[1] ?? null,
  commentPath: (_thread, comment) => `/profile/${comment.author}/post/${comment.id}`,
  composer: {
    opener: { button: '[data-testid="replyPromptBtn"]', reveal: '#composer' },
    box: '[data-testid="composerTextInput"] [contenteditable="true"]',
    submit: '[data-testid="composerPublishBtn"]',
    position: 'last',
  },
  rateLimitMessage: 'Rate limit exceeded: please try again later.',
  commentHtml(thread, comment) {
    return item(comment.author, comment.text, this.commentPath(thread, comment));
  },
  threadPage({ thread, me }) {
    const nav = me
      ? `<a href="/profile/${escapeHtml(me)}" aria-label="Profile">Profile</a>`
      : '<button type="button">Sign in</button><button type="button">Create account</button>';
    const reply =
      me && thread.mode !== 'locked'
        ? `<button data-testid="replyPromptBtn" aria-label="Compose reply" type="button">Write your reply</button>
  <div id="composer" role="dialog" hidden>
    ${thread.mode === 'captcha' ? captchaWidget : ''}
    <div data-testid="composerTextInput"><div class="ProseMirror" contenteditable="true" role="textbox"></div></div>
    <button data-testid="composerPublishBtn" aria-label="Publish reply" type="button">Reply</button>
  </div>`
        : '';
    return page(
      `${thread.author}: "${thread.text.slice(0, 30)}" — Bluesky`,
      `<nav role="navigation">${nav}</nav>
<main>
  ${item(thread.author, thread.text, this.threadPath(thread))}
  ${thread.mode === 'locked' ? '<div>Replies to this post are disabled.</div>' : ''}
  ${reply}
  <div data-replies>${thread.comments.map((comment) => this.commentHtml(thread, comment)).join('\n')}</div>
</main>
<div role="alert" data-refusal hidden></div>
${composerScript(thread.id, this.composer)}`,
    );
  },
  gonePage: () => ({
    status: 200,
    html: page(
      'Bluesky',
      '<main><div><h2>Post not found</h2><p>The post may have been deleted.</p></div></main>',
    ),
  }),
};
