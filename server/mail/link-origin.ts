import type { Context } from 'hono';
import type { MailConfig } from './mail-config';

/**
 * Where links in mail point: `APP_URL`, required with SMTP, so that a request with a forged Host cannot
 * send someone a link to another site carrying their code. Without SMTP the mail stays in the local
 * outbox, read only by whoever runs the server, and the address the request reached is used.
 */
export function linkOrigin(c: Context, mail: Pick<MailConfig, 'APP_URL'>): string {
  return new URL(mail.APP_URL ?? c.req.url).origin;
}
