import { type AuthSession, authSessionSchema, type Credentials } from '@contract/auth';
import { whenIdleAfterFirstPaint } from '@/first-screen/first-paint';
import { ApiError, apiClient } from '@/lib/api-client';
import type { Workspace, WorkspaceInvitation, WorkspaceRole } from '@/lib/auth';

export type LocalSnapshot =
  | { status: 'loading'; session: null }
  | { status: 'signed-out'; session: null }
  | { status: 'signed-in'; session: AuthSession };

/** A token with less time left than this is refreshed before use, as Clerk's getToken does. */
export const tokenRefreshMargin = 30_000;
/** Wait before asking again when the first session check fails for a reason other than 401. */
export const startRetryDelay = 5_000;

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Where the last session is kept, without its token, so the app opens offline for the same person. */
export const savedSessionKey = 'replyradar.session';

/**
 * The last session of this device, kept without its token: who is signed in and their workspaces. The
 * app opens with it when the server cannot be reached at start, so reading and editing go on offline;
 * its calls wait for a fresh token, which only the server (through the httpOnly cookie) can give.
 */
const savedSession = {
  read(): AuthSession | null {
    try {
      const raw = globalThis.localStorage?.getItem(savedSessionKey);
      if (!raw) return null;
      const parsed = authSessionSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  },
  write(session: AuthSession | null): void {
    try {
      if (session) {
        globalThis.localStorage?.setItem(
          savedSessionKey,
          JSON.stringify({ ...session, token: '', expiresAt: 0 }),
        );
      } else {
        globalThis.localStorage?.removeItem(savedSessionKey);
      }
    } catch (error) {
      // Private modes and full storage refuse; the app still works online.
      console.warn('Could not keep the session on this device', error);
    }
  },
};

/**
 * The session of a local account. The refresh token lives in an httpOnly cookie the server sets, so the
 * app only ever holds the short-lived session token, in memory.
 */
export class LocalSessionStore {
  private snapshot: LocalSnapshot = { status: 'loading', session: null };
  private readonly listeners = new Set<() => void>();
  /** True while the app runs on the saved session because the server could not be reached at start. */
  private offline = false;
  private refreshing: Promise<AuthSession | null> | null = null;
  /** Raised by every sign-in and sign-out, so a refresh that was under way cannot undo them. */
  private generation = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * `pageSession` is the session the page came with (its first answers, decision 017): the store starts
   * signed in or signed out at once instead of asking the server. Undefined when the page did not say.
   */
  constructor(
    private readonly now: () => number = Date.now,
    pageSession?: AuthSession | null,
  ) {
    if (pageSession !== undefined) {
      this.snapshot = pageSession
        ? { status: 'signed-in', session: pageSession }
        : { status: 'signed-out', session: null };
      // Kept once the first screen has shown: the first use of the device's storage can take a while.
      void whenIdleAfterFirstPaint().then(() => {
        if (this.snapshot.session === pageSession) savedSession.write(pageSession);
      });
    }
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): LocalSnapshot => this.snapshot;

  private set(session: AuthSession | null): void {
    this.snapshot = session ? { status: 'signed-in', session } : { status: 'signed-out', session: null };
    this.offline = false;
    savedSession.write(session);
    for (const listener of this.listeners) listener();
  }

  /**
   * Finds out whether someone is signed in; retries while the server cannot be reached. Meanwhile the
   * person of the saved session is taken as signed in (without a token), so the app opens offline.
   */
  start = (): void => {
    if ((this.snapshot.status !== 'loading' && !this.offline) || this.refreshing) return;
    this.refresh().catch(() => {
      if (this.snapshot.status === 'loading') {
        const saved = savedSession.read();
        if (saved) {
          this.snapshot = { status: 'signed-in', session: saved };
          this.offline = true;
          for (const listener of this.listeners) listener();
        }
      }
      clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(this.start, startRetryDelay);
    });
  };

  stop = (): void => {
    clearTimeout(this.retryTimer);
  };

  /** Asks the server for a new session from the refresh cookie; concurrent callers share one request. */
  refresh = (): Promise<AuthSession | null> => {
    if (this.refreshing) return this.refreshing;
    const generation = this.generation;
    const refreshing = apiClient
      .call('refreshSession')
      .then(
        (session) => {
          if (generation === this.generation) this.set(session);
          return session;
        },
        (error: unknown) => {
          if (!isUnauthorized(error)) throw error;
          if (generation === this.generation) this.set(null);
          return null;
        },
      )
      .finally(() => {
        if (this.refreshing === refreshing) this.refreshing = null;
      });
    this.refreshing = refreshing;
    return refreshing;
  };

  /** The session token, refreshed first when it has 30 s or less left; null when signed out. */
  getToken = async (): Promise<string | null> => {
    const { status, session } = this.snapshot;
    if (status === 'signed-out') return null;
    if (session && session.expiresAt - this.now() > tokenRefreshMargin) return session.token;
    const fresh = await this.refresh();
    return fresh?.token ?? null;
  };

  signIn = async (credentials: Credentials): Promise<void> => {
    const session = await apiClient.call('signIn', { body: credentials });
    this.generation += 1;
    this.set(session);
  };

  signUp = async (credentials: Credentials): Promise<void> => {
    const session = await apiClient.call('signUp', { body: credentials });
    this.generation += 1;
    this.set(session);
  };

  /** Ends the session on the server (clearing its cookie) and here, even when the server cannot be reached. */
  signOut = async (): Promise<void> => {
    this.generation += 1;
    try {
      await apiClient.call('signOut');
    } catch (error) {
      console.warn('Signing out on the server failed; signed out on this device only.', error);
    }
    this.set(null);
  };

  setActive = async (workspaceId: string | null): Promise<void> => {
    const session = await apiClient.call('setActiveWorkspace', { body: { workspaceId } });
    this.generation += 1;
    this.set(session);
  };

  /**
   * Creates a workspace. The session is not reloaded here: the caller makes the workspace active next, and
   * that answer lists the new membership already active. Reloading in between would show a membership
   * without an active workspace, which the active-workspace gate would act on while the form still works.
   */
  createWorkspace = async (name: string): Promise<Workspace> => {
    return apiClient.call('createWorkspace', { body: { name } });
  };

  /** Joins the invitation's workspace; the server answers with the session, that workspace active. */
  acceptInvitation = async (invitationId: string): Promise<void> => {
    const session = await apiClient.call('acceptInvitation', { params: { id: invitationId } });
    this.generation += 1;
    this.set(session);
  };

  /** Refuses an invitation; the server answers with the session without it. */
  declineInvitation = async (invitationId: string): Promise<void> => {
    const session = await apiClient.call('declineInvitation', { params: { id: invitationId } });
    this.generation += 1;
    this.set(session);
  };

  /** Proves the email with the mailed code; the server answers with the session, its invitations listed. */
  confirmEmail = async (code: string): Promise<void> => {
    const session = await apiClient.call('verifyEmail', { body: { code } });
    this.generation += 1;
    this.set(session);
  };

  /** Mails a new code to the person's address. */
  sendEmailCode = async (): Promise<void> => {
    await apiClient.call('resendEmailCode');
  };

  /** Invites a person by email to the active workspace (admins only; the server checks). */
  inviteMember = (email: string, role: WorkspaceRole): Promise<WorkspaceInvitation> =>
    apiClient.call('inviteMember', { body: { email, role } });
}
