import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LocalProfileService } from '../../server/autoposting/local-profile-service';
import { type PublishingNetwork, publishingNetworks } from '../../server/autoposting/logins';
import type { BrowserProfileService } from '../../server/autoposting/types';
import { fakeBluesky } from './network-pages/bluesky';
import { fakeLinkedIn } from './network-pages/linkedin';
import { fakeMastodon } from './network-pages/mastodon';
import {
  captchaWidget,
  type FakeComment,
  type FakeSite,
  type FakeThread,
  page,
  replyEndpoint,
  signInPage,
  type ThreadMode,
} from './network-pages/page-kit';
import { fakeReddit } from './network-pages/reddit';
import { fakeX } from './network-pages/x';

export type { FakeComment, FakeThread, ThreadMode } from './network-pages/page-kit';

const sites: Record<PublishingNetwork, FakeSite> = {
  reddit: fakeReddit,
  x: fakeX,
  bluesky: fakeBluesky,
  mastodon: fakeMastodon,
  linkedin: fakeLinkedIn,
};

/** The variable that points ReplyRadar at each network's pages. */
const webUrlVariable: Record<PublishingNetwork, string> = {
  reddit: 'REDDIT_WEB_URL',
  x: 'X_WEB_URL',
  bluesky: 'BLUESKY_WEB_URL',
  mastodon: 'MASTODON_URL',
  linkedin: 'LINKEDIN_WEB_URL',
};

/** A comment made through a thread page's reply box. */
export interface PostedComment extends FakeComment {
  threadId: string;
  /** Its permalink on this server. */
  url: string;
}

export interface NetworkPages {
  network: PublishingNetwork;
  /** `http://127.0.0.1:<port>`: the network's web address for ReplyRadar (see `env`). */
  origin: string;
  /** The variable and value that point ReplyRadar here (`REDDIT_WEB_URL`, `MASTODON_URL`…). */
  env: Record<string, string>;
  /** The sign-in page: an account name signs in and the session cookie is set. */
  signInUrl: string;
  sessionCookie: string;
  /** A new thread; its `url` is the address discovery would have stored. */
  addThread(
    init?: Partial<Pick<FakeThread, 'author' | 'title' | 'text' | 'mode' | 'remoteUrl'>>,
  ): FakeThread & {
    url: string;
  };
  setMode(threadId: string, mode: ThreadMode | null): void;
  /** A comment already in the thread (someone else's, or one a crashed publisher sent). */
  addComment(threadId: string, comment: Omit<FakeComment, 'id'>): PostedComment;
  /** Every comment sent through a reply box, in order (what a test counts). */
  posted: PostedComment[];
  /** Resolves with the next comment sent through a reply box (already recorded when it resolves). */
  nextPost(): Promise<PostedComment>;
  /** Answers the replies a `slow` thread holds. */
  release(): void;
  /** Ends every session: signed-in profiles now meet the login wall (their cookie stays). */
  endSessions(): void;
  close(): Promise<void>;
}

let ids = 1_917_990_000_000_000_000n;
const nextId = () => String(++ids);

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

function cookies(request: IncomingMessage): Map<string, string> {
  const found = new Map<string, string>();
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) found.set(pair.slice(0, at).trim(), decodeURIComponent(pair.slice(at + 1).trim()));
  }
  return found;
}

/**
 * A local stand-in for one network's web pages, for the publishers to drive in a real browser:
 * - the sign-in page (`signInUrl`) takes an account name and sets the network's session cookie;
 * - a thread page, drawn with the real site's markup: a login wall for a visitor, the reply box for an
 *   account; a reply sent from the box is recorded (`posted`) and shown with its permalink;
 * - per thread, a mode: `captcha` (a challenge instead of the box), `removed` (the site's not-found
 *   answer), `locked` (no box, the site's notice), `rate_limited` (a reply is refused with the site's
 *   message), `slow` (a reply is recorded at once but answered only on `release()`);
 * - Mastodon's `/authorize_interaction?uri=` opens a thread another server knows by its address.
 */
export async function startNetworkPages(network: PublishingNetwork): Promise<NetworkPages> {
  const site = sites[network];
  const threads = new Map<string, FakeThread>();
  const sessions = new Map<string, string>();
  const posted: PostedComment[] = [];
  const waiting: Array<(comment: PostedComment) => void> = [];
  let held: Array<() => void> = [];
  let origin = '';

  const record = (thread: FakeThread, author: string, text: string): PostedComment => {
    const comment = { id: nextId(), author, text };
    thread.comments.push(comment);
    return { ...comment, threadId: thread.id, url: `${origin}${site.commentPath(thread, comment)}` };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', origin);
    const send = (status: number, body: string, type = 'text/html; charset=utf-8') => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    const redirect = (location: string, headers: Record<string, string | string[]> = {}) => {
      response.writeHead(302, { location, ...headers });
      response.end();
    };
    const token = cookies(request).get(site.sessionCookie);
    const me = token ? (sessions.get(token) ?? null) : null;

    if (url.pathname === site.signInPath && request.method === 'GET')
      return send(200, signInPage(network, site.signInPath));
    if (url.pathname === site.signInPath && request.method === 'POST') {
      const account = new URLSearchParams(await readBody(request)).get('username')?.trim();
      if (!account) return send(400, signInPage(network, site.signInPath));
      const session = `${network}-session-${nextId()}`;
      sessions.set(session, account);
      return redirect('/', {
        'set-cookie': `${site.sessionCookie}=${encodeURIComponent(session)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000`,
      });
    }
    if (url.pathname === '/')
      return send(200, page(network, `<main><p>${me ? `Signed in as ${me}` : 'Signed out'}</p></main>`));
    if (url.pathname.startsWith('/authwall'))
      return send(
        200,
        page('LinkedIn', '<main><form class="authwall-join-form"><h1>Join LinkedIn</h1></form></main>'),
      );
    if (url.pathname.startsWith('/checkpoint/challenge'))
      return send(
        200,
        page(
          'Security Verification',
          `<main><h1>Let’s do a quick security check</h1>${captchaWidget}</main>`,
        ),
      );

    if (url.pathname === replyEndpoint && request.method === 'POST') {
      const body = JSON.parse(await readBody(request)) as { thread: string; text: string };
      const thread = threads.get(body.thread);
      const json = (status: number, value: unknown) =>
        send(status, JSON.stringify(value), 'application/json');
      if (!me) return json(401, { message: 'Sign in to reply.' });
      if (!thread || thread.mode === 'removed') return json(404, { message: 'This post was deleted.' });
      if (thread.mode === 'rate_limited') return json(429, { message: site.rateLimitMessage });
      if (thread.mode === 'locked') return json(403, { message: 'Replies are closed.' });
      if (thread.mode === 'captcha') return json(403, { message: 'Solve the captcha to continue.' });
      const comment = record(thread, me, body.text);
      posted.push(comment);
      for (const resolve of waiting.splice(0)) resolve(comment);
      const answer = () => json(200, { html: site.commentHtml(thread, comment) });
      if (thread.mode === 'slow') held.push(answer);
      else answer();
      return;
    }

    if (network === 'mastodon' && url.pathname === '/authorize_interaction') {
      if (!me) return redirect(site.signInPath);
      const uri = url.searchParams.get('uri');
      const thread = [...threads.values()].find((candidate) => candidate.remoteUrl === uri);
      return thread ? redirect(site.threadPath(thread)) : send(404, site.gonePage().html);
    }

    const id = site.threadId(url.pathname);
    const thread = id ? threads.get(id) : undefined;
    if (!thread || thread.mode === 'removed') {
      const gone = site.gonePage();
      return send(thread ? gone.status : 404, gone.html);
    }
    if (!me) {
      const wall = site.visitorRedirect?.(thread);
      if (wall) return redirect(wall);
    }
    if (thread.mode === 'captcha') {
      const challenge = site.captchaRedirect?.(thread);
      if (challenge) return redirect(challenge);
    }
    return send(200, site.threadPage({ thread, me }));
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    network,
    origin,
    env: { [webUrlVariable[network]]: origin },
    signInUrl: `${origin}${site.signInPath}`,
    sessionCookie: site.sessionCookie,
    addThread(init = {}) {
      const thread: FakeThread = {
        id: nextId(),
        author: init.author ?? 'asker',
        title: init.title ?? 'How do you chase late invoices?',
        text: init.text ?? 'Three clients are 45 days late. How do you remind them without sounding rude?',
        mode: init.mode ?? null,
        comments: [],
        remoteUrl: init.remoteUrl ?? null,
      };
      threads.set(thread.id, thread);
      return Object.assign(thread, { url: `${origin}${site.threadPath(thread)}` });
    },
    setMode(threadId, mode) {
      const thread = threads.get(threadId);
      if (!thread) throw new Error(`no thread ${threadId}`);
      thread.mode = mode;
    },
    addComment(threadId, comment) {
      const thread = threads.get(threadId);
      if (!thread) throw new Error(`no thread ${threadId}`);
      return record(thread, comment.author, comment.text);
    },
    posted,
    nextPost: () => new Promise((resolve) => waiting.push(resolve)),
    release() {
      const answers = held;
      held = [];
      for (const answer of answers) answer();
    },
    endSessions: () => sessions.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        held = [];
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Every network's pages at once, with the variables that point ReplyRadar at them. */
export async function startAllNetworkPages() {
  const started = await Promise.all(publishingNetworks.map((network) => startNetworkPages(network)));
  const pages = Object.fromEntries(started.map((pages) => [pages.network, pages])) as Record<
    PublishingNetwork,
    NetworkPages
  >;
  return {
    pages,
    env: Object.assign({}, ...started.map((pages) => pages.env)) as Record<string, string>,
    close: () => Promise.all(started.map((pages) => pages.close())).then(() => undefined),
  };
}

/** The account a test profile signs in as: LinkedIn shows a person's name, the others a handle. */
export const accountOn = (network: PublishingNetwork) =>
  network === 'linkedin' ? 'Tally Bird' : 'tallybird';

/** A sign-in on every network's pages, as `accountOn` names the account: for `signInProfile`. */
export const signInsOnEveryNetwork = (pages: Record<PublishingNetwork, NetworkPages>) =>
  publishingNetworks.map((network) => [pages[network], accountOn(network)] as const);

/** Local browser profiles (the embedded profile service) under `dir`, with these ids, headless. */
export async function localProfiles(dir: string, ...ids: string[]): Promise<LocalProfileService> {
  const profiles = new LocalProfileService({
    dataDir: dir,
    chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headed: false,
  });
  for (const projectId of ids)
    await profiles.createProfile({
      projectId,
      name: projectId,
      country: 'US',
      os: 'linux',
      email: 'olive@example.com',
    });
  return profiles;
}

/** Signs the profile into networks on their sign-in pages, as the person does in the profile's browser. */
export async function signInProfile(
  profiles: BrowserProfileService,
  profileId: string,
  ...signIns: Array<readonly [pages: Pick<NetworkPages, 'signInUrl'>, account: string]>
): Promise<void> {
  // One browser for all of them: starting Chromium is most of a sign-in's time.
  const browser = await profiles.openBrowser(profileId);
  try {
    const page = await browser.context.newPage();
    for (const [pages, account] of signIns) {
      await page.goto(pages.signInUrl);
      await page.getByLabel('Username').fill(account);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText(`Signed in as ${account}`).waitFor();
    }
    await page.close();
  } finally {
    await browser.close();
  }
}
