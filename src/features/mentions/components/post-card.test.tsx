import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failureResponse } from '@tests/support/api-fixtures';
import { ok } from '@tests/support/app-test-utils';
import { serverPost } from '@tests/support/fake-api-server';
import { closeTestMirrors, openTestMirror } from '@tests/support/test-mirror';
import { useLiveQuery } from 'dexie-react-hooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MirrorDb, MirrorPost } from '@/db/mirror';
import { writePosts } from '@/db/mirror-writes';
import { keepUnsavedAnswer } from '../unsaved-answers';
import { PostCard, PostsEditable } from './post-card';

const fetchMock = vi.fn<typeof fetch>();
const slice = { projectId: 'p1', social: 'reddit', foundDate: '2025-03-05' };

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  // What a card keeps as the page goes away is the next test's page otherwise.
  localStorage.clear();
  await closeTestMirrors();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function LiveCard({
  db,
  autopost,
  autopostingSetup,
  onSetUpAutoposting,
}: {
  db: MirrorDb;
  autopost: boolean;
  autopostingSetup: boolean;
  onSetUpAutoposting?: () => void;
}) {
  const post = useLiveQuery(() => db.posts.get('a'), [db]);
  return post ? (
    <PostCard
      post={post}
      db={db}
      autopost={autopost}
      autopostingSetup={autopostingSetup}
      onSetUpAutoposting={onSetUpAutoposting}
    />
  ) : null;
}

async function renderCard(
  post: Partial<MirrorPost> = {},
  {
    autopost = true,
    autopostingSetup = true,
    onSetUpAutoposting,
    social = slice.social,
  }: {
    autopost?: boolean;
    autopostingSetup?: boolean;
    onSetUpAutoposting?: () => void;
    social?: string;
  } = {},
) {
  const db = openTestMirror('card');
  const { syncState, parkedReason, conflict, ...server } = post;
  await writePosts(db, { ...slice, social }, [
    serverPost({ id: 'a', answer: 'Queue them locally.', ...server }),
  ]);
  if (syncState)
    await db.posts.update('a', { syncState, parkedReason: parkedReason ?? null, conflict: conflict ?? null });
  render(
    <LiveCard
      db={db}
      autopost={autopost}
      autopostingSetup={autopostingSetup}
      onSetUpAutoposting={onSetUpAutoposting}
    />,
  );
  await screen.findByRole('textbox', { name: 'Answer' });
  return { db, user: userEvent.setup() };
}

describe('PostCard', () => {
  it('says why discovery picked the post, when it says', async () => {
    await renderCard({ reason: 'Mentions “late invoices” and asks for a tool', score: 82 });
    expect(
      await screen.findByText('Why this post: Mentions “late invoices” and asks for a tool'),
    ).toBeTruthy();
    cleanup();
    await renderCard({ reason: null });
    await screen.findByRole('textbox', { name: 'Answer' });
    expect(screen.queryByText(/Why this post/)).toBeNull();
  });

  it('saves the answer through the outbox 500 ms after typing stops', async () => {
    const { db, user } = await renderCard();
    const answer = screen.getByRole('textbox', { name: 'Answer' }) as HTMLTextAreaElement;
    await user.clear(answer);
    await user.type(answer, 'Use an outbox.');
    expect(answer.value).toBe('Use an outbox.');
    await waitFor(async () => expect((await db.outbox.toArray()).at(-1)?.value).toBe('Use an outbox.'));
    // Saved once typing pauses, not at every key (a loaded machine may pause the typing itself).
    expect(await db.outbox.count()).toBeLessThan('Use an outbox.'.length);
    expect((await db.posts.get('a'))?.answer).toBe('Use an outbox.');
    expect(await screen.findByText('Waiting to sync')).toBeTruthy();
  });

  it('asks to keep the storage after the first edit', async () => {
    const persist = vi.fn(async () => true);
    Object.defineProperty(navigator, 'storage', {
      value: { persist, persisted: async () => false },
      configurable: true,
    });
    const { user } = await renderCard();
    await user.type(screen.getByRole('textbox', { name: 'Answer' }), '!');
    await waitFor(() => expect(persist).toHaveBeenCalled());
  });

  it('rewrites the answer with the prompt and shows the new text', async () => {
    fetchMock.mockResolvedValue(ok({ answer: 'A shorter reply.', answerVersion: 2 }));
    const { db, user } = await renderCard();
    await user.type(screen.getByPlaceholderText('Prompt for rewriting'), 'shorter');
    await user.click(screen.getByRole('button', { name: 'Rewrite' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Answer' }) as HTMLTextAreaElement).value).toBe(
        'A shorter reply.',
      ),
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/posts/regenerate-answer/a');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ prompt: 'shorter' });
    expect((await db.posts.get('a'))?.answerVersion).toBe(2);
  });

  it('only logs a failed rewrite', async () => {
    fetchMock.mockResolvedValue(failureResponse(500, 'Boom', 'internal_error'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await renderCard();
    await user.click(screen.getByRole('button', { name: 'Rewrite' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect((screen.getByRole('textbox', { name: 'Answer' }) as HTMLTextAreaElement).value).toBe(
      'Queue them locally.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('disabled controls say why in visible text: Rewrite offline says so on the card, not only in its title', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await renderCard();
    const rewrite = screen.getByRole('button', { name: 'Rewrite' });
    expect(rewrite.hasAttribute('disabled')).toBe(true);
    expect(rewrite.getAttribute('title')).toBe('You are offline');
    expect(screen.getByText('You are offline: Rewrite needs the network.')).toBeTruthy();
  });

  it('copies the answer and says so', async () => {
    const { user } = await renderCard();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('Queue them locally.');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('counts a copied answer as a good find, through the outbox', async () => {
    const { db, user } = await renderCard();
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(async () =>
      expect((await db.outbox.toArray()).map((row) => [row.kind, row.postId, row.value])).toStrictEqual([
        ['copied', 'a', true],
      ]),
    );
    // The card does not wait for it.
    expect(screen.queryByText('Waiting to sync')).toBeNull();
  });

  it("hides the post at once with 'Not relevant', offers Undo, and queues the mark for the server", async () => {
    const { db, user } = await renderCard();
    await act(() => user.click(screen.getByRole('button', { name: 'Not relevant' })));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Answer' })).toBeNull());
    expect(screen.getByRole('status').textContent).toContain('Post hidden as not relevant.');
    const rows = await db.outbox.toArray();
    expect(rows.map((row) => [row.kind, row.postId, row.value])).toStrictEqual([['relevance', 'a', false]]);
    expect((await db.posts.get('a'))?.hidden).toBe(true);

    await act(() => user.click(screen.getByRole('button', { name: 'Undo' })));
    await screen.findByRole('textbox', { name: 'Answer' });
    expect(screen.queryByRole('status')).toBeNull();
    expect((await db.outbox.toArray()).map((row) => row.value)).toStrictEqual([false, null]);
  });

  it('puts Undo away after a few seconds and leaves the post hidden', async () => {
    const { db, user } = await renderCard();
    await act(() => user.click(screen.getByRole('button', { name: 'Not relevant' })));
    await screen.findByRole('status');
    // Undo stays a few seconds; the suite waits longer for a condition (tests/support/setup-dom.ts).
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByRole('textbox', { name: 'Answer' })).toBeNull();
    expect((await db.posts.get('a'))?.hidden).toBe(true);
  });

  it("keeps 'Not relevant' disabled while the cards are the server's, not the mirror's", async () => {
    const db = openTestMirror('card-server');
    await writePosts(db, slice, [serverPost({ id: 'a' })]);
    const post = await db.posts.get('a');
    if (!post) throw new Error('no post');
    render(
      <PostsEditable.Provider value={false}>
        <PostCard post={post} db={db} autopost autopostingSetup />
      </PostsEditable.Provider>,
    );
    expect(screen.getByRole('button', { name: 'Not relevant' }).hasAttribute('disabled')).toBe(true);
  });

  it("binds 'Publish' to approved with the autopost add-on", async () => {
    const { db, user } = await renderCard({ approved: false });
    const publish = screen.getByRole('checkbox', { name: 'Publish' });
    await user.click(publish);
    await waitFor(async () => expect((await db.posts.get('a'))?.approved).toBe(true));
    const row = (await db.outbox.toArray()).at(-1);
    expect(row).toMatchObject({ kind: 'approval', value: true });
  });

  it("opens the setup modal when 'Publish' is clicked before autoposting is set up, instead of approving", async () => {
    const setUp = vi.fn();
    const { db, user } = await renderCard(
      { approved: false },
      { autopostingSetup: false, onSetUpAutoposting: setUp },
    );
    const publish = screen.getByRole('checkbox', { name: 'Publish' }) as HTMLInputElement;
    expect(publish.disabled).toBe(false);
    // In words on the card: a hover title is never seen on a phone.
    expect(screen.getByText('Set up autoposting first')).toBeTruthy();
    await user.click(publish);
    expect(setUp).toHaveBeenCalledTimes(1);
    expect(publish.checked).toBe(false);
    expect((await db.posts.get('a'))?.approved).toBe(false);
    expect(await db.outbox.count()).toBe(0);
  });

  it("disabled controls say why in visible text: 'Publish' is off before autoposting is set up, and says so", async () => {
    await renderCard({}, { autopostingSetup: false });
    expect(screen.getByRole('checkbox', { name: 'Publish' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Set up autoposting first')).toBeTruthy();
  });

  it("approves with 'Publish' once autoposting is set up, without opening the setup", async () => {
    const setUp = vi.fn();
    const { db, user } = await renderCard({ approved: false }, { onSetUpAutoposting: setUp });
    expect(screen.queryByText('Set up autoposting first')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Publish' }));
    await waitFor(async () => expect((await db.posts.get('a'))?.approved).toBe(true));
    expect(setUp).not.toHaveBeenCalled();
  });

  it("offers 'Copy and post yourself' on Hacker News instead of 'Publish', and says why", async () => {
    const { db, user } = await renderCard({}, { social: 'hackernews', onSetUpAutoposting: vi.fn() });
    expect(screen.queryByRole('checkbox', { name: 'Publish' })).toBeNull();
    // It is the card's copy action: no second copy button.
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const byHand = screen.getByRole('button', { name: 'Copy and post yourself' });
    const why = 'Hacker News forbids generated comments: post it yourself.';
    expect(screen.getByText(why)).toBeTruthy();
    expect(document.getElementById(byHand.getAttribute('aria-describedby') ?? '')?.textContent).toBe(why);
    await user.click(byHand);
    expect(writeText).toHaveBeenCalledWith('Queue them locally.');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    await waitFor(async () => expect((await db.outbox.toArray()).map((row) => row.kind)).toEqual(['copied']));
  });

  it("keeps the plain 'Copy' on Hacker News without the add-on", async () => {
    await renderCard({}, { social: 'hackernews', autopost: false });
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy and post yourself' })).toBeNull();
  });

  it('shows why an approved reply waits, under the control', async () => {
    await renderCard({ approved: true, publishNote: 'Waiting for tomorrow: 5 replies on Reddit today.' });
    expect(screen.getByText('Waiting for tomorrow: 5 replies on Reddit today.')).toBeTruthy();
    cleanup();
    await renderCard({ approved: false, publishNote: 'Waiting for tomorrow: 5 replies on Reddit today.' });
    expect(screen.queryByText(/Waiting for tomorrow/)).toBeNull();
  });

  it("keeps 'Published' for a published reply and links to the reply itself in a new tab", async () => {
    await renderCard({
      published: true,
      approved: true,
      replyUrl: 'https://www.reddit.com/r/crm/comments/1/c/2',
    });
    expect(screen.getByText('Published')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'View reply' });
    expect(link.getAttribute('href')).toBe('https://www.reddit.com/r/crm/comments/1/c/2');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    cleanup();
    await renderCard({ published: true, approved: true, replyUrl: null });
    expect(screen.getByText('Published')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View reply' })).toBeNull();
  });

  /** A synced post's card, drawn with the cards editable (the mirror's) or not (the server's). */
  const switchableCard = () => {
    const db = openTestMirror('card');
    const post: MirrorPost = {
      ...serverPost({ id: 'a', answer: 'Queue them locally.' }),
      ...slice,
      syncState: 'synced',
      parkedReason: null,
      conflict: null,
    };
    const card = (editable: boolean) => (
      <PostsEditable.Provider value={editable}>
        <PostCard post={post} db={db} autopost autopostingSetup />
      </PostsEditable.Provider>
    );
    return { post, card };
  };

  it("keeps the answer read-only and 'Publish' disabled while the cards are the server's, not the mirror's", async () => {
    const { card } = switchableCard();
    const { rerender } = render(card(false));
    const answer = screen.getByRole('textbox', { name: 'Answer' });
    const user = userEvent.setup();
    await user.type(answer, ' Typed too early.');
    expect((answer as HTMLTextAreaElement).value).toBe('Queue them locally.');
    expect(screen.getByRole('checkbox', { name: 'Publish' }).hasAttribute('disabled')).toBe(true);

    rerender(card(true));
    await user.type(answer, ' Typed now.');
    expect((answer as HTMLTextAreaElement).value).toBe('Queue them locally. Typed now.');
    expect(screen.getByRole('checkbox', { name: 'Publish' }).hasAttribute('disabled')).toBe(false);
  });

  it('brings back what was typed as the page last went away once, never over what is typed after', async () => {
    const { post, card } = switchableCard();
    keepUnsavedAnswer('a', 'Queue them locally. Kept as the page went away.', post.answerVersion);
    const { rerender } = render(card(true));
    const answer = screen.getByRole('textbox', { name: 'Answer' }) as HTMLTextAreaElement;
    expect(answer.value).toBe('Queue them locally. Kept as the page went away.');
    const user = userEvent.setup();
    await user.type(answer, ' Typed since.');
    // The cards turn read-only for a moment, then editable again.
    rerender(card(false));
    rerender(card(true));
    expect(answer.value).toBe('Queue them locally. Kept as the page went away. Typed since.');
  });

  it('published answers are read-only with the reason shown, so nothing is typed into them to be refused', async () => {
    const { user } = await renderCard({ published: true, answer: 'Sent as it is.' });
    const answer = screen.getByRole('textbox', { name: 'Answer' });
    await user.type(answer, ' More.');
    expect((answer as HTMLTextAreaElement).value).toBe('Sent as it is.');
    expect(screen.getByText('This reply is published and can no longer be changed.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rewrite' }).hasAttribute('disabled')).toBe(true);
  });

  it("shows 'Published' for a published post, and neither without the add-on", async () => {
    await renderCard({ published: true });
    expect(screen.getByText('Published')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Publish' })).toBeNull();
    cleanup();
    await renderCard({}, { autopost: false });
    expect(screen.queryByRole('checkbox', { name: 'Publish' })).toBeNull();
    expect(screen.queryByText('Published')).toBeNull();
  });

  it('shows a parked change with its reason, Retry and Discard', async () => {
    await renderCard({ syncState: 'parked', parkedReason: 'Answer is too long' });
    expect(screen.getByText('Answer is too long')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Discard' })).toBeTruthy();
  });

  it('the conflict card highlights the differing words, and only those', async () => {
    await renderCard({
      answer: 'Queue the edits locally and send them later.',
      syncState: 'conflict',
      conflict: { serverAnswer: 'Queue the edits on the device and send them later.', serverVersion: 3 },
    });
    // The conflict's code loads when a conflict shows.
    const conflict = await screen.findByRole('alert');
    expect(conflict.textContent).toContain('The words that differ are highlighted.');
    await waitFor(() =>
      expect([...conflict.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
        'locally ',
        'on the device ',
      ]),
    );
  });

  it('shows both texts of a conflict and keeps the one chosen', async () => {
    const { db, user } = await renderCard({
      answer: 'Mine.',
      syncState: 'conflict',
      conflict: { serverAnswer: 'Theirs.', serverVersion: 3 },
    });
    expect(await screen.findByText('Your text')).toBeTruthy();
    expect(screen.getByText('Text on the server')).toBeTruthy();
    expect((await screen.findByText('Theirs.')).tagName).toBe('MARK');
    expect(screen.getByRole('button', { name: 'Keep mine' })).toBeTruthy();
    await act(() => user.click(screen.getByRole('button', { name: 'Keep theirs' })));
    await waitFor(async () => expect((await db.posts.get('a'))?.answer).toBe('Theirs.'));
  });
});
