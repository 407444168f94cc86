import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { deflateSync, gzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { isUuid } from '../domain/ids';
import { type AppEnv, type DirectRoute, jsonOf, parse, subscriptionRequired } from './bind-route';
import { crossSiteRefusal } from './csrf';
import type { AppDeps } from './deps';
import { errorAnswer } from './error-handler';
import { strictTransportSecurity } from './security';
import { isHttps, type ProxiedRequest, requestOrigin } from './trusted-proxy';

const directRoutesByApp = new WeakMap<Hono<AppEnv>, readonly DirectRoute[]>();

/** Keeps the routes `createApp` bound with `bind.direct`, for the listener below. */
export function rememberDirectRoutes(app: Hono<AppEnv>, routes: readonly DirectRoute[]): void {
  directRoutesByApp.set(app, routes);
}

interface CompiledRoute extends DirectRoute {
  pattern: RegExp;
  names: string[];
}

function compile(direct: DirectRoute): CompiledRoute {
  const names: string[] = [];
  const source = direct.route.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { ...direct, pattern: new RegExp(`^${source}$`), names };
}

/** The encoding `hono/compress` would choose for this Accept-Encoding (gzip first on a tie), or none. */
function chosenEncoding(header: string | undefined): 'gzip' | 'deflate' | undefined {
  if (header === undefined) return undefined;
  const accepts = parseAccept(header);
  const wildcard = accepts.find((accept) => accept.type === '*')?.q;
  let best: { encoding: 'gzip' | 'deflate'; q: number } | undefined;
  for (const encoding of ['gzip', 'deflate'] as const) {
    const q = accepts.find((accept) => accept.type.toLowerCase() === encoding)?.q ?? wildcard ?? 0;
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/**
 * The headers every API answer carries whatever the request (the security headers, `Vary`,
 * `Cache-Control`), read off the app's own answer, so that the two ways of answering cannot drift.
 */
async function answerHeaders(app: Hono<AppEnv>): Promise<Record<string, string>> {
  // Marked as the server's own, so its 404 is not logged as a request at every start.
  const probe = await app.request('http://localhost/api/direct-routes-probe', undefined, { probe: true });
  const headers: Record<string, string> = {};
  const perAnswer = new Set(['content-type', 'content-length', 'content-encoding', 'x-request-id', 'date']);
  probe.headers.forEach((value, name) => {
    if (!perAnswer.has(name)) headers[name] = value;
  });
  await probe.body?.cancel();
  return headers;
}

/** The header of a Node request as Hono's `c.req.header` reads it (repeated values joined). */
function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The server's request listener: the app (Hono on `@hono/node-server`), except for the writes bound with
 * `bind.direct` (the answer edit and the approval, the calls people make most), which are answered on
 * `node:http` directly when the request is a plain one: its path names ids, its body is JSON of a
 * declared length within the limit. Everything else goes to the app untouched, so every refusal of the
 * middlewares (too large, sent in chunks, not JSON) is the app's own. A direct answer runs the same
 * checks in the same order as the app (cross-site and media type, the principal, the subscription, the
 * contract's params and body, the handler), answers errors through the same `errorAnswer`, carries the
 * app's headers, compresses as `hono/compress` would, and logs the same line (decision 060). What it saves
 * is the adapter's web Request and Response, the router and six middlewares: a third of the edit's
 * server time.
 */
export async function createRequestListener(
  app: Hono<AppEnv>,
  deps: AppDeps,
  /** Where a request not answered directly goes: the app (tests wrap it to see which way one went). */
  hono: RequestListener = getRequestListener(app.fetch),
): Promise<RequestListener> {
  const routes = (directRoutesByApp.get(app) ?? []).map(compile);
  if (routes.length === 0) return hono;
  const fixedHeaders = await answerHeaders(app);
  const { env, logger, principals } = deps;

  function match(request: IncomingMessage): { route: CompiledRoute; params: Record<string, string> } | null {
    const path = request.url ?? '';
    if (path.includes('?') || path.includes('%')) return null;
    const found = routes.flatMap((route) => {
      if (route.route.method !== request.method) return [];
      const values = route.pattern.exec(path)?.slice(1);
      // Path parameters must be ids: anything else ('approved', say) is left to Hono's router.
      if (!values?.every(isUuid)) return [];
      return [{ route, params: Object.fromEntries(route.names.map((name, i) => [name, values[i] ?? ''])) }];
    });
    return found.length === 1 ? (found[0] ?? null) : null;
  }

  /** A body of a declared length within the limit, and a host the adapter would take as it is. */
  function plain(request: IncomingMessage): boolean {
    const length = request.headers['content-length'];
    return (
      length !== undefined &&
      /^\d+$/.test(length) &&
      Number(length) <= env.BODY_LIMIT_BYTES &&
      request.headers['transfer-encoding'] === undefined &&
      /^[a-z0-9.-]+(:\d+)?$/i.test(request.headers.host ?? '')
    );
  }

  async function answer(
    request: IncomingMessage,
    response: ServerResponse,
    { route, params }: NonNullable<ReturnType<typeof match>>,
    body: string,
  ): Promise<void> {
    const started = performance.now();
    const requestId = randomUUID();
    const path = request.url ?? '';
    const header = (name: string) => headerOf(request, name);
    const scheme = 'encrypted' in request.socket && request.socket.encrypted ? 'https' : 'http';
    const proxied: ProxiedRequest = {
      req: { url: `${scheme}://${request.headers.host}${path}`, header },
      env: { incoming: request, outgoing: response },
    };
    let status: number;
    let retryAfterSeconds: number | undefined;
    let envelope: unknown;
    try {
      const refusal = crossSiteRefusal(route.route.method, header, () =>
        requestOrigin(proxied, env.TRUST_PROXY),
      );
      if (refusal) throw refusal;
      const principal = await principals.resolve(header('authorization'), header('project-id'));
      if (route.route.subscription !== false && !principal.subscribed) throw subscriptionRequired();
      const input = {
        params: parse(route.route.params, params, 'params'),
        query: parse(route.route.query, {}, 'query'),
        body: parse(route.route.body, jsonOf(body), 'body'),
      };
      const data = await route.handler(principal, input);
      status = 200;
      envelope = { success: true, data, error: null };
    } catch (error) {
      const refused = errorAnswer(error, logger, { requestId, path });
      status = refused.status;
      retryAfterSeconds = refused.retryAfterSeconds;
      envelope = { success: false, data: refused.data, error: refused.error };
    }
    const headers: Record<string, string | number> = {
      ...fixedHeaders,
      'x-request-id': requestId,
      'content-type': 'application/json',
    };
    if (retryAfterSeconds !== undefined) headers['retry-after'] = retryAfterSeconds;
    if (isHttps(proxied, env.TRUST_PROXY)) headers['strict-transport-security'] = strictTransportSecurity;
    let payload: Buffer = Buffer.from(JSON.stringify(envelope));
    const encoding = chosenEncoding(header('accept-encoding'));
    if (encoding) {
      payload = encoding === 'gzip' ? gzipSync(payload) : deflateSync(payload);
      headers['content-encoding'] = encoding;
    }
    headers['content-length'] = payload.length;
    response.writeHead(status, headers);
    response.end(payload);
    logger.info(
      { requestId, method: request.method, path, status, ms: Math.round(performance.now() - started) },
      'request',
    );
  }

  return (request, response) => {
    const found = match(request);
    if (!found || !plain(request)) return hono(request, response);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      // Decoded as a web Request's text() decodes it: UTF-8, a leading byte-order mark dropped.
      answer(
        request,
        response,
        found,
        Buffer.concat(chunks)
          .toString('utf8')
          .replace(/^\uFEFF/, ''),
      ).catch((error: unknown) => {
        logger.error({ err: error, path: request.url }, 'a direct answer failed');
        response.destroy();
      });
    });
  };
}
