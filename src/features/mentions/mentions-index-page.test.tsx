import 'fake-indexeddb/auto';
import { cleanup, render, waitFor } from '@testing-library/react';
import { fakeAuth, ok, withApp } from '@tests/support/app-test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAll, getMirrorDb } from '@/db/mirror';
import { writeSocials } from '@/db/mirror-writes';
import { MentionsIndexPage } from './mentions-index-page';

afterEach(async () => {
  cleanup();
  await clearAll(getMirrorDb());
  vi.unstubAllGlobals();
});

describe('MentionsIndexPage', () => {
  it('goes to the first social of the list', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok([{ id: 's2', slug: 'hacker-news', name: 'Hacker News' }])),
    );
    const { Wrapper, location } = withApp('/mentions', fakeAuth());
    render(<MentionsIndexPage />, { wrapper: Wrapper });
    await waitFor(() => expect(location.history.at(-1)).toBe('/mentions/hacker-news'));
  });

  it('goes to the first social kept on the device when the list cannot be fetched', async () => {
    await writeSocials(getMirrorDb(), [
      { id: 's1', slug: 'reddit', name: 'Reddit' },
      { id: 's2', slug: 'hacker-news', name: 'Hacker News' },
    ]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { Wrapper, location } = withApp('/mentions', fakeAuth());
    render(<MentionsIndexPage />, { wrapper: Wrapper });
    await waitFor(() => expect(location.history.at(-1)).toBe('/mentions/reddit'));
  });
});
