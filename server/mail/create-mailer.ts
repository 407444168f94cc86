import type { Logger } from '../logger';
import type { MailConfig } from './mail-config';
import type { Mailer } from './mailer';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

/** SMTP when `SMTP_URL` is set; otherwise the local outbox under `DATA_DIR`. */
export function createMailer(config: MailConfig, logger: Logger): Mailer {
  if (config.SMTP_URL) return new SmtpMailer(config.SMTP_URL, config.MAIL_FROM);
  return new OutboxMailer(config.DATA_DIR, logger);
}
