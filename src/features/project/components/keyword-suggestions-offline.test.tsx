import 'fake-indexeddb/auto';
import type { KeywordProposal } from '@contract/keyword-proposals';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { projectFixture } from '@tests/support/api-fixtures';
import { fakeAuth, ok, withApp } from '@tests/support/app-test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMirrorDb } from '@/db/mirror';
import { ProjectPage } from '../project-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  await getMirrorDb().projects.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const proposals: KeywordProposal[] = [
  { name: 'time tracking', filter: null, weeklyPosts: 40, more: false },
  { name: 'late payments', filter: 'overdue -hiring', weeklyPosts: 100, more: true },
  { name: 'billing software', filter: null, weeklyPosts: null, more: false },
];
const project = projectFixture({ keywords: [{ name: 'crm', filter: null }], keywordProposals: proposals });

function renderPage() {
  const { Wrapper } = withApp('/project', fakeAuth());
  render(<ProjectPage />, { wrapper: Wrapper });
}

describe('suggested keywords offline', () => {
  it('show from the copy kept on this device when the server cannot be reached, and can be added', async () => {
    fetchMock.mockImplementation(async () => ok([project]));
    renderPage();
    await screen.findByRole('group', { name: 'Suggested keywords' });
    // The proposals are kept as the server gave them.
    await waitFor(async () =>
      expect((await getMirrorDb().projects.get('p1'))?.keywordProposals).toEqual(proposals),
    );
    cleanup();

    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderPage();
    const group = within(await screen.findByRole('group', { name: 'Suggested keywords' }));
    expect(group.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Add keyword time tracking, 40 posts a week',
      'Add keyword late payments, 100+ posts a week',
      'Add keyword billing software, No estimate',
    ]);

    await userEvent.setup().click(group.getByRole('button', { name: /^Add keyword late payments/ }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Manage keyword filter for late payments' })).toBeTruthy(),
    );
    expect(group.queryByRole('button', { name: /^Add keyword late payments/ })).toBeNull();
  });
});
