import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import { failureResponse, projectFixture } from '@tests/support/api-fixtures';
import { fakeAuth, ok, withApp } from '@tests/support/app-test-utils';
import { serverPost } from '@tests/support/fake-api-server';
import { closeTestMirrors, openTestMirror } from '@tests/support/test-mirror';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MirrorDb } from '@/db/mirror';
import { formatPublishedAt, RepliesPage, repliesUnreachable } from './replies-page';

const fetchMock = vi.fn<typeof fetch>();
let handlers: Record<string, () => Response | Promise<Response>> = {};

function freshDb(): MirrorDb {
  const db = openTestMirror('replies');
  return db;
}

beforeEach(() => {
  fetchMock.mockReset();
  handlers = { 'GET /api/projects': () => ok([projectFixture({ id: 'p1' })]) };
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (url, init) => {
    const key = `${init?.method ?? 'GET'} ${String(url)}`;
    const handler = handlers[key];
    if (!handler) throw new Error(`No handler for ${key}`);
    return handler();
  });
});

afterEach(async () => {
  await closeTestMirrors();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage(db: MirrorDb = freshDb()) {
  const { Wrapper } = withApp('/replies', fakeAuth());
  render(<RepliesPage db={db} />, { wrapper: Wrapper });
  return db;
}

describe('RepliesPage', () => {
  it('shows the title, the description and each published reply', async () => {
    handlers['GET /api/posts/published'] = () =>
      ok([
        serverPost({
          id: 'a',
          author: 'grace',
          keyword: 'offline sync',
          published_date: '2025-03-05T12:00:00',
          title: 'Edits on a train',
          content: 'How do you keep edits?',
          url: 'https://example.com/a',
          answer: 'Queue them locally.',
          published: true,
        }),
      ]);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Replies' })).toBeTruthy();
    expect(screen.getByText('Here you can find published replies')).toBeTruthy();
    expect(await screen.findByText('grace')).toBeTruthy();
    expect(screen.getByText('offline sync')).toBeTruthy();
    expect(screen.getByText('5 Mar')).toBeTruthy();
    expect(screen.getByText('Edits on a train')).toBeTruthy();
    expect(screen.getByText('How do you keep edits?')).toBeTruthy();
    expect(screen.getByText('Queue them locally.')).toBeTruthy();
    const link = screen.getByRole('link', { name: /original post/ });
    expect(link.getAttribute('href')).toBe('https://example.com/a');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows when each reply was published and links to the reply itself in a new tab', async () => {
    handlers['GET /api/posts/published'] = () =>
      ok([
        serverPost({
          id: 'a',
          author: 'grace',
          answer: 'Queue them locally.',
          published: true,
          publishedAt: '2025-03-05T14:03:00.000Z',
          replyUrl: 'https://www.reddit.com/r/sync/comments/1/c/2',
        }),
        serverPost({ id: 'b', author: 'alan', answer: 'Use an outbox.', published: true }),
      ]);
    renderPage();
    expect(await screen.findByText('grace')).toBeTruthy();
    const published = screen.getByText(/^Published/);
    expect(published.textContent).toBe(`Published ${formatPublishedAt('2025-03-05T14:03:00.000Z')}`);
    expect(published.querySelector('time')?.getAttribute('dateTime')).toBe('2025-03-05T14:03:00.000Z');
    const links = screen.getAllByRole('link', { name: 'View reply' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://www.reddit.com/r/sync/comments/1/c/2',
    ]);
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it("writes the publication time as '5 Mar 2025, 14:03'", () => {
    expect(formatPublishedAt('2025-03-05T14:03:00.000Z', 'UTC')).toBe('5 Mar 2025, 14:03');
    expect(formatPublishedAt('not a date')).toBe('not a date');
  });

  it('says where replies will appear when none is published', async () => {
    handlers['GET /api/posts/published'] = () => ok([]);
    renderPage();
    expect(await screen.findByText('Your published replies will appear here')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a spinner while loading and when the list fails', async () => {
    handlers['GET /api/posts/published'] = () => failureResponse(500, 'Boom', 'internal_error');
    renderPage();
    expect(screen.getByRole('status')).toBeTruthy();
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/posts/published')).toBe(true),
    );
    // Once the call has failed, the spinner says why it spins.
    expect(await screen.findByText(repliesUnreachable)).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('Your published replies will appear here')).toBeNull();
  });

  it('Replies offline says it cannot load and shows what it has: with no reply kept, that it cannot reach the server', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    handlers['GET /api/posts/published'] = () => Promise.reject(new TypeError('Failed to fetch'));
    renderPage();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByText(repliesUnreachable)).toBeTruthy();
  });

  it('Replies offline says it cannot load and shows what it has: the replies kept on the device', async () => {
    const db = freshDb();
    handlers['GET /api/posts/published'] = () =>
      ok([serverPost({ id: 'a', author: 'grace', published: true })]);
    renderPage(db);
    expect(await screen.findByText('grace')).toBeTruthy();
    await vi.waitFor(async () => expect(await db.posts.count()).toBe(1));
    document.body.innerHTML = '';

    handlers['GET /api/posts/published'] = () => Promise.reject(new TypeError('Failed to fetch'));
    renderPage(db);
    expect(await screen.findByText('grace')).toBeTruthy();
  });
});
