import { failureResponse, okResponse, sessionFixture } from '@tests/support/api-fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalSessionStore, savedSessionKey } from './local-session';

const now = 1_700_000_000_000;

const session = (token: string, expiresAt = now + 10 * 60_000) => sessionFixture({ token, expiresAt });
const ok = okResponse;
const unauthorized = () => failureResponse(401, 'Not signed in', 'unauthorized');

const fetchMock = vi.fn<typeof fetch>();

function requestsTo(path: string): number {
  return fetchMock.mock.calls.filter(([url]) => String(url) === path).length;
}

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('local session', () => {
  it('starts signed in as the session the page came with, without asking the server, and keeps it for offline', async () => {
    const store = new LocalSessionStore(() => now, session('page-token'));
    store.start();
    expect(store.getSnapshot()).toEqual({ status: 'signed-in', session: session('page-token') });
    await expect(store.getToken()).resolves.toBe('page-token');
    expect(fetchMock).not.toHaveBeenCalled();
    // Kept for offline once the first screen has shown, without the token.
    await vi.waitFor(() =>
      expect(JSON.parse(localStorage.getItem(savedSessionKey) ?? 'null')).toMatchObject({ token: '' }),
    );
  });

  it('starts signed out when the page says nobody is signed in, without asking the server', () => {
    const store = new LocalSessionStore(() => now, null);
    store.start();
    expect(store.getSnapshot()).toEqual({ status: 'signed-out', session: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is signed out once the server refuses the refresh cookie with 401', async () => {
    fetchMock.mockImplementation(async () => unauthorized());
    const store = new LocalSessionStore(() => now);
    expect(store.getSnapshot().status).toBe('loading');
    await store.refresh();
    expect(store.getSnapshot()).toEqual({ status: 'signed-out', session: null });
    await expect(store.getToken()).resolves.toBeNull();
    expect(requestsTo('/api/auth/token')).toBe(1);
  });

  it('is signed out when the server answers that no session cookie is there (data null)', async () => {
    fetchMock.mockImplementation(async () => ok(null));
    const store = new LocalSessionStore(() => now);
    await store.refresh();
    expect(store.getSnapshot()).toEqual({ status: 'signed-out', session: null });
    await expect(store.getToken()).resolves.toBeNull();
  });

  it('is signed in when the refresh cookie still holds a session', async () => {
    fetchMock.mockImplementation(async () => ok(session('t1')));
    const store = new LocalSessionStore(() => now);
    await store.refresh();
    expect(store.getSnapshot().status).toBe('signed-in');
    await expect(store.getToken()).resolves.toBe('t1');
  });

  it('returns the cached token while it has more than 30 s left, without asking the server', async () => {
    fetchMock.mockImplementation(async () => ok(session('t1', now + 31_000)));
    const store = new LocalSessionStore(() => now);
    await store.refresh();
    fetchMock.mockClear();
    await expect(store.getToken()).resolves.toBe('t1');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes a token with 30 s or less left, and concurrent callers share one refresh', async () => {
    fetchMock.mockImplementationOnce(async () => ok(session('old', now + 30_000)));
    const store = new LocalSessionStore(() => now);
    await store.refresh();

    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const tokens = Promise.all([store.getToken(), store.getToken(), store.getToken()]);
    await vi.waitFor(() => expect(requestsTo('/api/auth/token')).toBe(2));
    answer(ok(session('new')));
    await expect(tokens).resolves.toEqual(['new', 'new', 'new']);
    expect(requestsTo('/api/auth/token')).toBe(2);
  });

  it('signs the person out locally when the refresh of an expiring token gets 401', async () => {
    fetchMock.mockImplementationOnce(async () => ok(session('old', now + 5_000)));
    const store = new LocalSessionStore(() => now);
    await store.refresh();
    const listener = vi.fn();
    store.subscribe(listener);
    fetchMock.mockImplementationOnce(async () => unauthorized());
    await expect(store.getToken()).resolves.toBeNull();
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(listener).toHaveBeenCalled();
  });

  it('retries the first check while the server cannot be reached, and stays loading meanwhile', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockImplementationOnce(async () => ok(session('t1')));
    const store = new LocalSessionStore(() => now);
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getSnapshot().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(store.getSnapshot().status).toBe('signed-in');
    store.stop();
  });

  it('opens offline as the person of the last session, without keeping its token on the device', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(async () => ok(session('secret-token')));
    const online = new LocalSessionStore(() => now);
    await online.refresh();
    expect(localStorage.getItem(savedSessionKey)).not.toContain('secret-token');

    // A reload with no connection: the saved person is signed in, and a call waits for a token.
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const offline = new LocalSessionStore(() => now);
    offline.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(offline.getSnapshot()).toMatchObject({ status: 'signed-in', session: { user: { id: 'u1' } } });
    await expect(offline.getToken()).rejects.toThrow();

    // Back online: the next retry gets a real session.
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => ok(session('t2')));
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(offline.getToken()).resolves.toBe('t2');
    offline.stop();
  });

  it('forgets the saved session on sign-out, and when the server says the cookie is no longer valid', async () => {
    fetchMock.mockImplementationOnce(async () => ok(session('t1')));
    const store = new LocalSessionStore(() => now);
    await store.refresh();
    expect(localStorage.getItem(savedSessionKey)).not.toBeNull();
    fetchMock.mockImplementation(async () => ok(null));
    await store.signOut();
    expect(localStorage.getItem(savedSessionKey)).toBeNull();

    localStorage.setItem(savedSessionKey, JSON.stringify({ ...session(''), expiresAt: 0 }));
    fetchMock.mockImplementation(async () => unauthorized());
    const next = new LocalSessionStore(() => now);
    next.start();
    await vi.waitFor(() => expect(next.getSnapshot().status).toBe('signed-out'));
    expect(localStorage.getItem(savedSessionKey)).toBeNull();
  });

  it('does not let a refresh that was under way undo a sign-out', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const store = new LocalSessionStore(() => now);
    const refreshing = store.refresh();
    fetchMock.mockImplementationOnce(async () => new Response(null, { status: 204 }));
    await store.signOut();
    answer(ok(session('late')));
    await refreshing;
    expect(store.getSnapshot().status).toBe('signed-out');
  });

  it('signs out locally even when the server cannot be reached', async () => {
    fetchMock.mockImplementationOnce(async () => ok(session('t1')));
    const store = new LocalSessionStore(() => now);
    await store.refresh();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await store.signOut();
    expect(store.getSnapshot().status).toBe('signed-out');
    warn.mockRestore();
  });

  it('creates a workspace without reloading the session; making it active lists it, already active', async () => {
    fetchMock.mockImplementationOnce(async () => ok(session('t1')));
    const store = new LocalSessionStore(() => now);
    await store.refresh();
    fetchMock.mockImplementationOnce(async () => ok({ id: 'w1', name: 'Acme' }));
    await expect(store.createWorkspace('Acme')).resolves.toEqual({ id: 'w1', name: 'Acme' });
    expect(store.getSnapshot().session?.memberships).toHaveLength(0);
    expect(requestsTo('/api/auth/token')).toBe(1);

    fetchMock.mockImplementationOnce(async () =>
      ok({
        ...session('t2'),
        activeWorkspaceId: 'w1',
        memberships: [{ workspace: { id: 'w1', name: 'Acme' }, role: 'org:admin' }],
      }),
    );
    await store.setActive('w1');
    expect(store.getSnapshot().session).toMatchObject({ activeWorkspaceId: 'w1', memberships: [{}] });
  });
});

describe('local invitations', () => {
  const invitation = {
    id: 'i1',
    workspace: { id: 'w9', name: 'Zeta' },
    email: 'ada@example.com',
    role: 'org:member',
  };

  async function signedInWithInvitation() {
    fetchMock.mockImplementationOnce(async () => ok({ ...session('t1'), invitations: [invitation] }));
    const store = new LocalSessionStore(() => now);
    await store.refresh();
    return store;
  }

  it('accepts: the answer is the session with that workspace active', async () => {
    const store = await signedInWithInvitation();
    fetchMock.mockImplementationOnce(async () =>
      ok({
        ...session('t2'),
        activeWorkspaceId: 'w9',
        memberships: [{ workspace: invitation.workspace, role: 'org:member' }],
      }),
    );
    await store.acceptInvitation('i1');
    const [url, init] = fetchMock.mock.lastCall ?? [];
    expect(String(url)).toBe('/api/auth/invitations/i1/accept');
    expect(init).toMatchObject({ method: 'POST', body: '{}' });
    expect(store.getSnapshot().session).toMatchObject({
      token: 't2',
      activeWorkspaceId: 'w9',
      invitations: [],
    });
  });

  it('declines: the invitation is no longer listed', async () => {
    const store = await signedInWithInvitation();
    fetchMock.mockImplementationOnce(async () => ok(session('t2')));
    await store.declineInvitation('i1');
    expect(String(fetchMock.mock.lastCall?.[0])).toBe('/api/auth/invitations/i1/decline');
    expect(store.getSnapshot().session?.invitations).toEqual([]);
  });

  it('keeps the session when accepting fails', async () => {
    const store = await signedInWithInvitation();
    fetchMock.mockImplementationOnce(async () => failureResponse(404, 'Invitation not found', 'not_found'));
    await expect(store.acceptInvitation('i1')).rejects.toMatchObject({ status: 404 });
    expect(store.getSnapshot().session?.invitations).toHaveLength(1);
  });

  it('confirms the email with the mailed code: the answer is the session with its invitations', async () => {
    fetchMock.mockImplementationOnce(async () => ok({ ...session('t1'), emailVerified: false }));
    const store = new LocalSessionStore(() => now);
    await store.refresh();
    expect(store.getSnapshot().session?.emailVerified).toBe(false);
    fetchMock.mockImplementationOnce(async () => ok({ ...session('t2'), invitations: [invitation] }));
    await store.confirmEmail('123456');
    const [url, init] = fetchMock.mock.lastCall ?? [];
    expect(String(url)).toBe('/api/auth/verify-email');
    expect(init).toMatchObject({ method: 'POST', body: '{"code":"123456"}' });
    expect(store.getSnapshot().session).toMatchObject({ emailVerified: true, invitations: [invitation] });
  });

  it('asks for a new code', async () => {
    const store = await signedInWithInvitation();
    fetchMock.mockImplementationOnce(async () => ok({ email: 'ada@example.com' }));
    await store.sendEmailCode();
    expect(String(fetchMock.mock.lastCall?.[0])).toBe('/api/auth/verify-email/resend');
  });

  it('reads a session kept before email confirmation existed as not confirmed', async () => {
    const { emailVerified: _, ...kept } = session('');
    localStorage.setItem(savedSessionKey, JSON.stringify(kept));
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    const store = new LocalSessionStore(() => now);
    store.start();
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('signed-in'));
    expect(store.getSnapshot().session?.emailVerified).toBe(false);
    store.stop();
  });

  it('invites a person by email with a role', async () => {
    const store = await signedInWithInvitation();
    fetchMock.mockImplementationOnce(async () =>
      ok({ id: 'i2', workspace: { id: 'w1', name: 'Acme' }, email: 'bob@example.com', role: 'org:admin' }),
    );
    await expect(store.inviteMember('bob@example.com', 'org:admin')).resolves.toMatchObject({ id: 'i2' });
    const [url, init] = fetchMock.mock.lastCall ?? [];
    expect(String(url)).toBe('/api/auth/invitations');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'bob@example.com', role: 'org:admin' });
  });
});
