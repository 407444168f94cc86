import 'fake-indexeddb/auto';
import { act, render, screen, waitFor } from '@testing-library/react';
import { okResponse, projectFixture } from '@tests/support/api-fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAll, getMirrorDb } from '@/db/mirror';
import { writeProjects, writeSubscription } from '@/db/mirror-writes';
import { apiClient } from '@/lib/api-client';
import { serverReach } from '@/lib/server-reach';
import type { SyncEngine } from '@/sync/sync-engine';
import { fakeAuth, withApp } from '../../../tests/support/app-test-utils';
import { PendingChangesIndicator } from '../shell/pending-changes-indicator';
import { SyncEngineContext } from '../sync-engine-provider';
import { SignedInGates } from './signed-in-gates';

/** A proxy in front of the server during a deploy: a 503 page that is not the API's. */
const proxyPage = () =>
  new Response('<html><body>503 Service Temporarily Unavailable</body></html>', {
    status: 503,
    headers: { 'Content-Type': 'text/html' },
  });

let serverUp = false;
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  if (!serverUp) return proxyPage();
  const path = String(input);
  if (path === '/api/subscription') return okResponse({ active: true, addons: {} });
  if (path === '/api/projects') return okResponse([projectFixture({ name: 'Radar, fresh' })]);
  return okResponse([]);
});

beforeEach(async () => {
  serverUp = false;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  // What an earlier visit kept on this device.
  await writeSubscription(getMirrorDb(), 'w1', { active: true, addons: {} });
  await writeProjects(getMirrorDb(), 'w1', [projectFixture()]);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  serverReach.set(true);
  await clearAll(getMirrorDb());
});

const engine: SyncEngine = {
  start: vi.fn(),
  stop: vi.fn(),
  flush: vi.fn(async () => undefined),
  flushBeforeLogout: vi.fn(async () => undefined),
  pendingCount: { subscribe: vi.fn() } as unknown as SyncEngine['pendingCount'],
};

function projectRequests(): number {
  return fetchMock.mock.calls.filter(([url]) => String(url) === '/api/projects').length;
}

describe('a page load while the server answers 5xx', () => {
  it('a 5xx at load opens from the device', async () => {
    const { Wrapper } = withApp('/mentions/reddit', fakeAuth());
    render(
      <SyncEngineContext.Provider value={{ db: getMirrorDb(), engine }}>
        <PendingChangesIndicator />
        <SignedInGates>
          <p>the page</p>
        </SignedInGates>
      </SyncEngineContext.Provider>,
      { wrapper: Wrapper },
    );

    // The gates open with what the device kept, and the person is told the server is out of reach.
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(await screen.findByText("Can't reach ReplyRadar")).toBeTruthy();
    const asked = projectRequests();

    // The server is back: its first answer (the session's, say) clears the indicator, and the screens ask again.
    serverUp = true;
    await act(() => apiClient.call('listSocials'));
    await waitFor(() => expect(screen.queryByText("Can't reach ReplyRadar")).toBeNull());
    await waitFor(() => expect(projectRequests()).toBeGreaterThan(asked));
    expect(screen.getByText('the page')).toBeTruthy();
  });
});
