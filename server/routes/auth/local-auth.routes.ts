import { api } from '@contract/api';
import { authMessages } from '@contract/messages';
import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { EmailVerification } from '../../auth/email-verification';
import { LocalSessions, sessionCookie } from '../../auth/local-sessions';
import type { LocalTokens } from '../../auth/local-tokens';
import { hashPassword, isCommonPassword, verifyPassword } from '../../auth/passwords';
import { isUniqueViolation } from '../../db/errors';
import { memberships, users, workspaces } from '../../db/schema';
import { DomainError } from '../../domain/errors';
import type { AppEnv, Bind } from '../../http/bind-route';
import type { AppDeps } from '../../http/deps';
import { PasswordAttempts, rateLimit } from '../../http/rate-limit';
import { isHttps as reachedOverHttps } from '../../http/trusted-proxy';
import { linkOrigin } from '../../mail/link-origin';
import { registerEmailVerificationRoutes } from './email-verification.routes';
import { registerInvitationRoutes } from './invitations.routes';

/**
 * The whole site: the server reads the session from the page request too, to put the first answers in
 * the page (decision 017). Sessions begun before that have the cookie under `/api/auth`; the token call
 * moves them here.
 */
const cookiePath = '/';
const earlierCookiePath = '/api/auth';

/** Local accounts: sign-up, sign-in, the refresh cookie, sign-out, and workspaces of the session. */
export function registerLocalAuthRoutes(
  app: Hono<AppEnv>,
  bind: Bind,
  deps: Pick<AppDeps, 'db' | 'logger' | 'mailer' | 'auth' | 'http' | 'mail'>,
  tokens: LocalTokens,
): void {
  const { db, auth, http, mail, logger } = deps;
  const localSessions = new LocalSessions(db, tokens, auth.AUTH_SESSION_TTL_DAYS);
  const verification = new EmailVerification(db, deps.mailer, logger);
  const limiter = rateLimit({
    limit: auth.AUTH_RATE_LIMIT_PER_MINUTE,
    windowMs: 60_000,
    trustProxy: http.TRUST_PROXY,
  });
  app.use(api.signIn.path, limiter);
  app.use(api.signUp.path, limiter);
  const passwordAttempts = new PasswordAttempts();

  const isHttps = (c: Context) => reachedOverHttps(c, http.TRUST_PROXY);

  const keepCookie = (c: Context, cookie: string) =>
    setCookie(c, sessionCookie, cookie, {
      httpOnly: true,
      sameSite: 'Strict',
      secure: isHttps(c),
      path: cookiePath,
      maxAge: localSessions.ttlSeconds,
    });
  const clearCookie = (c: Context) => {
    deleteCookie(c, sessionCookie, { path: cookiePath, secure: isHttps(c) });
    deleteCookie(c, sessionCookie, { path: earlierCookiePath, secure: isHttps(c) });
  };

  const startSession = async (c: Context, userId: string) => {
    const { cookie, sessionId } = await localSessions.open(userId);
    keepCookie(c, cookie);
    return localSessions.describe(sessionId);
  };
  const currentSession = (c: Context) => localSessions.fromCookie(getCookie(c, sessionCookie));

  bind(
    api.signUp,
    async (c, { body }) => {
      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, body.email));
      if (existing)
        throw new DomainError('refused', 'form_identifier_exists', authMessages.emailTaken, {
          field: 'email',
        });
      if (await isCommonPassword(body.password))
        throw new DomainError('refused', 'form_password_pwned', authMessages.passwordTooCommon, {
          field: 'password',
        });
      const passwordHash = await hashPassword(body.password, auth.AUTH_PASSWORD_COST);
      let userId: string;
      try {
        const [user] = await db
          .insert(users)
          .values({ email: body.email, passwordHash })
          .returning({ id: users.id });
        if (!user) throw new Error('insert returned no row');
        userId = user.id;
      } catch (error) {
        if (isUniqueViolation(error))
          throw new DomainError('refused', 'form_identifier_exists', authMessages.emailTaken, {
            field: 'email',
          });
        throw error;
      }
      logger.info({ userId }, 'account created');
      // The account proves its email with this code before it can see or take invitations. A mail that
      // cannot go out does not undo the account: 'Send a new code' tries again.
      await verification.sendCode(userId, linkOrigin(c, mail)).catch(() => undefined);
      return startSession(c, userId);
    },
    201,
  );

  bind(api.signIn, async (c, { body }) => {
    const [user] = await db.select().from(users).where(eq(users.email, body.email));
    if (!user?.passwordHash)
      throw new DomainError('refused', 'form_identifier_not_found', authMessages.accountNotFound, {
        field: 'email',
      });
    // Per account, whatever the address: the per-address limit alone lets many addresses guess.
    const wait = passwordAttempts.begin(user.id);
    if (wait > 0) {
      throw new DomainError('limited', 'rate_limited', authMessages.tooManyPasswordAttempts(wait), {
        retryAfterSeconds: wait,
      });
    }
    if (!(await verifyPassword(body.password, user.passwordHash))) {
      logger.info({ userId: user.id }, 'sign-in refused: wrong password');
      throw new DomainError('refused', 'form_password_incorrect', authMessages.passwordIncorrect, {
        field: 'password',
      });
    }
    passwordAttempts.succeeded(user.id);
    return startSession(c, user.id);
  });

  bind(api.refreshSession, async (c) => {
    try {
      const session = await currentSession(c);
      // The session slides forward on use, and so does its cookie; one kept under the earlier path
      // moves to the whole site.
      const cookie = getCookie(c, sessionCookie);
      if (cookie) {
        deleteCookie(c, sessionCookie, { path: earlierCookiePath, secure: isHttps(c) });
        keepCookie(c, cookie);
      }
      return await localSessions.describe(session.id);
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === 'unauthenticated')) throw error;
      if (getCookie(c, sessionCookie)) clearCookie(c);
      return null;
    }
  });

  bind(api.signOut, async (c) => {
    const cookie = getCookie(c, sessionCookie);
    if (cookie) {
      try {
        const session = await localSessions.fromCookie(cookie);
        await localSessions.revoke(session.id);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
      }
    }
    clearCookie(c);
    return null;
  });

  bind(
    api.createWorkspace,
    async (c, { body }) => {
      const session = await currentSession(c);
      return db.transaction(async (tx) => {
        const [workspace] = await tx
          .insert(workspaces)
          .values({ name: body.name, createdBy: session.userId })
          .returning({ id: workspaces.id, name: workspaces.name });
        if (!workspace) throw new Error('insert returned no row');
        await tx
          .insert(memberships)
          .values({ workspaceId: workspace.id, userId: session.userId, role: 'org:admin' });
        return workspace;
      });
    },
    201,
  );

  bind(api.setActiveWorkspace, async (c, { body }) => {
    const session = await currentSession(c);
    await localSessions.setActiveWorkspace(session.id, session.userId, body.workspaceId);
    return localSessions.describe(session.id);
  });

  registerInvitationRoutes(bind, deps, localSessions, currentSession);
  registerEmailVerificationRoutes(bind, deps, verification, localSessions, currentSession);
}
