import type { Env } from '../env';
import type { Logger } from '../logger';
import type { Mailer } from './mailer';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

/** SMTP when `SMTP_URL` is set; otherwise the local outbox under `DATA_DIR`. */
export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>, logger: Logger): Mailer {
  if (env.SMTP_URL) return new SmtpMailer(env.SMTP_URL, env.MAIL_FROM);
  return new OutboxMailer(env.DATA_DIR, logger);
}
