import type { Role } from '@contract/entities';
import type { projects } from '../db/schema';

/** A project as stored. */
export type ProjectRow = typeof projects.$inferSelect;

/** Who is calling, once the token is verified: the user, the active workspace and the role in it. */
export interface Principal {
  userId: string;
  workspaceId: string | null;
  role: Role | null;
  /** The `project-id` header, checked to name a project of the active workspace. */
  projectId: string | null;
  /** That project as stored when the request began (null without the header). */
  project: ProjectRow | null;
  /**
   * An active subscription applies to the caller: the active workspace's, or one the caller bought
   * before having a workspace (the rule of `findSubscription`). Every call but sign-in and billing needs it.
   */
  subscribed: boolean;
}

/** What a verified token says, before it is mapped onto the database's users and workspaces. */
export interface VerifiedToken {
  subject: string;
  orgId: string | null;
  orgRole: Role | null;
  orgSlug: string | null;
  /** The local session the token was issued for (`sid`): its tokens stop working once it is signed out. */
  sessionId?: string;
}

export interface TokenVerifier {
  readonly kind: 'local' | 'clerk';
  /** Resolves the token's claims, or throws a DomainError (unauthenticated) saying why it was refused. */
  verify(token: string): Promise<VerifiedToken>;
}
