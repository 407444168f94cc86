import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useClerkAuthState } from './use-clerk-auth-state';

const clerk = vi.hoisted(() => ({
  auth: {} as Record<string, unknown>,
  user: {} as Record<string, unknown>,
  organization: {} as Record<string, unknown>,
  lists: {} as Record<string, unknown>,
  accept: vi.fn(async () => undefined),
  revalidate: vi.fn(async () => undefined),
  instance: {
    status: 'ready' as string,
    setActive: vi.fn(async () => undefined),
    createOrganization: vi.fn(async ({ name }: { name: string }) => ({ id: 'org_new', name, slug: 'x' })),
    signOut: vi.fn(async () => undefined),
  },
}));

vi.mock('@clerk/clerk-react', () => ({
  useAuth: () => clerk.auth,
  useUser: () => clerk.user,
  useOrganization: () => clerk.organization,
  useOrganizationList: () => clerk.lists,
  useClerk: () => clerk.instance,
}));

const getToken = vi.fn(async (_options?: { skipCache?: boolean }): Promise<string | null> => 'clerk-token');
const emails = [
  { id: 'idn_1', emailAddress: 'ada@example.com', verification: {} },
  { id: 'idn_2', emailAddress: 'ada@work.example', verification: {} },
];

function signedIn() {
  clerk.auth = { isLoaded: true, isSignedIn: true, getToken, orgRole: 'org:admin' };
  clerk.user = {
    isLoaded: true,
    user: { id: 'user_1', username: 'ada', emailAddresses: emails, primaryEmailAddress: emails[1] },
  };
  clerk.organization = {
    isLoaded: true,
    organization: { id: 'org_1', name: 'Acme' },
    membership: { role: 'org:admin' },
  };
  clerk.lists = {
    isLoaded: true,
    userMemberships: {
      isLoading: false,
      revalidate: clerk.revalidate,
      data: [
        { organization: { id: 'org_1', name: 'Acme' }, role: 'org:admin' },
        { organization: { id: 'org_2', name: 'Beta' }, role: 'org:member' },
      ],
    },
    userInvitations: {
      isLoading: false,
      revalidate: clerk.revalidate,
      data: [
        {
          id: 'inv_1',
          emailAddress: 'ada@example.com',
          publicOrganizationData: { id: 'org_3', name: 'Gamma' },
          role: 'basic_member',
          status: 'pending',
          accept: clerk.accept,
        },
      ],
    },
  };
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  clerk.instance.status = 'ready';
  signedIn();
});

/** What Clerk knows offline from its session cookie: the ids only, its lists unfetched. */
function onSessionCookieOnly() {
  clerk.instance.status = 'degraded';
  clerk.auth = { isLoaded: true, isSignedIn: true, getToken, orgRole: 'admin' };
  clerk.user = {
    isLoaded: true,
    user: { id: 'user_1', username: null, emailAddresses: [], primaryEmailAddress: null },
  };
  clerk.organization = { isLoaded: true, organization: { id: 'org_1', name: '' }, membership: undefined };
  clerk.lists = {
    isLoaded: true,
    userMemberships: { isLoading: false, data: undefined },
    userInvitations: { isLoading: false, data: undefined },
  };
}

describe('Clerk adapter offline', () => {
  it('opens as the person Clerk last signed in on this device, with their workspaces', () => {
    renderHook(() => useClerkAuthState()).unmount();
    onSessionCookieOnly();
    const { result } = renderHook(() => useClerkAuthState());
    expect(result.current).toMatchObject({
      isLoaded: true,
      isSignedIn: true,
      user: { id: 'user_1', username: 'ada', primaryEmailAddress: { emailAddress: 'ada@work.example' } },
      activeWorkspace: { id: 'org_1', name: 'Acme' },
      role: 'org:admin',
      membershipsLoaded: true,
    });
    expect(result.current.memberships).toHaveLength(2);
  });

  it('forgets the person once Clerk says nobody is signed in', () => {
    renderHook(() => useClerkAuthState()).unmount();
    clerk.auth = { isLoaded: true, isSignedIn: false, getToken };
    clerk.user = { isLoaded: true, user: null };
    renderHook(() => useClerkAuthState()).unmount();
    onSessionCookieOnly();
    const { result } = renderHook(() => useClerkAuthState());
    expect(result.current.user?.username).toBeNull();
    expect(result.current.membershipsLoaded).toBe(false);
  });

  it('asks Clerk for a new token when the one it kept is past its time', async () => {
    const claims = btoa(JSON.stringify({ sub: 'user_1', exp: Math.floor(Date.now() / 1000) - 30 }));
    getToken.mockResolvedValueOnce(`header.${claims.replace(/=+$/, '')}.signature`);
    getToken.mockResolvedValueOnce('fresh-token');
    const { result } = renderHook(() => useClerkAuthState());
    expect(await result.current.getToken()).toBe('fresh-token');
    expect(getToken).toHaveBeenLastCalledWith({ skipCache: true });
  });

  it('offline, gives no token rather than wait for Clerk to mint one', async () => {
    const claims = btoa(JSON.stringify({ sub: 'user_1', exp: Math.floor(Date.now() / 1000) - 30 }));
    getToken.mockResolvedValueOnce(`header.${claims.replace(/=+$/, '')}.signature`);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { result } = renderHook(() => useClerkAuthState());
    expect(await result.current.getToken()).toBeNull();
    expect(getToken).toHaveBeenCalledTimes(1);
    online.mockRestore();
  });

  it('asks for a token with none when Clerk cannot mint one', async () => {
    getToken.mockRejectedValueOnce(new Error('Network request failed'));
    const { result } = renderHook(() => useClerkAuthState());
    expect(await result.current.getToken()).toBeNull();
  });
});

describe('Clerk adapter', () => {
  it('maps the signed-in user, the active workspace and the role in it', () => {
    const { result } = renderHook(() => useClerkAuthState());
    expect(result.current).toMatchObject({
      isLoaded: true,
      isSignedIn: true,
      user: {
        id: 'user_1',
        username: 'ada',
        emailAddresses: [
          { id: 'idn_1', emailAddress: 'ada@example.com' },
          { id: 'idn_2', emailAddress: 'ada@work.example' },
        ],
        primaryEmailAddress: { id: 'idn_2', emailAddress: 'ada@work.example' },
      },
      activeWorkspace: { id: 'org_1', name: 'Acme' },
      role: 'org:admin',
    });
  });

  it('maps memberships and pending invitations, with custom roles as members', () => {
    const { result } = renderHook(() => useClerkAuthState());
    expect(result.current.memberships).toEqual([
      { workspace: { id: 'org_1', name: 'Acme' }, role: 'org:admin' },
      { workspace: { id: 'org_2', name: 'Beta' }, role: 'org:member' },
    ]);
    expect(result.current.membershipsLoaded).toBe(true);
    expect(result.current.invitations).toEqual([
      {
        id: 'inv_1',
        workspace: { id: 'org_3', name: 'Gamma' },
        email: 'ada@example.com',
        role: 'org:member',
      },
    ]);
    expect(result.current.invitationsLoaded).toBe(true);
  });

  it('reports the lists as loading while Clerk fetches them', () => {
    clerk.lists = {
      isLoaded: true,
      userMemberships: { isLoading: true, data: undefined },
      userInvitations: { isLoading: false, data: [] },
    };
    const { result } = renderHook(() => useClerkAuthState());
    expect(result.current.membershipsLoaded).toBe(false);
    expect(result.current.invitationsLoaded).toBe(true);
  });

  it('has no workspace and no role without an active organisation', () => {
    clerk.organization = { isLoaded: true, organization: null, membership: null };
    clerk.auth = { isLoaded: true, isSignedIn: true, getToken, orgRole: undefined };
    const { result } = renderHook(() => useClerkAuthState());
    expect(result.current.activeWorkspace).toBeNull();
    expect(result.current.role).toBeNull();
  });

  it('is not loaded until Clerk has loaded', () => {
    clerk.auth = { isLoaded: false, isSignedIn: undefined, getToken };
    clerk.user = { isLoaded: false, user: undefined };
    clerk.organization = { isLoaded: false, organization: undefined, membership: undefined };
    clerk.lists = {
      isLoaded: false,
      userMemberships: { isLoading: false, data: undefined },
      userInvitations: { isLoading: false, data: undefined },
    };
    const { result } = renderHook(() => useClerkAuthState());
    expect(result.current).toMatchObject({ isLoaded: false, isSignedIn: false, user: null, memberships: [] });
    expect(result.current.membershipsLoaded).toBe(false);
  });

  it('is loaded and signed out with empty lists for a visitor', () => {
    clerk.auth = { isLoaded: true, isSignedIn: false, getToken };
    clerk.user = { isLoaded: true, user: null };
    clerk.organization = { isLoaded: true, organization: null, membership: null };
    clerk.lists = {
      isLoaded: false,
      userMemberships: { isLoading: false, data: undefined },
      userInvitations: { isLoading: false, data: undefined },
    };
    const { result } = renderHook(() => useClerkAuthState());
    expect(result.current).toMatchObject({
      isLoaded: true,
      isSignedIn: false,
      user: null,
      activeWorkspace: null,
      role: null,
      memberships: [],
      membershipsLoaded: true,
      invitations: [],
      invitationsLoaded: true,
    });
  });

  it('passes the actions through to Clerk', async () => {
    const { result } = renderHook(() => useClerkAuthState());
    await expect(result.current.getToken()).resolves.toBe('clerk-token');
    await result.current.setActive('org_2');
    expect(clerk.instance.setActive).toHaveBeenCalledWith({ organization: 'org_2' });
    await result.current.setActive(null);
    expect(clerk.instance.setActive).toHaveBeenLastCalledWith({ organization: null });
    await expect(result.current.createOrganization('Delta')).resolves.toEqual({
      id: 'org_new',
      name: 'Delta',
    });
    expect(clerk.instance.createOrganization).toHaveBeenCalledWith({ name: 'Delta' });
    await result.current.signOut();
    expect(clerk.instance.signOut).toHaveBeenCalled();
  });

  it('accepts an invitation through Clerk and makes its workspace active; declining and inviting stay in Clerk', async () => {
    const { result } = renderHook(() => useClerkAuthState());
    expect(result.current.invitationsManagedByApp).toBe(false);
    await result.current.acceptInvitation('inv_1');
    expect(clerk.accept).toHaveBeenCalled();
    expect(clerk.instance.setActive).toHaveBeenCalledWith({ organization: 'org_3' });
    expect(clerk.revalidate).toHaveBeenCalledTimes(2);
    await expect(result.current.acceptInvitation('inv_x')).rejects.toThrow('Invitation not found');
    await expect(result.current.declineInvitation('inv_1')).rejects.toThrow('Managed by Clerk');
    await expect(result.current.inviteMember('bob@example.com', 'org:member')).rejects.toThrow(
      'Managed by Clerk',
    );
  });
});
