import { randomUUID } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { createBilling } from './billing/billing';
import { type AppEnv, createBinder } from './http/bind-route';
import { refuseCrossSite } from './http/csrf';
import type { AppDeps } from './http/deps';
import { fail } from './http/envelope';
import { errorHandler } from './http/error-handler';
import { securityHeaders } from './http/security';
import { serveApp } from './http/static-app';
import { requestOrigin } from './http/trusted-proxy';
import { registerLocalAuthRoutes } from './routes/auth/local-auth.routes';
import { registerAutopostingRoutes } from './routes/autoposting/setup.routes';
import { registerPostRoutes } from './routes/posts/posts.routes';
import { registerProjectRoutes } from './routes/projects/projects.routes';
import { registerSocialRoutes } from './routes/socials/socials.routes';
import { registerSubscriptionRoutes } from './routes/subscription/subscription.routes';

/** The whole HTTP surface: the API under `/api` and, when built, the app itself. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { http, logger } = deps;
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    const started = performance.now();
    c.set('requestId', randomUUID());
    c.header('X-Request-Id', c.get('requestId'));
    await next();
    if (!c.req.path.startsWith('/api/')) return;
    logger.info(
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
  app.use(
    '*',
    securityHeaders(
      {
        clerkPublishableKey: http.VITE_CLERK_PUBLISHABLE_KEY,
        paddle: Boolean(http.VITE_PADDLE_CLIENT_TOKEN),
        crisp: Boolean(http.VITE_CRISP_WEBSITE_ID),
      },
      http.TRUST_PROXY,
    ),
  );
  app.use('*', compress());
  const tooLarge = (c: Context<AppEnv>) => {
    // The rest of the body is never read, so the connection cannot carry another request: saying
    // so lets the client send its next request on a new one rather than lose it.
    c.header('Connection', 'close');
    return fail(c, 413, {
      code: 'payload_too_large',
      message: `Request body is larger than ${http.BODY_LIMIT_BYTES} bytes`,
    });
  };
  const limitStreamedBody = bodyLimit({ maxSize: http.BODY_LIMIT_BYTES, onError: tooLarge });
  app.use('/api/*', async (c, next) => {
    // A body announced with its length is judged by that length (the HTTP parser reads no further), and
    // a GET's is never read: only another streamed body is counted as it arrives. Merely looking at the
    // request's body stream, as the counting does first, makes the Node adapter build a web stream for
    // it, which cost an answer edit more than its database statement.
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined)
      return Number.parseInt(length, 10) > http.BODY_LIMIT_BYTES ? tooLarge(c) : next();
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return limitStreamedBody(c, next);
  });
  app.use('/api/*', async (c, next) => {
    // `c.header` after the answer is made copies it into a new Response whose body is then streamed
    // out, a cost every API call paid: compression's `Vary` is said before (compress then leaves the
    // answer alone when it does not compress it), Cache-Control on the answer's own headers.
    c.header('Vary', 'Accept-Encoding');
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  });
  app.use('/api/*', refuseCrossSite({ ownOrigin: (c) => requestOrigin(c, http.TRUST_PROXY) }));

  const bind = createBinder(app, (c) =>
    deps.principals.resolve(c.req.header('authorization'), c.req.header('project-id')),
  );
  if (deps.localTokens) registerLocalAuthRoutes(app, bind, deps, deps.localTokens);
  registerProjectRoutes(bind, deps);
  registerSubscriptionRoutes(app, bind, deps, createBilling(deps));
  registerSocialRoutes(bind, deps);
  registerPostRoutes(bind, deps);
  registerAutopostingRoutes(bind, deps);

  app.all('/api/*', (c) =>
    fail(c, 404, { code: 'not_found', message: `No API route ${c.req.method} ${c.req.path}` }),
  );
  if (deps.staticDir)
    serveApp(app, deps.staticDir, {
      firstAnswers: deps.localTokens !== null,
      renderScreen: deps.renderScreen,
      logger: deps.logger,
    });

  app.notFound((c) => fail(c, 404, { code: 'not_found', message: `Nothing at ${c.req.path}` }));
  app.onError(errorHandler(logger));
  return app;
}
