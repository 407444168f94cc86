import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiCacheProvider } from '@/lib/api-cache';
import { AuthContext, type AuthState } from '@/lib/auth';

/** A signed-in admin of workspace Acme, with every action mocked; override what a test needs. */
export function fakeAuth(overrides: Partial<AuthState> = {}): AuthState {
  const email = { id: 'e1', emailAddress: 'ada@example.com' };
  return {
    isLoaded: true,
    isSignedIn: true,
    user: { id: 'u1', username: null, emailAddresses: [email], primaryEmailAddress: email },
    activeWorkspace: { id: 'w1', name: 'Acme' },
    role: 'org:admin',
    memberships: [{ workspace: { id: 'w1', name: 'Acme' }, role: 'org:admin' }],
    membershipsLoaded: true,
    invitations: [],
    invitationsLoaded: true,
    emailVerified: true,
    confirmEmail: vi.fn(async () => undefined),
    sendEmailCode: vi.fn(async () => undefined),
    setActive: vi.fn(async () => undefined),
    createOrganization: vi.fn(async (name: string) => ({ id: 'w2', name })),
    invitationsManagedByApp: true,
    acceptInvitation: vi.fn(async () => undefined),
    declineInvitation: vi.fn(async () => undefined),
    inviteMember: vi.fn(async (email: string, role: 'org:admin' | 'org:member') => ({
      id: 'i1',
      workspace: { id: 'w1', name: 'Acme' },
      email,
      role,
    })),
    getToken: vi.fn(async () => 'token'),
    signOut: vi.fn(async () => undefined),
    ...overrides,
  };
}

function AppProviders({
  auth,
  location,
  children,
}: {
  auth: AuthState;
  location: ReturnType<typeof memoryLocation>;
  children: ReactNode;
}) {
  return (
    <AuthContext.Provider value={auth}>
      <ApiCacheProvider config={{ dedupingInterval: 0 }}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {children}
        </Router>
      </ApiCacheProvider>
    </AuthContext.Provider>
  );
}

/** A wrapper that renders at `path` with `auth`, a fresh data cache and a recorded in-memory location. */
export function withApp(path: string, auth: AuthState) {
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders auth={auth} location={location}>
      {children}
    </AppProviders>
  );
  return { location, Wrapper: wrapper };
}

export { jsonResponse as json, okResponse as ok } from '@tests/support/api-fixtures';
