import { firstAnswersElementId } from '@contract/first-answers';
import { projectFixture, sessionFixture } from '@tests/support/api-fixtures';
import { unstable_serialize } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { savedSessionKey } from '@/features/auth/local/local-session';
import { apiClient } from '@/lib/api-client';
import { takeFirstAnswersFromPage } from './first-answers';

const fetchMock = vi.fn<typeof fetch>();
const envelope = (data: unknown) => ({ success: true, data, error: null });
const answer = (name: string, method: string, url: string, data: unknown, more: object = {}) => ({
  name,
  method,
  url,
  ...more,
  projectId: null,
  status: 200,
  body: envelope(data),
});
const sessionAnswer = (data: unknown) => answer('refreshSession', 'POST', '/api/auth/token', data);

function pageWith(json: string): Document {
  const page = document.implementation.createHTMLDocument('ReplyRadar');
  const element = page.createElement('script');
  element.type = 'application/json';
  element.id = firstAnswersElementId;
  element.textContent = json;
  page.head.append(element);
  return page;
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => Response.json(envelope([])));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('taking the first answers from the page', () => {
  it('hands back the session once, and removes the answers from the page', async () => {
    const session = sessionFixture();
    const page = pageWith(JSON.stringify({ answers: [sessionAnswer(session)] }));
    expect((await takeFirstAnswersFromPage(page)).session).toEqual(session);
    expect(page.getElementById(firstAnswersElementId)).toBeNull();
    expect((await takeFirstAnswersFromPage(page)).session).toBeUndefined();
  });

  it('leaves an answer the data cache holds to the cache: asking again reaches the server', async () => {
    const page = pageWith(
      JSON.stringify({
        answers: [sessionAnswer(sessionFixture()), answer('listSocials', 'GET', '/api/socials', [])],
      }),
    );
    expect(Object.keys((await takeFirstAnswersFromPage(page)).data)).toHaveLength(1);
    await apiClient.call('listSocials');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says nobody is signed in when the page says so', async () => {
    expect(
      (await takeFirstAnswersFromPage(pageWith(JSON.stringify({ answers: [sessionAnswer(null)] })))).session,
    ).toBeNull();
  });

  it('says nothing of the session when the page does not', async () => {
    expect((await takeFirstAnswersFromPage(document)).session).toBeUndefined();
    expect(
      (await takeFirstAnswersFromPage(pageWith(JSON.stringify({ answers: [] })))).session,
    ).toBeUndefined();
    // A session the app cannot read is no answer either: the app asks the server.
    expect(
      (await takeFirstAnswersFromPage(pageWith(JSON.stringify({ answers: [sessionAnswer({ token: 1 })] }))))
        .session,
    ).toBe(undefined);
  });

  it('lets a session this device kept outweigh a page that says nobody is signed in', async () => {
    localStorage.setItem(savedSessionKey, '{}');
    expect(
      (await takeFirstAnswersFromPage(pageWith(JSON.stringify({ answers: [sessionAnswer(null)] })))).session,
    ).toBe(undefined);
  });

  it('ignores answers that are not JSON, or not shaped as the contract says, and says why', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await takeFirstAnswersFromPage(pageWith('{not json'))).session).toBeUndefined();
    expect((await takeFirstAnswersFromPage(pageWith('{"answers":[{"url":1}]}'))).session).toBeUndefined();
    expect(logged).toHaveBeenCalledTimes(2);
  });
});

describe('the first screen’s data the page came with', () => {
  const session = sessionFixture({ activeWorkspaceId: 'ws-1' });
  const project = projectFixture();

  it('is kept under the keys the data hooks ask with, parsed, the subscription under its workspace', async () => {
    const page = pageWith(
      JSON.stringify({
        answers: [
          sessionAnswer(session),
          answer('getSubscription', 'GET', '/api/subscription', { active: true, addons: {} }),
          answer('listProjects', 'GET', '/api/projects', [project]),
          answer('listKeywordsForDate', 'GET', '/api/posts/meta/keywords?found_date=2025-03-05', {
            keywords: [{ name: 'crm' }],
          }),
        ].map((a) => (a.name === 'listKeywordsForDate' ? { ...a, query: { found_date: '2025-03-05' } } : a)),
      }),
    );
    const between = vi.fn(async () => undefined);
    expect((await takeFirstAnswersFromPage(page, between)).data).toEqual({
      [unstable_serialize(['getSubscription', {}, 'ws-1'])]: { active: true, addons: {} },
      [unstable_serialize(['listProjects', {}])]: [project],
      [unstable_serialize(['listKeywordsForDate', { query: { found_date: '2025-03-05' } }])]: {
        keywords: [{ name: 'crm' }],
      },
    });
    // Each answer is parsed in a task of its own: the page is showing meanwhile.
    expect(between).toHaveBeenCalledTimes(3);
  });

  it('leaves out an answer that is not the contract’s, a failed one, and every answer of a signed-out page', async () => {
    const page = pageWith(
      JSON.stringify({
        answers: [
          sessionAnswer(session),
          answer('listProjects', 'GET', '/api/projects', [{ id: 'only-an-id' }]),
          { ...answer('listSocials', 'GET', '/api/socials', null), status: 500 },
          answer('noSuchCall', 'GET', '/api/nothing', []),
        ],
      }),
    );
    expect((await takeFirstAnswersFromPage(page)).data).toEqual({});
    const signedOut = pageWith(
      JSON.stringify({ answers: [sessionAnswer(null), answer('listSocials', 'GET', '/api/socials', [])] }),
    );
    expect((await takeFirstAnswersFromPage(signedOut)).data).toEqual({});
  });
});

describe('a day of posts the page came with', () => {
  const session = sessionFixture({ activeWorkspaceId: 'ws-1' });
  const post = (n: number) => ({
    id: `post-${n}`,
    author: `author_${n}`,
    keyword: 'crm',
    published_date: '2025-03-05T10:00:00Z',
    content: 'Which tool sends payment reminders?',
    url: `https://www.reddit.com/r/freelance/${n}`,
    answer: 'A short reminder on day 1, 7 and 14 usually does it.',
    approved: false,
    published: false,
    answerVersion: 1,
  });
  const dayOf = (posts: unknown[]) =>
    pageWith(
      JSON.stringify({
        answers: [
          sessionAnswer(session),
          {
            ...answer('listPosts', 'GET', '/api/posts/reddit?found_date=2025-03-05', posts),
            params: { social: 'reddit' },
            query: { found_date: '2025-03-05' },
          },
        ],
      }),
    );
  const key = unstable_serialize([
    'listPosts',
    { params: { social: 'reddit' }, query: { found_date: '2025-03-05' } },
  ]);

  it('is parsed a few posts per task, and kept whole', async () => {
    const posts = Array.from({ length: 25 }, (_, n) => post(n));
    const between = vi.fn(async () => undefined);
    const start = await takeFirstAnswersFromPage(dayOf(posts), between);
    expect(start.data[key]).toEqual(posts);
    // One pause before the answer, then one after every 10 posts: no task parses the whole day.
    expect(between).toHaveBeenCalledTimes(3);
  });

  it('is left to the screen to ask for when one of its posts is not the contract’s', async () => {
    const posts = [...Array.from({ length: 12 }, (_, n) => post(n)), { id: 'only-an-id' }];
    expect((await takeFirstAnswersFromPage(dayOf(posts), async () => undefined)).data).toEqual({});
  });

  it('does not read what this device kept of the session when the page says who is signed in', async () => {
    const read = vi.spyOn(Storage.prototype, 'getItem');
    expect((await takeFirstAnswersFromPage(dayOf([post(1)]))).session).toEqual(session);
    expect(read).not.toHaveBeenCalled();
  });
});

describe('where the first screen settles', () => {
  it('is handed back when the page says, and only as a path of this site', async () => {
    const session = sessionFixture({ activeWorkspaceId: 'ws-1' });
    const page = (location: string, who: unknown = session) =>
      pageWith(JSON.stringify({ answers: [sessionAnswer(who)], location }));
    expect((await takeFirstAnswersFromPage(page('/mentions/reddit?found_date=2025-03-05'))).location).toBe(
      '/mentions/reddit?found_date=2025-03-05',
    );
    expect((await takeFirstAnswersFromPage(page('//elsewhere.example/'))).location).toBeUndefined();
    expect((await takeFirstAnswersFromPage(page('https://elsewhere.example/'))).location).toBeUndefined();
    // A visitor nobody is signed in as is on their way to sign in.
    expect((await takeFirstAnswersFromPage(page('/sign-in', null))).location).toBe('/sign-in');
  });

  it('is set aside with the rest of a signed-out page when this device kept a session', async () => {
    localStorage.setItem(savedSessionKey, '{}');
    const page = pageWith(JSON.stringify({ answers: [sessionAnswer(null)], location: '/sign-in' }));
    expect(await takeFirstAnswersFromPage(page)).toEqual({ session: undefined, data: {}, answers: [] });
  });
});
