import type { FirstAnswers } from '@contract/first-answers';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { projectFixture, sessionFixture } from '@tests/support/api-fixtures';
import { serverPost } from '@tests/support/fake-api-server';
import 'fake-indexeddb/auto';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAll, getMirrorDb } from '@/db/mirror';
import { pageStartFrom } from '@/first-screen/first-answers';
import { keepPageAnswers } from '@/first-screen/keep-page-answers';
import { holdFormsUntilTakeOver } from '@/first-screen/page-take-over';
import { App, loadFirstScreen } from './app';
import { renderScreen } from './render-screen';

const fetchMock = vi.fn<typeof fetch>();
const envelope = (data: unknown) => ({ success: true, data, error: null });

const session = sessionFixture({
  activeWorkspaceId: 'w1',
  memberships: [{ workspace: { id: 'w1', name: 'Tallybird' }, role: 'org:admin' }],
});

function answer(
  name: string,
  url: string,
  data: unknown,
  more: Partial<FirstAnswers['answers'][number]> = {},
) {
  return {
    name,
    method: name === 'refreshSession' ? 'POST' : 'GET',
    url,
    projectId: null,
    status: 200,
    body: envelope(data),
    ...more,
  };
}

/** The answers the server puts in a signed-in page of the mentions of Reddit on 5 March 2025. */
const mentionsAnswers: FirstAnswers = {
  answers: [
    answer('refreshSession', '/api/auth/token', session),
    answer('getSubscription', '/api/subscription', { active: true, addons: { autopost: true } }),
    answer('listProjects', '/api/projects', [projectFixture({ reviewed: true, autopostingSetup: true })]),
    answer('listSocials', '/api/socials', [
      { id: 's1', slug: 'reddit', name: 'Reddit' },
      { id: 's2', slug: 'hackernews', name: 'Hacker News' },
    ]),
    answer(
      'listFoundDates',
      '/api/posts/meta/dates',
      { foundDates: ['2025-03-05'], running: false },
      { projectId: 'p1' },
    ),
    answer(
      'listKeywordsForDate',
      '/api/posts/meta/keywords?found_date=2025-03-05',
      { keywords: [{ name: 'crm' }] },
      { projectId: 'p1', query: { found_date: '2025-03-05' } },
    ),
    answer(
      'listPosts',
      '/api/posts/reddit?found_date=2025-03-05',
      [
        serverPost({ id: 'a', author: 'ana_sells', keyword: 'crm', answer: 'We keep ours in Tallybird.' }),
        serverPost({ id: 'b', author: 'ben_builds', keyword: 'crm', published: true, approved: true }),
      ],
      { projectId: 'p1', params: { social: 'reddit' }, query: { found_date: '2025-03-05' } },
    ),
  ],
};

const signedOutAnswers: FirstAnswers = {
  answers: [answer('refreshSession', '/api/auth/token', null)],
  location: '/sign-in',
};

let root: Root | null = null;
let container: HTMLElement;

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => Response.json(envelope([])));
  vi.stubGlobal('fetch', fetchMock);
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(async () => {
  act(() => root?.unmount());
  // Each test's page starts on a device that has kept nothing.
  await clearAll(getMirrorDb());
  root = null;
  container.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * What the page does: the server's HTML in the root element, then the app, started from the same answers,
 * takes it over (as `src/main.tsx` does). Hands back what React reported of the take-over.
 */
async function loadPage(url: string, firstAnswers: FirstAnswers, beforeTakeOver?: () => void) {
  const html = await renderScreen(url, firstAnswers);
  if (html === null) throw new Error('nothing was drawn');
  container.innerHTML = html;
  container.id = 'root';
  holdFormsUntilTakeOver();
  beforeTakeOver?.();
  const drawn = [...container.querySelectorAll('*')];
  const start = pageStartFrom(firstAnswers, false);
  window.history.replaceState(null, '', start.location ?? url);
  await loadFirstScreen(window.location.pathname, start.session !== null);
  const mismatches: unknown[] = [];
  const consoleErrors = vi.spyOn(console, 'error');
  await act(async () => {
    startTransition(() => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App pageSession={start.session} pageData={start.data} takingOver />
        </StrictMode>,
        { onRecoverableError: (error) => mismatches.push(error) },
      );
    });
  });
  // …and keeps the page's answers on the device once it shows.
  if (start.session) await act(() => keepPageAnswers(start.answers, session));
  return { drawn, mismatches, consoleErrors };
}

describe('the first screen the server draws, taken over by the app', () => {
  it('the mentions: every element the page showed is kept, and the answers become editable', async () => {
    const { drawn, mismatches, consoleErrors } = await loadPage('/mentions/reddit', mentionsAnswers);
    expect(mismatches).toEqual([]);
    expect(consoleErrors.mock.calls.filter(([first]) => /hydrat|did not match/i.test(String(first)))).toEqual(
      [],
    );
    const answerBox = screen.getAllByRole('textbox', { name: 'Answer' })[0];
    expect(answerBox).toBeDefined();
    expect(drawn).toContain(answerBox);
    expect(screen.getByRole('heading', { level: 1, name: 'Mentions' })).toBeTruthy();
    expect(screen.getByText('Published')).toBeTruthy();
    // The app works the page it took over: the answer box takes typing once the mirror has the posts.
    const user = userEvent.setup();
    await waitFor(() => expect((answerBox as HTMLTextAreaElement).readOnly).toBe(false));
    await user.type(answerBox as HTMLTextAreaElement, ' Happy to help.');
    expect((answerBox as HTMLTextAreaElement).value).toBe('We keep ours in Tallybird. Happy to help.');
  });

  it('a long day: the first cards as a plain list, taken over as they are, then the rest', async () => {
    const many = Array.from({ length: 60 }, (_, n) =>
      serverPost({ id: `p${n}`, author: `member_${n}`, keyword: 'crm' }),
    );
    const longDay = {
      answers: mentionsAnswers.answers.map((a) =>
        a.name === 'listPosts' ? { ...a, body: envelope(many) } : a,
      ),
    } satisfies FirstAnswers;
    const { mismatches, consoleErrors } = await loadPage('/mentions/reddit', longDay);
    expect(mismatches).toEqual([]);
    expect(consoleErrors).not.toHaveBeenCalled();
    expect(screen.getByText('member_0')).toBeTruthy();
  });

  it('a post’s date: UTC in the page, then the device’s own day once the app has taken over', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Pacific/Auckland';
    try {
      const lateInUtc = JSON.parse(
        JSON.stringify(mentionsAnswers).replaceAll('2026-03-05T10:00:00.000Z', '2026-03-05T20:00:00.000Z'),
      ) as FirstAnswers;
      const html = await renderScreen('/mentions/reddit', lateInUtc);
      expect(html).toContain('5 Mar</time>');
      const { mismatches } = await loadPage('/mentions/reddit', lateInUtc);
      expect(mismatches).toEqual([]);
      await waitFor(() => expect(screen.getAllByText('6 Mar')).toHaveLength(2));
    } finally {
      process.env.TZ = zone;
    }
  });

  it('sign in: the form the page showed is the app’s, and takes what is typed', async () => {
    const { drawn, mismatches } = await loadPage('/mentions', signedOutAnswers);
    expect(mismatches).toEqual([]);
    expect(window.location.pathname).toBe('/sign-in');
    const email = screen.getByLabelText('Email address');
    expect(drawn).toContain(email);
    await userEvent.setup().type(email, 'ada@example.com');
    expect((email as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('sign in: what was typed before the app took over is kept, and a Continue pressed meanwhile is sent', async () => {
    const { mismatches } = await loadPage('/sign-in', signedOutAnswers, () => {
      // The person types, as the browser lets them on the page's own HTML, and presses Continue.
      const email = container.querySelector<HTMLInputElement>('input[name="email"]');
      const password = container.querySelector<HTMLInputElement>('input[name="password"]');
      if (!email || !password) throw new Error('no fields drawn');
      email.value = 'ada@example.com';
      password.value = 'correct-horse';
      container.querySelector('form')?.requestSubmit();
    });
    expect(mismatches).toEqual([]);
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('ada@example.com');
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/auth/sign-in'),
    );
    const sent = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/sign-in');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      email: 'ada@example.com',
      password: 'correct-horse',
    });
  });

  it('draws nothing from answers that do not say who is signed in', async () => {
    expect(await renderScreen('/mentions', { answers: [] })).toBeNull();
  });
});
