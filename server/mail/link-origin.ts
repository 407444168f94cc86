import type { Context } from 'hono';
import type { Env } from '../env';

/**
 * Where links in mail point: `APP_URL`, required with SMTP, so that a request with a forged Host cannot
 * send someone a link to another site carrying their code. Without SMTP the mail stays in the local
 * outbox, read only by whoever runs the server, and the address the request reached is used.
 */
export function linkOrigin(c: Context, env: Pick<Env, 'APP_URL'>): string {
  return new URL(env.APP_URL ?? c.req.url).origin;
}
