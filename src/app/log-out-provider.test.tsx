import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serverPost } from '@tests/support/fake-api-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MirrorDb } from '@/db/mirror';
import { writePosts } from '@/db/mirror-writes';
import { editAnswer } from '@/sync/answer-outbox';
import type { SyncEngine, SyncEngineOptions } from '@/sync/sync-engine';
import { UnsentChangesError } from '@/sync/unsent-changes-error';
import { fakeAuth, withApp } from '../../tests/support/app-test-utils';
import { LogOutProvider } from './log-out-provider';
import { PendingChangesIndicator } from './shell/pending-changes-indicator';
import { SyncEngineContext, SyncEngineProvider } from './sync-engine-provider';
import { useLogOut } from './use-log-out';

const open: MirrorDb[] = [];

afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 20));
  for (const db of open.splice(0)) db.close();
  vi.restoreAllMocks();
});

async function dbWithOneEdit(): Promise<MirrorDb> {
  const db = new MirrorDb(`logout-${crypto.randomUUID()}`);
  open.push(db);
  await writePosts(db, { projectId: 'p1', social: 'reddit', foundDate: '2025-03-05' }, [
    serverPost({ id: 'a' }),
  ]);
  await editAnswer(db, 'a', 'Mine.');
  return db;
}

function fakeEngine(flushBeforeLogout: () => Promise<void>): SyncEngine {
  return {
    start: vi.fn(),
    stop: vi.fn(),
    flush: vi.fn(async () => undefined),
    flushBeforeLogout: vi.fn(flushBeforeLogout),
    pendingCount: { subscribe: vi.fn() } as unknown as SyncEngine['pendingCount'],
  };
}

function LogOutButton() {
  const logOut = useLogOut();
  return (
    <button type="button" onClick={() => void logOut()}>
      Log out
    </button>
  );
}

function renderWith(db: MirrorDb, engine: SyncEngine) {
  const auth = fakeAuth();
  const { Wrapper } = withApp('/mentions', auth);
  render(
    <SyncEngineContext.Provider value={{ db, engine }}>
      <LogOutProvider>
        <PendingChangesIndicator />
        <LogOutButton />
      </LogOutProvider>
    </SyncEngineContext.Provider>,
    { wrapper: Wrapper },
  );
  return { auth, user: userEvent.setup() };
}

describe('log out with the sync engine', () => {
  it('shows how many changes wait to sync', async () => {
    const db = await dbWithOneEdit();
    renderWith(
      db,
      fakeEngine(async () => undefined),
    );
    expect(await screen.findByText('1 change waiting to sync')).toBeTruthy();
    await editAnswer(db, 'a', 'Mine again.');
    await writePosts(db, { projectId: 'p1', social: 'reddit', foundDate: '2025-03-05' }, [
      serverPost({ id: 'b' }),
    ]);
    await editAnswer(db, 'b', 'Other.');
    expect(await screen.findByText(/changes waiting to sync/)).toBeTruthy();
  });

  it("the indicator says 'A change needs your choice' for a change in conflict, not that it waits to sync", async () => {
    const db = await dbWithOneEdit();
    // The server refused the edit as based on an older version (409): the change waits for a choice.
    await db.outbox.toCollection().modify({ state: 'parked', reason: 'Changed elsewhere' });
    await db.posts.update('a', {
      syncState: 'conflict',
      conflict: { serverAnswer: 'Theirs.', serverVersion: 2 },
    });
    renderWith(
      db,
      fakeEngine(async () => undefined),
    );
    expect(await screen.findByText('A change needs your choice')).toBeTruthy();
    expect(screen.queryByText(/waiting to sync/)).toBeNull();
  });

  it('queued edits are sent within 10 s of recovery, and Retry now sends at once (offered only while online)', async () => {
    const db = await dbWithOneEdit();
    const engine = fakeEngine(async () => undefined);
    const { user } = renderWith(db, engine);
    await screen.findByText('1 change waiting to sync');
    await user.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(engine.flush).toHaveBeenCalledTimes(1);
    cleanup();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWith(
      db,
      fakeEngine(async () => undefined),
    );
    await screen.findByText('Offline · 1 change waiting to sync');
    expect(screen.queryByRole('button', { name: 'Retry now' })).toBeNull();
  });

  it('says when the device is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const db = await dbWithOneEdit();
    renderWith(
      db,
      fakeEngine(async () => undefined),
    );
    expect(await screen.findByText('Offline · 1 change waiting to sync')).toBeTruthy();
  });

  it('empties the mirror and signs out after a clean flush', async () => {
    const db = await dbWithOneEdit();
    await db.outbox.clear();
    const engine = fakeEngine(async () => undefined);
    const { auth, user } = renderWith(db, engine);
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(auth.signOut).toHaveBeenCalled());
    expect(engine.flushBeforeLogout).toHaveBeenCalled();
    expect(await db.posts.count()).toBe(0);
  });

  it("asks before dropping unsent changes: 'Stay' keeps them and the session", async () => {
    const db = await dbWithOneEdit();
    const { auth, user } = renderWith(
      db,
      fakeEngine(async () => {
        throw new UnsentChangesError(2);
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(
      await screen.findByRole('dialog', { name: 'You have 2 changes that are not sent yet' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(1);
  });

  it("'Log out anyway' empties the mirror and the outbox, then signs out", async () => {
    const db = await dbWithOneEdit();
    const { auth, user } = renderWith(
      db,
      fakeEngine(async () => {
        throw new UnsentChangesError(1);
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(
      await screen.findByRole('dialog', { name: 'You have 1 change that is not sent yet' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Log out anyway' }));
    await waitFor(() => expect(auth.signOut).toHaveBeenCalled());
    expect(await db.outbox.count()).toBe(0);
    expect(await db.posts.count()).toBe(0);
  });

  it('starts one engine after sign-in and stops it when the signed-in app goes', async () => {
    const db = new MirrorDb(`engine-${crypto.randomUUID()}`);
    open.push(db);
    const engine = fakeEngine(async () => undefined);
    const create = vi.fn((_options: SyncEngineOptions) => engine);
    const auth = fakeAuth();
    const { Wrapper } = withApp('/mentions', auth);
    const { unmount, rerender } = render(
      <SyncEngineProvider db={db} create={create}>
        <span>app</span>
      </SyncEngineProvider>,
      { wrapper: Wrapper },
    );
    rerender(
      <SyncEngineProvider db={db} create={create}>
        <span>app again</span>
      </SyncEngineProvider>,
    );
    // Made and started once the first screen has settled (at once here: nothing holds it), once.
    await waitFor(() => expect(engine.start).toHaveBeenCalled());
    expect(create).toHaveBeenCalledTimes(1);
    await create.mock.calls[0]?.[0].waitForAuth?.();
    expect(auth.getToken).toHaveBeenCalled();
    unmount();
    expect(engine.stop).toHaveBeenCalled();
  });
});
