import { composerScript, escapeHtml, type FakeSite, type FakeThread, page } from './page-kit';

const urn = (thread: FakeThread) => `urn:li:activity:${thread.id}`;

/** linkedin.com: a post's feed page, the comment box its Comment button opens, and its comments. */
export const fakeLinkedIn: FakeSite = {
  network: 'linkedin',
  sessionCookie: 'li_at',
  signInPath: '/login',
  threadPath: (thread) => `/feed/update/${urn(thread)}/`,
  threadId: (path) => path.match(/^\/feed\/update\/urn:li:activity:(\d+)\/?$/)?.[1] ?? null,
  commentPath: (thread, comment) =>
    `/feed/update/${urn(thread)}/?commentUrn=${encodeURIComponent(`urn:li:comment:(activity:${thread.id},${comment.id})`)}`,
  composer: {
    opener: { button: 'button[aria-label="Comment"]', reveal: '.comments-comment-box__form' },
    box: '.comments-comment-box__form .ql-editor[contenteditable="true"]',
    submit: '.comments-comment-box__submit-button',
    position: 'first',
  },
  rateLimitMessage: 'You’ve reached the limit for comments. Try again later.',
  commentHtml(thread, comment) {
    return `<article class="comments-comment-entity" data-id="urn:li:comment:(activity:${thread.id},${comment.id})">
  <a class="comments-comment-meta__description-container" href="/in/${encodeURIComponent(comment.author)}/"><span class="comments-comment-meta__description-title">${escapeHtml(comment.author)}</span></a>
  <div class="comments-comment-item__main-content"><span class="update-components-text"><span dir="ltr">${escapeHtml(comment.text)}</span></span></div>
</article>`;
  },
  threadPage({ thread, me }) {
    const locked = thread.mode === 'locked';
    return page(
      'Feed | LinkedIn',
      `<header id="global-nav"><div class="global-nav__me"><img class="global-nav__me-photo" alt="${escapeHtml(me ?? '')}" src="data:,"></div></header>
<main id="main">
  <div class="feed-shared-update-v2" data-urn="${urn(thread)}">
    <span class="update-components-actor__title">${escapeHtml(thread.author)}</span>
    <div class="update-components-text"><span dir="ltr">${escapeHtml(thread.text)}</span></div>
    <div class="feed-shared-social-action-bar"><button aria-label="Like" type="button">Like</button>${locked ? '' : '<button aria-label="Comment" type="button">Comment</button>'}</div>
    ${locked ? '<p>Comments on this post have been turned off.</p>' : ''}
    <form class="comments-comment-box__form" hidden>
      <div class="comments-comment-texteditor"><div class="ql-editor" contenteditable="true" role="textbox" aria-label="Text editor for creating content"></div></div>
      <button class="comments-comment-box__submit-button artdeco-button" type="submit">Comment</button>
    </form>
    <div class="comments-comments-list" data-replies>${thread.comments.map((comment) => this.commentHtml(thread, comment)).join('\n')}</div>
  </div>
</main>
<div class="artdeco-toast-item" role="alert" data-refusal hidden></div>
${composerScript(thread.id, this.composer)}`,
    );
  },
  visitorRedirect: (thread) =>
    `/authwall?trk=bf&trkInfo=bf&original_referer=&sessionRedirect=${encodeURIComponent(`/feed/update/${urn(thread)}/`)}`,
  captchaRedirect: () => '/checkpoint/challenge/AgFake',
  gonePage: () => ({
    status: 200,
    html: page(
      'LinkedIn',
      '<main id="main"><h2>This post cannot be displayed</h2><p>It may have been moved or deleted.</p></main>',
    ),
  }),
};
