import { captchaWidget, composerScript, escapeHtml, type FakeSite, type FakeThread, page } from './page-kit';

const slug = (thread: FakeThread) =>
  thread.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 40);

const form = '.commentarea > form.usertext';

/** old.reddit.com: a server-drawn thread, its comment form, and its comments with their permalinks. */
export const fakeReddit: FakeSite = {
  network: 'reddit',
  sessionCookie: 'reddit_session',
  signInPath: '/login',
  threadPath: (thread) => `/r/freelance/comments/${thread.id}/${slug(thread)}/`,
  threadId: (path) => path.match(/^\/r\/[^/]+\/comments\/([a-z0-9]+)(\/|$)/)?.[1] ?? null,
  commentPath: (thread, comment) => `/r/freelance/comments/${thread.id}/${slug(thread)}/${comment.id}/`,
  composer: { box: `${form} textarea[name="text"]`, submit: `${form} button.save`, position: 'last' },
  rateLimitMessage: 'you are doing that too much. try again in 9 minutes.',
  commentHtml(thread, comment) {
    return `<div class="thing comment" id="thing_t1_${comment.id}" data-fullname="t1_${comment.id}" data-author="${escapeHtml(comment.author)}" data-type="comment">
  <div class="entry">
    <p class="tagline"><a class="author" href="/user/${escapeHtml(comment.author)}">${escapeHtml(comment.author)}</a> <span class="score unvoted">1 point</span></p>
    <form class="usertext"><div class="usertext-body"><div class="md"><p>${escapeHtml(comment.text)}</p></div></div></form>
    <ul class="flat-list buttons"><li class="first"><a class="bylink" href="${this.commentPath(thread, comment)}" rel="nofollow">permalink</a></li><li><a href="javascript:void(0)">reply</a></li></ul>
  </div>
  <div class="child"></div>
</div>`;
  },
  threadPage({ thread, me }) {
    const locked = thread.mode === 'locked';
    const user = me
      ? `<span class="user"><a href="/user/${escapeHtml(me)}/">${escapeHtml(me)}</a>&nbsp;(<span class="userkarma">1</span>)</span>
         <form class="logout hover" method="post" action="/logout"><a href="javascript:void(0)">logout</a></form>`
      : '<span class="user">Want to join? <a href="/login" class="login-required">Log in or sign up</a> in seconds.</span>';
    const commentForm =
      me && !locked
        ? `<form class="usertext cloneable warn-on-unload" id="form-t3_${thread.id}">
    <input type="hidden" name="thing_id" value="t3_${thread.id}">
    <div class="usertext-edit md-container"><div class="md"><textarea rows="1" cols="1" name="text"></textarea></div>
      <div class="bottom-area">
        ${thread.mode === 'captcha' ? captchaWidget : ''}
        <div class="usertext-buttons"><button type="submit" class="save">save</button><span class="status"></span>
          <span class="error RATELIMIT field-ratelimit" data-refusal style="display:none"></span></div>
      </div>
    </div>
  </form>`
        : '';
    return page(
      `${thread.title} : freelance`,
      `<div id="header"><div id="header-bottom-left"><a href="/" id="header-img">reddit</a></div>
  <div id="header-bottom-right">${user}</div></div>
<div class="content" role="main">
  ${locked ? '<div class="locked-infobar"><h4>This thread is locked.</h4><p>New comments cannot be posted.</p></div>' : ''}
  <div class="sitetable linklisting" id="siteTable">
    <div class="thing link self" data-fullname="t3_${thread.id}" data-author="${escapeHtml(thread.author)}">
      <div class="entry"><p class="title"><a class="title" href="${this.threadPath(thread)}">${escapeHtml(thread.title)}</a></p>
        <div class="expando"><form class="usertext"><div class="usertext-body"><div class="md"><p>${escapeHtml(thread.text)}</p></div></div></form></div>
      </div>
    </div>
  </div>
  <div class="commentarea">
    ${commentForm}
    <div class="sitetable nestedlisting" data-replies>${thread.comments.map((comment) => this.commentHtml(thread, comment)).join('\n')}</div>
  </div>
</div>
${composerScript(thread.id, this.composer)}`,
      `class="listing-page comments-page${me ? ' loggedin' : ''}"`,
    );
  },
  gonePage: () => ({
    status: 404,
    html: page(
      'reddit.com: page not found',
      '<div class="content" role="main"><div id="noresults" class="error">there doesn\'t seem to be anything here</div></div>',
    ),
  }),
};
