import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FirstAnswers, firstAnswersElementId } from '@contract/first-answers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestServer,
  type TestResponse,
  type TestServer,
  testDatabases,
} from '../../tests/support/server-harness';
import { firstAnswersFor } from './first-answers';

const shell =
  '<!doctype html><html><head><title>ReplyRadar</title></head><body><div id="root"></div></body></html>';
const preloads = {
  signedOut: ['/assets/sign-in-1.js', '/assets/first-screens-1.js'],
  signedIn: ['/assets/signed-in-1.js', '/assets/first-screens-1.js'],
  mentions: ['/assets/signed-in-1.js'],
};

/** The first answers the page carries, or null when it carries none. */
function firstAnswersOf(response: TestResponse): FirstAnswers | null {
  const match = new RegExp(
    `<script type="application/json" id="${firstAnswersElementId}">(.*?)</script>`,
  ).exec(String(response.body));
  return match?.[1] ? (JSON.parse(match[1]) as FirstAnswers) : null;
}

const preloadedScripts = (response: TestResponse) =>
  [...String(response.body).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1],
  );

describe.each(testDatabases())('the first answers in the page (%s)', (kind) => {
  let dir: string;
  let server: TestServer;
  let cookie: string;
  let projectId: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rr-first-answers-'));
    writeFileSync(path.join(dir, 'index.html'), shell);
    writeFileSync(path.join(dir, 'screen-preloads.json'), JSON.stringify(preloads));
    server = await startTestServer(kind, {}, { staticDir: dir });
    const person = await server.signUpWithWorkspace('reader@example.com');
    cookie = person.cookie;
    await server.request('POST', '/api/subscription/local-checkout', {
      token: person.token,
      body: { priceIds: ['local_start_month'] },
    });
    projectId = (await server.seedProject(person.workspace.id, { reviewed: true })).id;
    await server.seedPost(projectId, { keyword: 'crm', foundDate: '2025-03-04', author: 'older' });
    await server.seedPost(projectId, { keyword: 'crm', foundDate: '2025-03-05', author: 'ana' });
    await server.seedPost(projectId, { keyword: 'sales', foundDate: '2025-03-05', author: 'ben' });
  });
  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const navigate = (pathname: string, withCookie: string | null = cookie) =>
    server.request('GET', pathname, {
      headers: { 'sec-fetch-dest': 'document' },
      ...(withCookie ? { cookie: withCookie } : {}),
    });
  const urls = (answers: FirstAnswers | null) => answers?.answers.map((a) => `${a.method} ${a.url}`);

  it('answers, for the mentions of a social, every call its first screen makes, in the API envelope', async () => {
    const response = await navigate('/mentions/reddit');
    expect(response.status).toBe(200);
    const answers = firstAnswersOf(response);
    expect(urls(answers)).toEqual([
      'POST /api/auth/token',
      'GET /api/subscription',
      'GET /api/projects',
      'GET /api/socials',
      'GET /api/posts/meta/dates',
      'GET /api/posts/meta/keywords?found_date=2025-03-05',
      'GET /api/posts/reddit?found_date=2025-03-05',
    ]);
    const posts = answers?.answers.at(-1);
    expect(posts).toMatchObject({ status: 200, projectId, body: { success: true, error: null } });
    const { data } = (posts?.body ?? { data: [] }) as { data: { author: string }[] };
    const authors = data.map((post) => post.author);
    expect(authors.sort()).toEqual(['ana', 'ben']);
    // The socials are not the project's: answered whatever project the app sends.
    expect(answers?.answers.find((a) => a.url === '/api/socials')?.projectId).toBeNull();
    // Each says which call it answers, as the app's data hooks ask it.
    expect(answers?.answers.slice(-2).map(({ name, params, query }) => ({ name, params, query }))).toEqual([
      { name: 'listKeywordsForDate', params: undefined, query: { found_date: '2025-03-05' } },
      { name: 'listPosts', params: { social: 'reddit' }, query: { found_date: '2025-03-05' } },
    ]);
  });

  it('keeps the date and keyword the address names', async () => {
    const answers = firstAnswersOf(await navigate('/mentions/reddit?found_date=2025-03-04&keyword=crm'));
    expect(urls(answers)?.slice(-2)).toEqual([
      'GET /api/posts/meta/keywords?found_date=2025-03-04',
      'GET /api/posts/reddit?found_date=2025-03-04&keyword=crm',
    ]);
  });

  it('says where the first screen settles: the first social, the newest date named, no unknown keyword', async () => {
    const at = async (pathname: string) => firstAnswersOf(await navigate(pathname))?.location;
    expect(await at('/')).toBe('/mentions/reddit?found_date=2025-03-05');
    expect(await at('/mentions')).toBe('/mentions/reddit?found_date=2025-03-05');
    expect(await at('/mentions/reddit')).toBe('/mentions/reddit?found_date=2025-03-05');
    expect(await at('/mentions/reddit?keyword=gone&found_date=2025-03-05')).toBe(
      '/mentions/reddit?found_date=2025-03-05',
    );
    // Already there: nothing to say.
    expect(await at('/mentions/reddit?keyword=crm&found_date=2025-03-04')).toBeUndefined();
    expect(await at('/project')).toBeUndefined();
  });

  it('sends a signed-in person on sign in or sign up home, to the mentions', async () => {
    for (const pathname of ['/sign-in', '/sign-up']) {
      const answers = firstAnswersOf(await navigate(pathname));
      expect(answers?.location).toBe('/mentions/reddit?found_date=2025-03-05');
      expect(urls(answers)?.at(-1)).toBe('GET /api/posts/reddit?found_date=2025-03-05');
    }
  });

  it('sends a visitor nobody is signed in as to sign in, and leaves them on sign in or sign up', async () => {
    const at = async (pathname: string) => firstAnswersOf(await navigate(pathname, null))?.location;
    expect(await at('/mentions/reddit')).toBe('/sign-in');
    expect(await at('/project?preview=true')).toBe('/sign-in');
    expect(await at('/sign-in')).toBeUndefined();
    expect(await at('/sign-up')).toBeUndefined();
  });

  it('answers for the first social on home and on the mentions index', async () => {
    for (const pathname of ['/', '/mentions']) {
      expect(urls(firstAnswersOf(await navigate(pathname)))?.at(-1)).toBe(
        'GET /api/posts/reddit?found_date=2025-03-05',
      );
    }
  });

  it('answers only the session, the subscription and the projects on another screen', async () => {
    expect(urls(firstAnswersOf(await navigate('/project')))).toEqual([
      'POST /api/auth/token',
      'GET /api/subscription',
      'GET /api/projects',
    ]);
  });

  it('answers only the session and the subscription to a person whose workspace has no plan, as the app asks', async () => {
    const unpaid = await server.signUpWithWorkspace('no-plan-reader@example.com', 'Unpaid', {
      subscribed: false,
    });
    await server.seedProject(unpaid.workspace.id, { reviewed: true });
    const answers = firstAnswersOf(await navigate('/mentions/reddit', unpaid.cookie));
    expect(urls(answers)).toEqual(['POST /api/auth/token', 'GET /api/subscription']);
    expect(answers?.answers.at(-1)?.body).toEqual({
      success: true,
      data: { active: false, addons: {} },
      error: null,
    });
  });

  it('stops at the subscription gate: with no subscription answer, nothing of the mentions is asked', async () => {
    // The subscription cannot be read (a database hiccup, say) while the projects can: the app shows its
    // spinner until it has the subscription, so the page must not carry the mentions' answers either.
    const withoutSubscription = (request: Request) =>
      new URL(request.url).pathname === '/api/subscription'
        ? new Response('unavailable', { status: 503 })
        : server.app.fetch(request);
    const answers = await firstAnswersFor(
      withoutSubscription,
      new URL('http://localhost/mentions/reddit'),
      cookie,
    );
    expect(urls(answers)).toEqual(['POST /api/auth/token', 'GET /api/projects']);
    expect(answers.location).toBeUndefined();
  });

  it('answers the subscription to a person with no workspace yet, as the subscription gate asks it', async () => {
    const newcomer = await server.signUp('newcomer@example.com');
    const answers = firstAnswersOf(await navigate('/onboarding/workspace', newcomer.cookie));
    expect(urls(answers)).toEqual(['POST /api/auth/token', 'GET /api/subscription']);
  });

  it('says nobody is signed in to a page without the session cookie, and names the sign-in scripts', async () => {
    const response = await navigate('/sign-in', null);
    expect(firstAnswersOf(response)?.answers).toEqual([
      {
        name: 'refreshSession',
        method: 'POST',
        url: '/api/auth/token',
        projectId: null,
        status: 200,
        body: { success: true, data: null, error: null },
      },
    ]);
    expect(preloadedScripts(response)).toEqual(preloads.signedOut);
  });

  it('names the signed-in app and mentions scripts to a signed-in page, each once', async () => {
    expect(preloadedScripts(await navigate('/mentions/reddit'))).toEqual([
      '/assets/signed-in-1.js',
      '/assets/first-screens-1.js',
    ]);
  });

  it('is never stored: the page is the person’s own', async () => {
    const response = await navigate('/mentions/reddit');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('vary')).toContain('Cookie');
  });

  it('leaves them out of a request that is not a navigation (the service worker fetching the shell)', async () => {
    const response = await server.request('GET', '/mentions/reddit', { cookie });
    expect(firstAnswersOf(response)).toBeNull();
    expect(preloadedScripts(response)).toEqual([]);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const shellFile = await server.request('GET', '/index.html', {
      cookie,
      headers: { 'sec-fetch-dest': 'document' },
    });
    expect(firstAnswersOf(shellFile)).toBeNull();
  });

  it('keeps a `</script>` in the answers from ending the element early', async () => {
    await server.seedPost(projectId, {
      keyword: 'crm',
      foundDate: '2025-03-06',
      content: 'Ends here </script><script>alert(1)</script>',
    });
    const response = await navigate('/mentions/reddit?found_date=2025-03-06');
    expect(String(response.body)).not.toContain('</script><script>alert(1)');
    const body = firstAnswersOf(response)?.answers.at(-1)?.body ?? { data: [] };
    const { data } = body as { data: { content: string }[] };
    expect(data[0]?.content).toBe('Ends here </script><script>alert(1)</script>');
  });
});
