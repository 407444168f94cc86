import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serverPost } from '@tests/support/fake-api-server';
import { closeTestMirrors, openTestMirror } from '@tests/support/test-mirror';
import { useLiveQuery } from 'dexie-react-hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MirrorDb } from '@/db/mirror';
import { writePosts } from '@/db/mirror-writes';
import { keepUnsavedAnswer, unsavedAnswer } from '../unsaved-answers';
import { PostCard } from './post-card';

const slice = { projectId: 'p1', social: 'reddit', foundDate: '2025-03-05' };

afterEach(async () => {
  await closeTestMirrors();
  localStorage.clear();
});

function LiveCard({ db }: { db: MirrorDb }) {
  const post = useLiveQuery(() => db.posts.get('a'), [db]);
  return post ? <PostCard post={post} db={db} autopost={false} autopostingSetup={false} /> : null;
}

async function renderCard() {
  const db = openTestMirror('draft');
  await writePosts(db, slice, [serverPost({ id: 'a', answer: 'Queue them locally.', answerVersion: 1 })]);
  render(<LiveCard db={db} />);
  const answer = (await screen.findByRole('textbox', { name: 'Answer' })) as HTMLTextAreaElement;
  return { db, answer, user: userEvent.setup() };
}

describe("the answer's draft", () => {
  it("a teammate's edit is never silently overwritten: the save names the version typing started on", async () => {
    const { db, answer, user } = await renderCard();
    await user.type(answer, ' On the phone');
    // A teammate's edit arrives while the person is still typing (nothing of this device is queued yet).
    await writePosts(db, slice, [serverPost({ id: 'a', answer: 'Laptop text', answerVersion: 2 })]);
    await waitFor(async () => expect((await db.posts.get('a'))?.answerVersion).toBe(2));
    await user.type(answer, ', more');

    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect(await db.outbox.toArray()).toMatchObject([
      { kind: 'answer', value: 'Queue them locally. On the phone, more', baseVersion: 1 },
    ]);
  });

  it('an edit begun after the teammate’s edit arrived is based on that edit', async () => {
    const { db, answer, user } = await renderCard();
    await writePosts(db, slice, [serverPost({ id: 'a', answer: 'Laptop text', answerVersion: 2 })]);
    await waitFor(() => expect(answer.value).toBe('Laptop text'));
    await user.type(answer, '!');

    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect(await db.outbox.toArray()).toMatchObject([{ value: 'Laptop text!', baseVersion: 2 }]);
  });

  it('an answer kept as the page went away is not brought back once the person typed on from it', async () => {
    // The last page went away 100 ms after typing: its text was kept, and this page takes it up.
    keepUnsavedAnswer('a', 'Queue them locally. Kept', 1);
    const { db, answer, user } = await renderCard();
    await waitFor(() => expect(answer.value).toBe('Queue them locally. Kept'));
    // The person types on before the kept text's own save.
    await user.type(answer, ' and more');
    await waitFor(
      async () => expect((await db.posts.get('a'))?.answer).toBe('Queue them locally. Kept and more'),
      {
        timeout: 2_000,
      },
    );
    await waitFor(() => expect(unsavedAnswer('a')).toBeNull());

    // The next page shows the newest text, not the one kept before it.
    cleanup();
    render(<LiveCard db={db} />);
    const again = (await screen.findByRole('textbox', { name: 'Answer' })) as HTMLTextAreaElement;
    await waitFor(() => expect(again.value).toBe('Queue them locally. Kept and more'));
    expect((await db.outbox.toArray()).map((row) => row.value).at(-1)).toBe(
      'Queue them locally. Kept and more',
    );
  });

  it('the last half-second of typing survives a reload that comes while its save is being written', async () => {
    const { db, answer, user } = await renderCard();
    // The pause has passed and the save has begun, but the mirror's write never lands: the page goes first.
    const writing = vi.spyOn(db, 'transaction').mockReturnValue(new Promise(() => {}) as never);
    await user.type(answer, '!');
    await waitFor(() => expect(writing).toHaveBeenCalled(), { timeout: 2_000 });
    fireEvent(window, new Event('pagehide'));
    expect(unsavedAnswer('a')).toEqual({ text: 'Queue them locally.!', startedFrom: 1 });
  });

  it('keeps the version typing started on with an answer kept as the page goes away', async () => {
    const { answer, user } = await renderCard();
    await user.type(answer, '!');
    fireEvent(window, new Event('pagehide'));
    expect(unsavedAnswer('a')).toEqual({ text: 'Queue them locally.!', startedFrom: 1 });
  });
});
