import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailVerificationCodes, users } from '../db/schema';
import { DomainError } from '../domain/errors';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';

/** How long a mailed code works. */
export const emailCodeTtlMinutes = 30;
/** Wrong codes that void the code in force; a new one has to be sent. */
export const emailCodeMaxWrongAttempts = 5;
/** Codes a person may be sent per hour (the one sent at sign-up counts). */
export const emailCodesPerHour = 5;

export const emailVerificationMessages = {
  wrongCode: 'That code is not right. Check the email and try again.',
  noLiveCode: 'This code is no longer valid. Send a new code.',
  tooManyWrongCodes: 'Too many wrong codes. Send a new code.',
  tooManyCodes: 'Too many codes sent. Please wait an hour before asking for another.',
  alreadyVerified: 'Your email is already confirmed.',
  noEmail: 'This account has no email address to confirm.',
  mailUnavailable: 'The email could not be sent. Please try again in a moment.',
} as const;

const hourMs = 60 * 60 * 1000;

/** A code's hash, salted with its row's id so that equal codes of two rows differ at rest. */
function hashCode(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('base64url');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Local accounts prove their email with a 6-digit code mailed to it (and a link that carries it): valid
 * for 30 minutes, used once, void after 5 wrong tries, a new one at most 5 times an hour. Until the
 * email is proven the account sees no invitations and cannot answer one (decision 022).
 */
export class EmailVerification {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Mails a new code to the account's address (`origin` is where the app is reached, for the link);
   * earlier codes stop working. Refuses when the address is proven already or too many went out lately.
   */
  async sendCode(userId: string, origin: string): Promise<{ email: string }> {
    const [user] = await this.db
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!user?.email) throw new DomainError('conflict', 'conflict', emailVerificationMessages.noEmail);
    if (user.verifiedAt)
      throw new DomainError('conflict', 'conflict', emailVerificationMessages.alreadyVerified);
    const now = this.now();

    const code = newCode();
    const sent = await this.db.transaction(async (tx) => {
      // Serialises two sends for one person, so the hourly count cannot be raced past.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [recent] = await tx
        .select({ n: count() })
        .from(emailVerificationCodes)
        .where(
          and(
            eq(emailVerificationCodes.userId, userId),
            gt(emailVerificationCodes.createdAt, new Date(now.getTime() - hourMs)),
          ),
        );
      if ((recent?.n ?? 0) >= emailCodesPerHour) return false;
      await tx
        .update(emailVerificationCodes)
        .set({ spentAt: now })
        .where(and(eq(emailVerificationCodes.userId, userId), isNull(emailVerificationCodes.spentAt)));
      const id = crypto.randomUUID();
      await tx.insert(emailVerificationCodes).values({
        id,
        userId,
        email: user.email as string,
        codeHash: hashCode(id, code),
        expiresAt: new Date(now.getTime() + emailCodeTtlMinutes * 60_000),
        createdAt: now,
      });
      return true;
    });
    if (!sent) throw new DomainError('limited', 'rate_limited', emailVerificationMessages.tooManyCodes);

    const link = new URL('/subscribe', origin);
    link.searchParams.set('code', code);
    const mail = this.mailer.send({
      to: user.email,
      subject: `Your ReplyRadar code: ${code}`,
      text: [
        `Your code to confirm ${user.email} on ReplyRadar is ${code}.`,
        '',
        `Type it where ReplyRadar asks for it, or open this link: ${link.href}`,
        '',
        `The code works for ${emailCodeTtlMinutes} minutes. If you did not sign up for ReplyRadar, ignore this email.`,
      ].join('\n'),
    });
    await mail.catch((error: unknown) => {
      this.logger.error({ err: error, userId }, 'could not mail the email code');
      throw new DomainError('unavailable', 'mail_unavailable', emailVerificationMessages.mailUnavailable);
    });
    this.logger.info({ userId }, 'email code sent');
    return { email: user.email };
  }

  /** Proves the account's email with a code it was mailed; 400 naming `code` when it does not. */
  async confirm(userId: string, code: string): Promise<void> {
    const [user] = await this.db
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!user?.email) throw new DomainError('conflict', 'conflict', emailVerificationMessages.noEmail);
    if (user.verifiedAt) return;
    const now = this.now();

    const outcome = await this.db.transaction(async (tx) => {
      const [live] = await tx
        .select()
        .from(emailVerificationCodes)
        .where(
          and(
            eq(emailVerificationCodes.userId, userId),
            eq(emailVerificationCodes.email, user.email as string),
            isNull(emailVerificationCodes.spentAt),
            gt(emailVerificationCodes.expiresAt, now),
          ),
        )
        .orderBy(desc(emailVerificationCodes.createdAt))
        .limit(1)
        .for('update');
      if (!live) return 'no-live-code' as const;
      if (!sameHash(live.codeHash, hashCode(live.id, code))) {
        const wrongAttempts = live.wrongAttempts + 1;
        const voided = wrongAttempts >= emailCodeMaxWrongAttempts;
        await tx
          .update(emailVerificationCodes)
          .set({ wrongAttempts, ...(voided ? { spentAt: now } : {}) })
          .where(eq(emailVerificationCodes.id, live.id));
        return voided ? ('voided' as const) : ('wrong' as const);
      }
      await tx
        .update(emailVerificationCodes)
        .set({ spentAt: now })
        .where(eq(emailVerificationCodes.id, live.id));
      await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId));
      return 'confirmed' as const;
    });

    if (outcome === 'confirmed') {
      this.logger.info({ userId }, 'email confirmed');
      return;
    }
    const message =
      outcome === 'wrong'
        ? emailVerificationMessages.wrongCode
        : outcome === 'voided'
          ? emailVerificationMessages.tooManyWrongCodes
          : emailVerificationMessages.noLiveCode;
    throw new DomainError('invalid', 'bad_request', message, { field: 'code' });
  }
}
