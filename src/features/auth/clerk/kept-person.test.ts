import { beforeEach, describe, expect, it } from 'vitest';
import type { AuthState } from '@/lib/auth';
import {
  type KeptPerson,
  keptPersonChange,
  keptPersonKey,
  offlineAuthState,
  readKeptPerson,
  writeKeptPerson,
} from './kept-person';

const clerkToken = async () => 'clerk-token';
const notThere = async (): Promise<never> => {
  throw new Error('not there');
};

function state(overrides: Partial<AuthState> = {}): AuthState {
  return {
    isLoaded: true,
    isSignedIn: true,
    user: {
      id: 'user_1',
      username: 'ada',
      emailAddresses: [{ id: 'idn_1', emailAddress: 'ada@example.com' }],
      primaryEmailAddress: { id: 'idn_1', emailAddress: 'ada@example.com' },
    },
    activeWorkspace: { id: 'org_1', name: 'Acme' },
    role: 'org:admin',
    memberships: [
      { workspace: { id: 'org_1', name: 'Acme' }, role: 'org:admin' },
      { workspace: { id: 'org_2', name: 'Beta' }, role: 'org:member' },
    ],
    membershipsLoaded: true,
    invitations: [],
    invitationsLoaded: true,
    emailVerified: true,
    confirmEmail: notThere,
    sendEmailCode: notThere,
    setActive: notThere,
    createOrganization: notThere,
    invitationsManagedByApp: false,
    acceptInvitation: notThere,
    declineInvitation: notThere,
    inviteMember: notThere,
    getToken: clerkToken,
    signOut: notThere,
    ...overrides,
  };
}

/** What Clerk knows from its session cookie alone: the ids, no names, no lists. */
function fromCookieOnly(activeId: string | null): AuthState {
  return state({
    user: { id: 'user_1', username: null, emailAddresses: [], primaryEmailAddress: null },
    activeWorkspace: activeId ? { id: activeId, name: '' } : null,
    memberships: [],
    membershipsLoaded: false,
    invitationsLoaded: false,
  });
}

function keptAda(): KeptPerson {
  const change = keptPersonChange('ready', state());
  if (change.kind !== 'keep') throw new Error('Ada should be kept');
  return change.person;
}

beforeEach(() => localStorage.clear());

describe('the person Clerk last signed in, kept on the device', () => {
  it('is kept once Clerk answered in full, and read back as it was', () => {
    writeKeptPerson(keptAda());
    expect(readKeptPerson()).toEqual({
      user: {
        id: 'user_1',
        username: 'ada',
        emailAddresses: [{ id: 'idn_1', emailAddress: 'ada@example.com' }],
        primaryEmailAddressId: 'idn_1',
      },
      activeWorkspace: { id: 'org_1', name: 'Acme' },
      memberships: [
        { workspace: { id: 'org_1', name: 'Acme' }, role: 'org:admin' },
        { workspace: { id: 'org_2', name: 'Beta' }, role: 'org:member' },
      ],
    });
  });

  it('is not kept before the lists load, nor while Clerk runs without its servers', () => {
    expect(keptPersonChange('ready', state({ membershipsLoaded: false })).kind).toBe('leave');
    expect(keptPersonChange('degraded', state()).kind).toBe('leave');
    expect(keptPersonChange('loading', state({ isLoaded: false })).kind).toBe('leave');
  });

  it('is forgotten when Clerk says nobody is signed in', () => {
    expect(keptPersonChange('ready', state({ isSignedIn: false, user: null })).kind).toBe('forget');
  });

  it('reads as nobody when what is stored is not a person', () => {
    localStorage.setItem(keptPersonKey, '{"user":{"id":1}}');
    expect(readKeptPerson()).toBeNull();
    localStorage.setItem(keptPersonKey, 'not json');
    expect(readKeptPerson()).toBeNull();
  });
});

describe('the auth state while Clerk cannot reach its servers', () => {
  it('online, Clerk is taken as it is', () => {
    const clerk = state({ activeWorkspace: { id: 'org_2', name: 'Beta' }, role: 'org:member' });
    expect(offlineAuthState('ready', clerk, keptAda())).toBe(clerk);
  });

  it('on its session cookie, the kept person gives the names, workspaces and role, Clerk the token', async () => {
    const offline = offlineAuthState('degraded', fromCookieOnly('org_2'), keptAda());
    expect(offline.isSignedIn).toBe(true);
    expect(offline.user?.username).toBe('ada');
    expect(offline.user?.primaryEmailAddress?.emailAddress).toBe('ada@example.com');
    expect(offline.activeWorkspace).toEqual({ id: 'org_2', name: 'Beta' });
    expect(offline.role).toBe('org:member');
    expect(offline.memberships).toHaveLength(2);
    expect(offline.membershipsLoaded).toBe(true);
    expect(offline.invitationsLoaded).toBe(true);
    expect(await offline.getToken()).toBe('clerk-token');
  });

  it('on a cookie without a workspace, the kept active workspace is the active one', () => {
    const offline = offlineAuthState('degraded', fromCookieOnly(null), keptAda());
    expect(offline.activeWorkspace).toEqual({ id: 'org_1', name: 'Acme' });
    expect(offline.role).toBe('org:admin');
  });

  it("on another person's session cookie, nothing kept is shown", () => {
    const someoneElse = state({
      user: { id: 'user_2', username: null, emailAddresses: [], primaryEmailAddress: null },
    });
    expect(offlineAuthState('degraded', someoneElse, keptAda())).toBe(someoneElse);
  });

  it('signed out on its cookie, the person stays signed out', () => {
    const signedOut = state({ isSignedIn: false, user: null });
    expect(offlineAuthState('degraded', signedOut, keptAda()).isSignedIn).toBe(false);
  });

  it("without Clerk's script, the kept person is signed in with no token", async () => {
    const offline = offlineAuthState(
      'error',
      state({ isLoaded: false, isSignedIn: false, user: null }),
      keptAda(),
    );
    expect(offline.isLoaded).toBe(true);
    expect(offline.isSignedIn).toBe(true);
    expect(offline.user?.id).toBe('user_1');
    expect(offline.activeWorkspace).toEqual({ id: 'org_1', name: 'Acme' });
    expect(await offline.getToken()).toBeNull();
  });

  it('with nobody kept, Clerk is taken as it is', () => {
    const clerk = state({ isLoaded: false, isSignedIn: false, user: null });
    expect(offlineAuthState('error', clerk, null)).toBe(clerk);
  });
});
