import { captchaWidget, composerScript, escapeHtml, type FakeSite, page } from './page-kit';

/** A Mastodon server's web interface: the focal post, its Reply button, the compose form and the replies. */
export const fakeMastodon: FakeSite = {
  network: 'mastodon',
  sessionCookie: '_session_id',
  signInPath: '/auth/sign_in',
  threadPath: (thread) => `/@${thread.author}/${thread.id}`,
  threadId: (path) => path.match(/^\/@[^/]+\/(\d+)$/)?.[1] ?? null,
  commentPath: (_thread, comment) => `/@${comment.author}/${comment.id}`,
  composer: {
    box: '.compose-form textarea',
    submit: '.compose-form button[type="submit"]',
    position: 'last',
  },
  rateLimitMessage: 'Too many requests',
  commentHtml(thread, comment) {
    return `<div class="status__wrapper" tabindex="0"><div class="status" data-id="${comment.id}">
  <div class="status__info"><a class="status__relative-time" href="${this.commentPath(thread, comment)}"><time datetime="2031-05-06T09:00:00.000Z">1m</time></a>
    <a class="status__display-name" href="/@${escapeHtml(comment.author)}"><span class="display-name"><bdi><strong class="display-name__html">${escapeHtml(comment.author)}</strong></bdi> <span class="display-name__account">@${escapeHtml(comment.author)}</span></span></a></div>
  <div class="status__content"><div class="status__content__text status__content__text--visible translate"><p>${escapeHtml(comment.text)}</p></div></div>
</div></div>`;
  },
  threadPage({ thread, me }) {
    // The composer is the web interface's left column: there whenever someone is signed in.
    const compose = me
      ? `<div class="navigation-bar"><a href="/@${escapeHtml(me)}"><strong class="navigation-bar__profile-account">@${escapeHtml(me)}</strong></a></div>
  <form class="compose-form">
    ${thread.mode === 'captcha' ? captchaWidget : ''}
    <textarea class="autosuggest-textarea__textarea" placeholder="What's on your mind?"></textarea>
    <div class="compose-form__submit"><button type="submit" class="button">Post</button></div>
  </form>`
      : '<div class="sign-in-banner"><p>Login to follow profiles or hashtags, favorite, share and reply to posts.</p><a href="/auth/sign_in" class="button">Login</a></div>';
    return page(
      `${thread.author}: "${thread.text.slice(0, 30)}" - Mastodon`,
      `<div id="mastodon"><div class="ui">
  <div class="columns-area__panels__pane--compositional">${compose}</div>
  <div class="column">
    <div class="detailed-status" data-id="${thread.id}">
      <a class="detailed-status__display-name" href="/@${escapeHtml(thread.author)}"><span class="display-name__account">@${escapeHtml(thread.author)}</span></a>
      <div class="status__content"><div class="status__content__text"><p>${escapeHtml(thread.text)}</p></div></div>
    </div>
    <div class="detailed-status__action-bar"><button type="button" class="icon-button" aria-label="Reply" title="Reply">Reply</button></div>
    <div class="item-list" data-replies>${thread.comments.map((comment) => this.commentHtml(thread, comment)).join('\n')}</div>
  </div>
  <div class="notification-list"><div class="notification-bar" role="alert" data-refusal hidden></div></div>
</div></div>
${composerScript(thread.id, { ...this.composer, opener: { button: '.detailed-status__action-bar button[aria-label="Reply"]', reveal: '.compose-form', prefill: `@${thread.author} ` } })}`,
    );
  },
  gonePage: () => ({
    status: 404,
    html: page(
      "The page you are looking for isn't here - Mastodon",
      '<div class="error-column"><h1>The page you are looking for isn\'t here.</h1></div>',
    ),
  }),
};
