import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import { ok } from '@tests/support/app-test-utils';
import { closeTestMirrors, openTestMirror } from '@tests/support/test-mirror';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keptCopies } from '@/db/kept-copies';
import type { MirrorDb } from '@/db/mirror';
import { ApiCacheProvider } from '@/lib/api-cache';
import { type CopyShown, useApi } from '@/lib/use-api';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  await closeTestMirrors();
  vi.unstubAllGlobals();
});

const social = (slug: string) => ({ id: slug, slug, name: slug });

/** The socials as a screen shows them, and where they come from. */
function Socials({ db, shown }: { db: MirrorDb; shown: CopyShown }) {
  const call = useApi('listSocials', {}, { kept: keptCopies.socials(db), shown, shouldRetryOnError: false });
  const slugs = call.data?.map((one) => one.slug).join(',') ?? 'loading';
  return (
    <p>
      {slugs} {call.kept ? '(kept)' : '(asked)'} {call.error ? `failed ${call.error.status}` : ''}
    </p>
  );
}

function show(db: MirrorDb, shown: CopyShown) {
  render(
    <ApiCacheProvider>
      <Socials db={db} shown={shown} />
    </ApiCacheProvider>,
  );
}

/** An answer that comes only when `answer` is called. */
function answerLater() {
  let answer: (slugs: string[]) => void = () => undefined;
  fetchMock.mockImplementation(
    () =>
      new Promise<Response>((resolve) => {
        answer = (slugs) => resolve(ok(slugs.map(social)));
      }),
  );
  return (slugs: string[]) => answer(slugs);
}

const dropped = () =>
  fetchMock.mockImplementation(async () => {
    throw new TypeError('Failed to fetch');
  });

describe('useApi with a copy kept on this device', () => {
  it('keeps what the API answered, so the next start has it', async () => {
    const db = openTestMirror();
    fetchMock.mockImplementation(async () => ok([social('reddit')]));
    show(db, 'meanwhile');
    expect(await screen.findByText(/reddit \(asked\)/)).toBeTruthy();
    await waitFor(async () => expect(await keptCopies.socials(db).read()).toEqual([social('reddit')]));
  });

  it("'meanwhile': the kept copy shows until the API answers, then the answer", async () => {
    const db = openTestMirror();
    await keptCopies.socials(db).keep([social('kept')]);
    const answer = answerLater();
    show(db, 'meanwhile');
    expect(await screen.findByText(/kept \(kept\)/)).toBeTruthy();
    answer(['reddit']);
    expect(await screen.findByText(/reddit \(asked\)/)).toBeTruthy();
  });

  it("'meanwhile': offline, the kept copy shows beside the failure", async () => {
    const db = openTestMirror();
    await keptCopies.socials(db).keep([social('kept')]);
    dropped();
    show(db, 'meanwhile');
    expect(await screen.findByText(/kept \(kept\) failed 0/)).toBeTruthy();
  });

  it("'offline': nothing kept shows while the API is asked, and the copy answers when it cannot be reached", async () => {
    const db = openTestMirror();
    await keptCopies.socials(db).keep([social('kept')]);
    const answer = answerLater();
    show(db, 'offline');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.getByText(/loading/)).toBeTruthy();
    answer(['reddit']);
    expect(await screen.findByText(/reddit \(asked\)/)).toBeTruthy();

    await closeTestMirrors();
    const next = openTestMirror();
    await keptCopies.socials(next).keep([social('kept')]);
    dropped();
    show(next, 'offline');
    // The copy is the answer: no failure to show.
    expect(await screen.findByText(/^kept \(asked\)\s*$/)).toBeTruthy();
  });

  it("'first': the kept copy shows whenever it holds something, and takes the API's answer in", async () => {
    const db = openTestMirror();
    await keptCopies.socials(db).keep([social('kept')]);
    const answer = answerLater();
    show(db, 'first');
    expect(await screen.findByText(/kept \(kept\)/)).toBeTruthy();
    answer(['reddit']);
    expect(await screen.findByText(/reddit \(kept\)/)).toBeTruthy();
  });

  it("'first': with nothing kept yet, the API's answer shows", async () => {
    const db = openTestMirror();
    const answer = answerLater();
    show(db, 'first');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    answer(['reddit']);
    expect(await screen.findByText(/reddit \((asked|kept)\)/)).toBeTruthy();
    // Then from the copy, once kept.
    expect(await screen.findByText(/reddit \(kept\)/)).toBeTruthy();
  });
});
