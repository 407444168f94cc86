import { captchaWidget, composerScript, escapeHtml, type FakeSite, page } from './page-kit';

const article = (
  author: string,
  text: string,
  statusPath: string,
) => `<article data-testid="tweet" role="article">
  <div data-testid="User-Name"><a href="/${escapeHtml(author)}" role="link"><span>${escapeHtml(author)}</span></a>
    <a href="${statusPath}" role="link"><time datetime="2031-05-06T09:00:00.000Z">May 6</time></a></div>
  <div data-testid="tweetText" lang="en"><span>${escapeHtml(text)}</span></div>
  <div role="group"><button data-testid="reply" aria-label="Reply">Reply</button></div>
</article>`;

/** x.com: the focal post, the inline reply composer, and the replies under it, by their data-testid. */
export const fakeX: FakeSite = {
  network: 'x',
  sessionCookie: 'auth_token',
  signInPath: '/i/flow/login',
  threadPath: (thread) => `/${thread.author}/status/${thread.id}`,
  threadId: (path) => path.match(/^\/[A-Za-z0-9_]+\/status\/(\d+)$/)?.[1] ?? null,
  commentPath: (_thread, comment) => `/${comment.author}/status/${comment.id}`,
  composer: {
    box: '[data-testid="tweetTextarea_0"]',
    submit: '[data-testid="tweetButtonInline"]',
    position: 'last',
  },
  rateLimitMessage: 'You are over the daily limit for sending posts.',
  commentHtml(thread, comment) {
    return `<div data-testid="cellInnerDiv">${article(comment.author, comment.text, this.commentPath(thread, comment))}</div>`;
  },
  threadPage({ thread, me }) {
    const nav = me
      ? `<a data-testid="AppTabBar_Profile_Link" href="/${escapeHtml(me)}" aria-label="Profile">Profile</a>
         <button data-testid="SideNav_AccountSwitcher_Button" aria-label="Account menu">@${escapeHtml(me)}</button>`
      : '<a data-testid="loginButton" href="/i/flow/login" role="link">Log in</a>';
    const composer =
      me && thread.mode !== 'locked'
        ? `<div class="reply-composer">
    ${thread.mode === 'captcha' ? captchaWidget : ''}
    <div data-testid="tweetTextarea_0" contenteditable="true" role="textbox" aria-label="Post text"></div>
    <button data-testid="tweetButtonInline" type="button">Reply</button>
  </div>`
        : '';
    return page(
      `${thread.author} on X`,
      `<header role="banner"><nav aria-label="Primary">${nav}</nav></header>
<main role="main"><div data-testid="primaryColumn">
  <section aria-label="Timeline: Conversation">
    <div data-testid="cellInnerDiv">${article(thread.author, thread.text, this.threadPath(thread))}</div>
    ${thread.mode === 'locked' ? `<div><span>Who can reply?</span><span>People @${escapeHtml(thread.author)} mentioned can reply</span></div>` : ''}
    ${composer}
    <div data-replies>${thread.comments.map((comment) => this.commentHtml(thread, comment)).join('\n')}</div>
  </section>
</div></main>
<div data-testid="toast" role="alert" data-refusal hidden></div>
${composerScript(thread.id, this.composer)}`,
    );
  },
  gonePage: () => ({
    status: 200,
    html: page(
      'Page not found / X',
      `<main role="main"><div data-testid="primaryColumn"><div data-testid="error-detail">
  <span>Hmm...this page doesn’t exist. Try searching for something else.</span></div></div></main>`,
    ),
  }),
};
