import 'fake-indexeddb/auto';
import type { Project } from '@contract/entities';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { projectFixture } from '@tests/support/api-fixtures';
import { fakeAuth, ok, withApp } from '@tests/support/app-test-utils';
import { serverPost } from '@tests/support/fake-api-server';
import { closeTestMirrors, openTestMirror } from '@tests/support/test-mirror';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { MentionsPage } from './mentions-page';

const fetchMock = vi.fn<typeof fetch>();
let handlers: Record<string, (url: URL) => Response | Promise<Response>> = {};

beforeEach(() => {
  fetchMock.mockReset();
  handlers = {
    'GET /api/socials': () =>
      ok([
        { id: 's1', slug: 'reddit', name: 'Reddit' },
        { id: 's2', slug: 'hacker-news', name: 'Hacker News' },
      ]),
    'GET /api/posts/meta/dates': () => ok({ foundDates: ['2025-03-04', '2025-03-05'], running: false }),
    'GET /api/posts/meta/keywords': () => ok({ keywords: [{ name: 'crm' }, { name: 'leads' }] }),
    'GET /api/posts/reddit': () =>
      ok([
        serverPost({
          id: 'a',
          author: 'grace',
          keyword: 'crm',
          published_date: '2025-03-05T12:00:00',
          title: 'Which CRM?',
          content: 'Looking for a CRM',
          url: 'https://example.com/a',
        }),
      ]),
    'GET /api/posts/hacker-news': () => ok([]),
  };
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = handlers[key];
    if (!handler) throw new Error(`No handler for ${key}`);
    return handler(url);
  });
});

afterEach(async () => {
  await closeTestMirrors();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function callsTo(path: string): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path);
}

function renderPage(path: string, project: Partial<Project> = {}, pollMs?: number) {
  handlers['GET /api/projects'] = () => ok([projectFixture({ id: 'p1', reviewed: true, ...project })]);
  const db = openTestMirror('mentions');
  const { Wrapper, location } = withApp(path, fakeAuth());
  render(
    <Route path="/mentions/:social">
      <MentionsPage db={db} autopost {...(pollMs ? { foundDatesPollMs: pollMs } : {})} />
    </Route>,
    { wrapper: Wrapper },
  );
  return { location, db, user: userEvent.setup() };
}

const currentUrl = (location: { history?: string[] }) => location.history?.at(-1);

/** The dropdown named `name`: a browser select. */
const dropdown = (name: string) => screen.findByRole<HTMLSelectElement>('combobox', { name });

/** What a select shows when closed: its chosen option's text. */
const shownChoice = (select: HTMLSelectElement) => select.selectedOptions[0]?.textContent;

/** The choices a select lists when opened. */
const listedChoices = (select: HTMLSelectElement) =>
  [...select.options].filter((option) => !option.hidden).map((option) => option.textContent);

describe('MentionsPage', () => {
  it('shows the title, the text, the socials and the newest date chosen in the URL', async () => {
    const { location } = renderPage('/mentions/reddit');
    expect(screen.getByRole('heading', { level: 1, name: 'Mentions' })).toBeTruthy();
    expect(
      screen.getByText('Here last filtered mentions and answers for last day. Next update will be tomorrow.'),
    ).toBeTruthy();
    // The socials are links, the shown one marked as the current page.
    const socials = await screen.findByRole('navigation', { name: 'Social network' });
    expect(within(socials).getByRole('link', { name: 'Reddit' }).getAttribute('aria-current')).toBe('page');
    expect(
      within(socials).getByRole('link', { name: 'Hacker News' }).getAttribute('aria-current'),
    ).toBeNull();
    await waitFor(() => expect(currentUrl(location)).toBe('/mentions/reddit?found_date=2025-03-05'));
    // Chosen for the person: the URL is replaced, not pushed.
    expect(location.history).toHaveLength(1);
    expect(shownChoice(await dropdown('Date'))).toBe('5 Mar 2025');
    expect(shownChoice(await dropdown('Keyword'))).toBe("Today's all keywords");
    expect(await screen.findByText('grace')).toBeTruthy();
    expect(callsTo('/api/posts/reddit').at(-1)?.searchParams.get('found_date')).toBe('2025-03-05');
  });

  it('shows each post: author, keyword, date, title, clamped content and the original in a new tab', async () => {
    renderPage('/mentions/reddit?found_date=2025-03-05');
    expect(await screen.findByText('grace')).toBeTruthy();
    expect(screen.getAllByText('crm').length).toBeGreaterThan(0);
    expect(screen.getByText('5 Mar')).toBeTruthy();
    expect(screen.getByText('Which CRM?')).toBeTruthy();
    expect(screen.getByText('Looking for a CRM').className).toContain('line-clamp-4');
    const link = screen.getByRole('link', { name: /original post/ });
    expect(link.getAttribute('href')).toBe('https://example.com/a');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('textbox', { name: 'Answer' })).toBeTruthy();
  });

  it('renders only the cards on screen once a day has more than 50 posts, each telling its place in the list', async () => {
    handlers['GET /api/posts/reddit'] = () =>
      ok(
        Array.from({ length: 300 }, (_, index) =>
          serverPost({
            id: `p${index}`,
            author: `author-${index}`,
            keyword: 'crm',
            published_date: `2025-03-05T${String(23 - Math.floor(index / 60)).padStart(2, '0')}:${String(59 - (index % 60)).padStart(2, '0')}:00`,
            content: `Post number ${index}`,
          }),
        ),
      );
    renderPage('/mentions/reddit?found_date=2025-03-05');
    expect(await screen.findByText('author-0')).toBeTruthy();
    // The posts' items (the socials are a list of links too).
    const items = screen.getAllByRole('listitem').filter((item) => item.querySelector('[data-post-id]'));
    expect(items.length).toBeGreaterThan(0);
    // jsdom measures every card as 0 px high, so more fit on its screen than would in a browser.
    expect(items.length).toBeLessThan(100);
    expect(items[0]?.getAttribute('aria-setsize')).toBe('300');
    expect(items[0]?.getAttribute('aria-posinset')).toBe('1');
    expect(screen.queryByText('author-299')).toBeNull();
  });

  it('goes to the first social when the slug is unknown', async () => {
    const { location } = renderPage('/mentions/myspace?found_date=2025-03-05');
    await waitFor(() => expect(currentUrl(location)).toBe('/mentions/reddit?found_date=2025-03-05'));
  });

  it('keeps the search parameters when another social is chosen', async () => {
    const { location, user } = renderPage('/mentions/reddit?keyword=crm&found_date=2025-03-04');
    await user.click(await screen.findByRole('link', { name: 'Hacker News' }));
    await waitFor(() =>
      expect(currentUrl(location)).toBe('/mentions/hacker-news?keyword=crm&found_date=2025-03-04'),
    );
  });

  it('removes a keyword the date does not have', async () => {
    const { location } = renderPage('/mentions/reddit?keyword=gone&found_date=2025-03-05');
    await waitFor(() => expect(currentUrl(location)).toBe('/mentions/reddit?found_date=2025-03-05'));
  });

  it("lists 'Today's all keywords' and the date's keywords, and puts the chosen keyword in the URL", async () => {
    const { location, user } = renderPage('/mentions/reddit?found_date=2025-03-05');
    const keyword = await dropdown('Keyword');
    await waitFor(() => expect(listedChoices(keyword)).toEqual(["Today's all keywords", 'crm', 'leads']));
    await user.selectOptions(keyword, 'leads');
    await waitFor(() =>
      expect(currentUrl(location)).toBe('/mentions/reddit?keyword=leads&found_date=2025-03-05'),
    );
    // The person's choice is a new history entry.
    expect(location.history).toHaveLength(2);
    expect(shownChoice(keyword)).toBe('leads');
  });

  it("removes the keyword parameter when 'Today's all keywords' is chosen", async () => {
    const { location, user } = renderPage('/mentions/reddit?keyword=crm&found_date=2025-03-05');
    const keyword = await dropdown('Keyword');
    expect(shownChoice(keyword)).toBe('crm');
    await user.selectOptions(keyword, "Today's all keywords");
    await waitFor(() => expect(currentUrl(location)).toBe('/mentions/reddit?found_date=2025-03-05'));
    expect(location.history).toHaveLength(2);
    expect(shownChoice(keyword)).toBe("Today's all keywords");
  });

  it('lists the found dates as "5 Mar 2025" and moves to the chosen one', async () => {
    const { location, user } = renderPage('/mentions/reddit?found_date=2025-03-05');
    const date = await dropdown('Date');
    expect(listedChoices(date)).toEqual(['5 Mar 2025', '4 Mar 2025']);
    await user.selectOptions(date, '4 Mar 2025');
    await waitFor(() => expect(currentUrl(location)).toBe('/mentions/reddit?found_date=2025-03-04'));
    expect(location.history).toHaveLength(2);
    expect(shownChoice(date)).toBe('4 Mar 2025');
  });

  it('says when a network found nothing on the chosen day, or nothing for the chosen keyword', async () => {
    const { user } = renderPage('/mentions/hacker-news?found_date=2025-03-05');
    expect(await screen.findByRole('heading', { level: 2, name: 'No mentions on Hacker News' })).toBeTruthy();
    expect(
      screen.getByText('No relevant post was found on this day. Try another network or date.'),
    ).toBeTruthy();
    expect(screen.queryByText('Search in progress…')).toBeNull();

    handlers['GET /api/posts/reddit'] = () => ok([]);
    await user.click(screen.getByRole('link', { name: 'Reddit' }));
    await user.selectOptions(await dropdown('Keyword'), 'leads');
    expect(await screen.findByRole('heading', { level: 2, name: 'No mentions on Reddit' })).toBeTruthy();
    expect(
      screen.getByText('No relevant post about “leads” was found on this day. Try another network or date.'),
    ).toBeTruthy();
  });

  it('says the search is in progress while there is no found date, and checks again on request', async () => {
    handlers['GET /api/posts/meta/dates'] = () => ok({ foundDates: [], running: false });
    const { user } = renderPage('/mentions/reddit');
    expect(await screen.findByText('Search in progress…')).toBeTruthy();
    expect(screen.getByText("We're finding relevant posts and writing replies.")).toBeTruthy();
    expect(
      screen.getByText('If loading takes more than 5 minutes, click the button to see if results are ready'),
    ).toBeTruthy();
    const before = callsTo('/api/posts/meta/dates').length;
    handlers['GET /api/posts/meta/dates'] = () => ok({ foundDates: ['2025-03-05'], running: false });
    await user.click(screen.getByRole('button', { name: 'Check for Results' }));
    await waitFor(() => expect(callsTo('/api/posts/meta/dates').length).toBeGreaterThan(before));
    expect(await dropdown('Date')).toBeTruthy();
  });

  it('asks for the found dates again while there is none, and stops once one is found', async () => {
    handlers['GET /api/posts/meta/dates'] = () => ok({ foundDates: [], running: false });
    renderPage('/mentions/reddit', {}, 30);
    expect(await screen.findByText('Search in progress…')).toBeTruthy();
    await waitFor(() => expect(callsTo('/api/posts/meta/dates').length).toBeGreaterThanOrEqual(3));
    handlers['GET /api/posts/meta/dates'] = () => ok({ foundDates: ['2025-03-05'], running: false });
    expect(await dropdown('Date')).toBeTruthy();
    const settled = callsTo('/api/posts/meta/dates').length;
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(callsTo('/api/posts/meta/dates').length).toBe(settled);
  });

  it('keeps checking while the search goes on, shows its new posts without a reload, and stops once it has finished', async () => {
    const post = (id: string, author: string, keyword = 'crm') =>
      serverPost({ id, author, keyword, published_date: `2025-03-05T1${id.length}:00:00` });
    handlers['GET /api/posts/meta/dates'] = () => ok({ foundDates: ['2025-03-05'], running: true });
    handlers['GET /api/posts/meta/keywords'] = () => ok({ keywords: [{ name: 'crm' }] });
    handlers['GET /api/posts/reddit'] = () => ok([post('a', 'grace')]);
    renderPage('/mentions/reddit', {}, 30);
    expect(await screen.findByText('grace')).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toBe('Still searching: more posts may appear.');
    expect(screen.queryByText('Search in progress…')).toBeNull();

    // The next keyword's posts are stored: they show on the open page, and so does their keyword.
    handlers['GET /api/posts/meta/keywords'] = () => ok({ keywords: [{ name: 'crm' }, { name: 'leads' }] });
    handlers['GET /api/posts/reddit'] = () => ok([post('a', 'grace'), post('bb', 'henry', 'leads')]);
    expect(await screen.findByText('henry')).toBeTruthy();
    await waitFor(async () =>
      expect(listedChoices(await dropdown('Keyword'))).toEqual(["Today's all keywords", 'crm', 'leads']),
    );

    // The run finishes with one more post: it shows, the line goes, and nothing is asked any more.
    // (Its last post is stored just before the run finishes, after the page's last check while running.)
    let finished = false;
    handlers['GET /api/posts/reddit'] = () =>
      ok([
        post('a', 'grace'),
        post('bb', 'henry', 'leads'),
        ...(finished ? [post('ccc', 'ivy', 'leads')] : []),
      ]);
    handlers['GET /api/posts/meta/dates'] = () => {
      finished = true;
      return ok({ foundDates: ['2025-03-05'], running: false });
    };
    expect(await screen.findByText('ivy')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    const settled = () =>
      ['/api/posts/meta/dates', '/api/posts/meta/keywords', '/api/posts/reddit'].map(
        (path) => callsTo(path).length,
      );
    const afterFinish = settled();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(settled()).toEqual(afterFinish);
    expect(screen.getByText('grace')).toBeTruthy();
    expect(screen.getByText('henry')).toBeTruthy();
  });

  it('says the search is in progress while a run goes on with no day found yet, and says nothing of it on an older day', async () => {
    handlers['GET /api/posts/meta/dates'] = () => ok({ foundDates: [], running: true });
    const { location, user } = renderPage('/mentions/reddit', {}, 30);
    expect(await screen.findByText('Search in progress…')).toBeTruthy();
    expect(screen.queryByText('Still searching: more posts may appear.')).toBeNull();
    await waitFor(() => expect(callsTo('/api/posts/meta/dates').length).toBeGreaterThanOrEqual(3));

    // Its first keyword is stored: the day shows, and the search still goes on.
    handlers['GET /api/posts/meta/dates'] = () =>
      ok({ foundDates: ['2025-03-04', '2025-03-05'], running: true });
    expect(await screen.findByText('grace')).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toBe('Still searching: more posts may appear.');
    await waitFor(() => expect(currentUrl(location)).toBe('/mentions/reddit?found_date=2025-03-05'));

    // An older day is complete: no line there.
    await user.selectOptions(await dropdown('Date'), '4 Mar 2025');
    await waitFor(() => expect(currentUrl(location)).toBe('/mentions/reddit?found_date=2025-03-04'));
    expect(screen.queryByText('Still searching: more posts may appear.')).toBeNull();
  });

  it('opens offline with what the device kept: the socials, the dates, the keywords and the posts', async () => {
    const { db, location } = renderPage('/mentions/reddit?found_date=2025-03-05');
    expect(await screen.findByText('grace')).toBeTruthy();
    // Kept on the device as they came (socials, dates and keywords are shown from the server's answers, the posts from the mirror).
    await waitFor(async () => expect(await db.keywordsByDate.count()).toBe(1));
    await waitFor(async () => expect(await db.foundDates.count()).toBe(2));
    await waitFor(async () => expect(await db.socials.count()).toBe(2));
    await waitFor(async () => expect(await db.posts.count()).toBe(1));
    // The page goes away; its mirror stays.
    cleanup();

    // The server cannot be reached now: every call fails as a dropped network does.
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { Wrapper } = withApp(currentUrl(location) ?? '/mentions/reddit', fakeAuth());
    render(
      <Route path="/mentions/:social">
        <MentionsPage db={db} autopost />
      </Route>,
      { wrapper: Wrapper },
    );
    expect(await screen.findByText('grace')).toBeTruthy();
    const socials = screen.getByRole('navigation', { name: 'Social network' });
    expect(within(socials).getByRole('link', { name: 'Hacker News' })).toBeTruthy();
    expect(shownChoice(await dropdown('Date'))).toBe('5 Mar 2025');
    expect(listedChoices(await dropdown('Keyword'))).toEqual(["Today's all keywords", 'crm', 'leads']);
  });

  it('asks for a review of the project before the first results', async () => {
    renderPage('/mentions/reddit', { reviewed: false });
    expect(
      await screen.findByText('To get first results review information about your project'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Project' }).getAttribute('href')).toBe('/project');
    expect(callsTo('/api/posts/meta/dates')).toHaveLength(0);
  });

  it("opens Autopilot from its button, and from 'Publish' while autoposting is not set up", async () => {
    handlers['GET /api/projects'] = () =>
      ok([projectFixture({ id: 'p1', reviewed: true, autopostingSetup: false })]);
    const openAutopilot = vi.fn();
    const { Wrapper } = withApp('/mentions/reddit?found_date=2025-03-05', fakeAuth());
    render(
      <Route path="/mentions/:social">
        <MentionsPage db={openTestMirror('mentions')} autopost onOpenAutopilot={openAutopilot} />
      </Route>,
      { wrapper: Wrapper },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Autopilot' }));
    expect(openAutopilot).toHaveBeenCalledTimes(1);
    const publish = await screen.findByRole('checkbox', { name: 'Publish' });
    await waitFor(() => expect(publish.hasAttribute('disabled')).toBe(false));
    await user.click(publish);
    expect(openAutopilot).toHaveBeenCalledTimes(2);
    expect((publish as HTMLInputElement).checked).toBe(false);
  });

  it("shows neither 'Autopilot' nor 'Publish' without the autopost add-on", async () => {
    const { Wrapper } = withApp('/mentions/reddit?found_date=2025-03-05', fakeAuth());
    handlers['GET /api/projects'] = () => ok([projectFixture({ id: 'p1', reviewed: true })]);
    render(
      <Route path="/mentions/:social">
        <MentionsPage db={openTestMirror('mentions')} onOpenAutopilot={vi.fn()} />
      </Route>,
      { wrapper: Wrapper },
    );
    expect(await screen.findByText('grace')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Autopilot' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Publish' })).toBeNull();
  });
});
