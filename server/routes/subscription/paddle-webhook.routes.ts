import { api } from '@contract/api';
import type { Hono } from 'hono';
import type { PaddleBilling } from '../../billing/paddle-billing';
import type { AppEnv } from '../../http/bind-route';
import { ok } from '../../http/envelope';

/**
 * Paddle's webhook, registered by hand rather than through the binder: the signature is over the raw
 * bytes of the body, so they are read before anything parses them.
 */
export function registerPaddleWebhookRoute(app: Hono<AppEnv>, billing: PaddleBilling): void {
  app.on(api.paddleWebhook.method, api.paddleWebhook.path, async (c) => {
    const rawBody = new Uint8Array(await c.req.arrayBuffer());
    await billing.receiveWebhook(rawBody, c.req.header('paddle-signature'));
    return ok(c, null);
  });
}
