import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AccessChanges } from '../db/access-changes';
import type { Database } from '../db/client';
import { memberships, projects, sessions, subscriptions, users, workspaces } from '../db/schema';
import { DomainError } from '../domain/errors';
import { isUuid } from '../domain/ids';
import { AccessCache } from './access-cache';
import type { Principal, ProjectRow, TokenVerifier, VerifiedToken } from './principal';

/**
 * An active subscription applies to the joined user: the joined membership's workspace's, or one the
 * user bought before having a workspace (the rows `findSubscription` reads).
 */
const subscriptionApplies =
  sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.active} and (${subscriptions.workspaceId} = ${memberships.workspaceId} or (${subscriptions.workspaceId} is null and ${subscriptions.buyerUserId} = ${users.id})))`.mapWith(
    Boolean,
  );

/** The local session `sessionId` is the joined user's and has not signed out. */
const sessionSignedIn = (sessionId: string) =>
  sql<boolean>`exists (select 1 from ${sessions} where ${sessions.id} = ${sessionId} and ${sessions.userId} = ${users.id} and ${sessions.revokedAt} is null)`.mapWith(
    Boolean,
  );

/** What `lookup` reads for a user: one row, kept by the access cache until who may see what changes. */
interface Access {
  userId: string;
  role: Principal['role'];
  projectId: string | null;
  project: ProjectRow | null;
  subscribed: boolean;
  signedIn: boolean;
}

/**
 * Maps verified tokens onto the database's users, workspaces and memberships, and checks `project-id`.
 * What it reads is kept until a membership, project, subscription, session or account changes (the
 * database notifies every process: `server/db/access-changes.ts`), so a request whose token names what
 * an earlier one did costs no round trip to the database.
 */
export class PrincipalResolver {
  /** Clerk identities already mirrored into the database, so a request does not write every time. */
  private readonly clerkSeen = new Map<string, { userId: string; workspaceId: string | null }>();
  private readonly access: AccessCache<Access>;

  constructor(
    private readonly db: Database,
    private readonly verifier: TokenVerifier,
    changes: AccessChanges,
  ) {
    this.access = new AccessCache(changes);
  }

  async resolve(authorization: string | undefined, projectIdHeader: string | undefined): Promise<Principal> {
    const token = authorization?.replace(/^Bearer\s+/i, '').trim();
    if (!token)
      throw new DomainError(
        'unauthenticated',
        'unauthorized',
        'Sign in to continue: the Authorization header is empty',
      );
    const verified = await this.verifier.verify(token);
    if (this.verifier.kind === 'local') return this.fromLocal(verified, projectIdHeader);
    const base = await this.fromClerk(verified);
    const requested = requestedProject(projectIdHeader);
    const row = await this.lookup(base.userId, base.workspaceId, requested, null);
    if (!row) throw new DomainError('unauthenticated', 'unauthorized', 'This account no longer exists');
    const principal = { ...base, subscribed: row.subscribed };
    if (!requested) return { ...principal, projectId: null, project: null };
    if (!base.workspaceId || !row.projectId) throw projectForbidden();
    return { ...principal, projectId: row.projectId, project: row.project };
  }

  /**
   * The person, their role in the token's workspace, whether a subscription applies, whether the
   * token's session is still signed in, and the `project-id` project, in one query: every API call
   * passes here, so it costs one round trip to the database, not five.
   */
  private async fromLocal(token: VerifiedToken, projectIdHeader: string | undefined): Promise<Principal> {
    if (!isUuid(token.subject) || !token.sessionId || !isUuid(token.sessionId))
      throw new DomainError('unauthenticated', 'unauthorized', 'Session token is invalid');
    const orgId = token.orgId && isUuid(token.orgId) ? token.orgId : null;
    const header = projectIdHeader?.trim() || null;
    const projectId = header && isUuid(header) ? header : null;
    const row = await this.lookup(token.subject, orgId, projectId, token.sessionId);
    if (!row) throw new DomainError('unauthenticated', 'unauthorized', 'This account no longer exists');
    if (!row.signedIn)
      throw new DomainError('unauthenticated', 'unauthorized', 'You have signed out: sign in again');
    const workspaceId = row.role ? orgId : null;
    const base = { userId: row.userId, workspaceId, role: row.role, subscribed: row.subscribed };
    if (!header) return { ...base, projectId: null, project: null };
    requestedProject(header);
    if (!workspaceId || !row.projectId) throw projectForbidden();
    return { ...base, projectId: row.projectId, project: row.project };
  }

  /**
   * One row for the user `userId` (none when the account is gone): the role in `workspaceId` (null
   * when not a member), the project `projectId` when it belongs to that workspace, whether an active
   * subscription applies (the workspace's, or one the user bought before having a workspace, as
   * `findSubscription` reads it) and whether the local session `sessionId` is still signed in.
   */
  private lookup(
    userId: string,
    workspaceId: string | null,
    projectId: string | null,
    sessionId: string | null,
  ): Promise<Access | null> {
    const key = `${userId}|${workspaceId ?? ''}|${projectId ?? ''}|${sessionId ?? ''}`;
    return this.access.get(key, () => this.read(userId, workspaceId, projectId, sessionId));
  }

  private async read(
    userId: string,
    workspaceId: string | null,
    projectId: string | null,
    sessionId: string | null,
  ): Promise<Access | null> {
    const [row] = await this.db
      .select({
        userId: users.id,
        role: memberships.role,
        projectId: projects.id,
        project: getTableColumns(projects),
        subscribed: subscriptionApplies,
        signedIn: sessionId ? sessionSignedIn(sessionId) : sql<boolean>`true`.mapWith(Boolean),
      })
      .from(users)
      .leftJoin(
        memberships,
        workspaceId
          ? and(eq(memberships.userId, users.id), eq(memberships.workspaceId, workspaceId))
          : sql`false`,
      )
      .leftJoin(
        projects,
        projectId
          ? and(eq(projects.id, projectId), eq(projects.workspaceId, memberships.workspaceId))
          : sql`false`,
      )
      .where(eq(users.id, userId));
    return row ?? null;
  }

  private async fromClerk(
    token: VerifiedToken,
  ): Promise<Omit<Principal, 'projectId' | 'project' | 'subscribed'>> {
    const key = `${token.subject}|${token.orgId ?? ''}|${token.orgRole ?? ''}`;
    const seen = this.clerkSeen.get(key);
    if (seen) return { ...seen, role: seen.workspaceId ? token.orgRole : null };

    const [user] = await this.db
      .insert(users)
      .values({ clerkUserId: token.subject })
      .onConflictDoUpdate({ target: users.clerkUserId, set: { clerkUserId: token.subject } })
      .returning({ id: users.id });
    if (!user) throw new DomainError('failed', 'internal_error', 'Could not record the signed-in user');

    let workspaceId: string | null = null;
    if (token.orgId && token.orgRole) {
      const [workspace] = await this.db
        .insert(workspaces)
        .values({ clerkOrgId: token.orgId, name: token.orgSlug ?? token.orgId, createdBy: user.id })
        .onConflictDoUpdate({ target: workspaces.clerkOrgId, set: { clerkOrgId: token.orgId } })
        .returning({ id: workspaces.id });
      if (!workspace)
        throw new DomainError('failed', 'internal_error', 'Could not record the active workspace');
      workspaceId = workspace.id;
      await this.db
        .insert(memberships)
        .values({ workspaceId, userId: user.id, role: token.orgRole })
        .onConflictDoUpdate({
          target: [memberships.workspaceId, memberships.userId],
          set: { role: token.orgRole },
        });
    }
    if (this.clerkSeen.size > 10_000) this.clerkSeen.clear();
    this.clerkSeen.set(key, { userId: user.id, workspaceId });
    return { userId: user.id, workspaceId, role: workspaceId ? token.orgRole : null };
  }
}

/** The `project-id` header's project id; null when it is absent; a 400 naming it when it is not an id. */
function requestedProject(header: string | undefined): string | null {
  const projectId = header?.trim();
  if (!projectId) return null;
  if (!isUuid(projectId))
    throw new DomainError('invalid', 'bad_request', 'The project-id header must be a project id', {
      field: 'project-id',
    });
  return projectId;
}

function projectForbidden(): DomainError {
  return new DomainError(
    'forbidden',
    'forbidden',
    'The project-id header names a project outside your active workspace',
    { field: 'project-id' },
  );
}
