import { createContext, useContext } from 'react';

export interface AuthEmailAddress {
  id: string;
  emailAddress: string;
}

export interface AuthUser {
  id: string;
  username: string | null;
  emailAddresses: AuthEmailAddress[];
  primaryEmailAddress: AuthEmailAddress | null;
}

/** A workspace (an organisation at the sign-in provider). */
export interface Workspace {
  id: string;
  name: string;
}

export type WorkspaceRole = 'org:admin' | 'org:member';

export interface WorkspaceMembership {
  workspace: Workspace;
  role: WorkspaceRole;
}

/** An invitation to join a workspace that the signed-in person has not answered yet. */
export interface WorkspaceInvitation {
  id: string;
  workspace: Workspace;
  email: string;
  role: WorkspaceRole;
}

/**
 * What the app knows about the signed-in person, whichever adapter (Clerk or the local accounts) provides
 * it. Shaped after Clerk's hooks so that both adapters behave alike.
 */
export interface AuthState {
  /** False until the adapter knows whether someone is signed in. */
  isLoaded: boolean;
  isSignedIn: boolean;
  user: AuthUser | null;
  activeWorkspace: Workspace | null;
  /** The person's role in the active workspace; null without one. */
  role: WorkspaceRole | null;
  memberships: WorkspaceMembership[];
  membershipsLoaded: boolean;
  invitations: WorkspaceInvitation[];
  invitationsLoaded: boolean;
  /**
   * Whether the person proved their email. Local accounts prove it with a mailed code, and until then
   * see no invitations; Clerk proves addresses itself (always true there).
   */
  emailVerified: boolean;
  /** Proves the email with the code mailed to it. Throws 'Managed by Clerk' under Clerk. */
  confirmEmail: (code: string) => Promise<void>;
  /** Mails a new code (the one before stops working). Throws 'Managed by Clerk' under Clerk. */
  sendEmailCode: () => Promise<void>;
  /** Makes a workspace the active one (null: none). */
  setActive: (workspaceId: string | null) => Promise<void>;
  /**
   * Creates a workspace with the person as its admin; it is not made active. Call `setActive` next: the
   * new membership may be listed only from then on (the local adapter lists it with the new session).
   */
  createOrganization: (name: string) => Promise<Workspace>;
  /**
   * True when the app itself offers inviting, accepting and declining (local accounts); false under Clerk,
   * whose own organisation screens do it (there only `acceptInvitation` works).
   */
  invitationsManagedByApp: boolean;
  /** Joins the invitation's workspace and makes it the active one. */
  acceptInvitation: (invitationId: string) => Promise<void>;
  /** Refuses an invitation; it is no longer listed. Throws 'Managed by Clerk' under Clerk. */
  declineInvitation: (invitationId: string) => Promise<void>;
  /** An admin of the active workspace invites a person by email. Throws 'Managed by Clerk' under Clerk. */
  inviteMember: (email: string, role: WorkspaceRole) => Promise<WorkspaceInvitation>;
  /** A session token valid for at least a little while, refreshed when needed; null when signed out. */
  getToken: () => Promise<string | null>;
  signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);
AuthContext.displayName = 'AuthContext';

/** The auth state of the adapter in use; only inside AuthProvider. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (state === null) throw new Error('useAuth must be used inside AuthProvider');
  return state;
}

/** A provider's role name as one of the app's roles; any other (custom) role counts as a plain member. */
export function toWorkspaceRole(role: string): WorkspaceRole {
  return role === 'org:admin' ? 'org:admin' : 'org:member';
}
