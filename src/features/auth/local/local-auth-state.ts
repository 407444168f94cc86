import type { AuthSession } from '@contract/auth';
import type { AuthState } from '@/lib/auth';
import type { LocalSessionStore, LocalSnapshot } from './local-session';

/** The app's auth state from a local session snapshot. */
export function toAuthState(snapshot: LocalSnapshot, store: LocalSessionStore): AuthState {
  const session: AuthSession | null = snapshot.session;
  const isLoaded = snapshot.status !== 'loading';
  const active = session?.memberships.find((m) => m.workspace.id === session.activeWorkspaceId) ?? null;
  const user = session
    ? {
        id: session.user.id,
        username: session.user.username,
        emailAddresses: session.user.emailAddresses,
        primaryEmailAddress:
          session.user.emailAddresses.find((email) => email.id === session.user.primaryEmailAddressId) ??
          null,
      }
    : null;
  return {
    isLoaded,
    isSignedIn: session !== null,
    user,
    activeWorkspace: active?.workspace ?? null,
    role: active?.role ?? null,
    memberships: session?.memberships ?? [],
    membershipsLoaded: isLoaded,
    invitations: session?.invitations ?? [],
    invitationsLoaded: isLoaded,
    emailVerified: session?.emailVerified ?? false,
    confirmEmail: store.confirmEmail,
    sendEmailCode: store.sendEmailCode,
    setActive: store.setActive,
    createOrganization: store.createWorkspace,
    invitationsManagedByApp: true,
    acceptInvitation: store.acceptInvitation,
    declineInvitation: store.declineInvitation,
    inviteMember: store.inviteMember,
    getToken: store.getToken,
    signOut: store.signOut,
  };
}
