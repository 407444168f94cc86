import { api } from '@contract/api';
import type { Context } from 'hono';
import type { EmailVerification } from '../../auth/email-verification';
import type { LocalSessions } from '../../auth/local-sessions';
import type { Bind } from '../../http/bind-route';
import type { AppDeps } from '../../http/deps';
import { linkOrigin } from '../../mail/link-origin';

type SessionRow = Awaited<ReturnType<LocalSessions['fromCookie']>>;

/** Local mode: prove the account's email with the mailed code, and ask for a new code. */
export function registerEmailVerificationRoutes(
  bind: Bind,
  { mail }: Pick<AppDeps, 'mail'>,
  verification: EmailVerification,
  localSessions: LocalSessions,
  currentSession: (c: Context) => Promise<SessionRow>,
): void {
  bind(api.verifyEmail, async (c, { body }) => {
    const session = await currentSession(c);
    await verification.confirm(session.userId, body.code);
    return localSessions.describe(session.id);
  });

  bind(api.resendEmailCode, async (c) => {
    const session = await currentSession(c);
    return verification.sendCode(session.userId, linkOrigin(c, mail));
  });
}
