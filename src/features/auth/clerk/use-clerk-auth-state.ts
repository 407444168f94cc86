import { useAuth, useClerk, useOrganization, useOrganizationList, useUser } from '@clerk/clerk-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type AuthState, toWorkspaceRole, type Workspace } from '@/lib/auth';
import { keptPersonChange, offlineAuthState, readKeptPerson, writeKeptPerson } from './kept-person';
import { isStale } from './session-token';

const organizationLists = { userMemberships: true, userInvitations: true } as const;

/** Under Clerk, inviting and declining happen in Clerk's own organisation screens. */
async function managedByClerk(): Promise<never> {
  throw new Error('Managed by Clerk');
}

/**
 * The app's auth state from Clerk's hooks. While Clerk's servers cannot be reached, the person Clerk last
 * signed in on this device fills in what Clerk does not know (see `offlineAuthState`).
 */
export function useClerkAuthState(): AuthState {
  const clerkState = useClerkHooksState();
  const { status } = useClerk();
  const [kept, setKept] = useState(readKeptPerson);
  const change = keptPersonChange(status, clerkState);
  const changedPerson = change.kind === 'keep' ? JSON.stringify(change.person) : change.kind;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `changedPerson` stands for `change`.
  useEffect(() => {
    if (change.kind === 'leave') return;
    const person = change.kind === 'keep' ? change.person : null;
    writeKeptPerson(person);
    setKept(person);
  }, [changedPerson]);
  return useMemo(() => offlineAuthState(status, clerkState, kept), [status, clerkState, kept]);
}

/** The app's auth state as Clerk's hooks give it. */
function useClerkHooksState(): AuthState {
  const auth = useAuth();
  const { isLoaded: userLoaded, user } = useUser();
  const { organization, membership } = useOrganization();
  const lists = useOrganizationList(organizationLists);
  const clerk = useClerk();

  const { getToken: clerkGetToken } = auth;
  const getToken = useCallback(async () => {
    try {
      const token = await clerkGetToken();
      if (!token || !isStale(token, Date.now())) return token;
      // Offline Clerk waits for the network to mint one; the request would fail all the same.
      if (!navigator.onLine) return null;
      return await clerkGetToken({ skipCache: true });
    } catch {
      // Offline Clerk cannot mint a token: the request goes without one, and the outbox waits for the next.
      return null;
    }
  }, [clerkGetToken]);
  const setActive = useCallback(
    async (workspaceId: string | null) => {
      await clerk.setActive({ organization: workspaceId });
    },
    [clerk],
  );
  const createOrganization = useCallback(
    async (name: string): Promise<Workspace> => {
      const created = await clerk.createOrganization({ name });
      return { id: created.id, name: created.name };
    },
    [clerk],
  );
  const signOut = useCallback(() => clerk.signOut(), [clerk]);

  const invitationData = lists.userInvitations.data;
  const { revalidate: revalidateInvitations } = lists.userInvitations;
  const { revalidate: revalidateMemberships } = lists.userMemberships;
  const acceptInvitation = useCallback(
    async (invitationId: string) => {
      const invitation = invitationData?.find((candidate) => candidate.id === invitationId);
      if (!invitation) throw new Error('Invitation not found');
      await invitation.accept();
      await clerk.setActive({ organization: invitation.publicOrganizationData.id });
      await Promise.all([revalidateInvitations?.(), revalidateMemberships?.()]);
    },
    [clerk, invitationData, revalidateInvitations, revalidateMemberships],
  );

  const isLoaded = auth.isLoaded && userLoaded;
  const isSignedIn = isLoaded && auth.isSignedIn === true && Boolean(user);
  const listsReady = (resource: { isLoading: boolean; data: unknown[] | undefined }) =>
    isLoaded && (!isSignedIn || (lists.isLoaded && !resource.isLoading && resource.data !== undefined));
  const membershipsLoaded = listsReady(lists.userMemberships);
  const invitationsLoaded = listsReady(lists.userInvitations);
  const membershipData = lists.userMemberships.data;
  const roleName = membership?.role ?? auth.orgRole ?? null;

  return useMemo<AuthState>(
    () => ({
      isLoaded,
      isSignedIn,
      user:
        isSignedIn && user
          ? {
              id: user.id,
              username: user.username,
              emailAddresses: user.emailAddresses.map(({ id, emailAddress }) => ({ id, emailAddress })),
              primaryEmailAddress: user.primaryEmailAddress
                ? { id: user.primaryEmailAddress.id, emailAddress: user.primaryEmailAddress.emailAddress }
                : null,
            }
          : null,
      activeWorkspace: isSignedIn && organization ? { id: organization.id, name: organization.name } : null,
      role: isSignedIn && organization && roleName ? toWorkspaceRole(roleName) : null,
      memberships: isSignedIn
        ? (membershipData ?? []).map((m) => ({
            workspace: { id: m.organization.id, name: m.organization.name },
            role: toWorkspaceRole(m.role),
          }))
        : [],
      membershipsLoaded,
      invitations: isSignedIn
        ? (invitationData ?? []).map((invitation) => ({
            id: invitation.id,
            workspace: {
              id: invitation.publicOrganizationData.id,
              name: invitation.publicOrganizationData.name,
            },
            email: invitation.emailAddress,
            role: toWorkspaceRole(invitation.role),
          }))
        : [],
      invitationsLoaded,
      emailVerified: true,
      confirmEmail: managedByClerk,
      sendEmailCode: managedByClerk,
      setActive,
      createOrganization,
      invitationsManagedByApp: false,
      acceptInvitation,
      declineInvitation: managedByClerk,
      inviteMember: managedByClerk,
      getToken,
      signOut,
    }),
    [
      isLoaded,
      isSignedIn,
      user,
      organization,
      roleName,
      membershipData,
      membershipsLoaded,
      invitationData,
      invitationsLoaded,
      setActive,
      createOrganization,
      acceptInvitation,
      getToken,
      signOut,
    ],
  );
}
