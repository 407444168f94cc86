import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';

const recorded = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/paddle/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

export interface FakePaddleRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  paddleVersion: string | undefined;
  body: unknown;
}

export interface FakePaddle {
  /** Base URL to give the server as `PADDLE_API_URL`. */
  url: string;
  requests: FakePaddleRequest[];
  /** The next call is answered with this status and body instead (a string is sent as HTML). */
  failNext(status: number, body: unknown): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * A local stand-in for Paddle Billing's API that answers `POST /customers/{id}/portal-sessions` the
 * way Paddle does, from the recorded response: 201 with the session for the customers in `customers`,
 * 404 `entity_not_found` for others, 403 for a wrong API key.
 */
export async function startFakePaddle(options: { apiKey: string; customers: string[] }): Promise<FakePaddle> {
  const requests: FakePaddleRequest[] = [];
  let nextFailure: { status: number; body: unknown } | null = null;
  const session = recorded('portal-session-created.json');
  const notFound = recorded('customer-not-found.json');

  const server = createServer(async (request, response) => {
    const text = await readBody(request);
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    requests.push({
      method: request.method ?? '',
      path,
      authorization: request.headers.authorization,
      paddleVersion: request.headers['paddle-version'] as string | undefined,
      body,
    });
    const send = (status: number, payload: unknown) => {
      if (typeof payload === 'string') {
        response.writeHead(status, { 'content-type': 'text/html' });
        return response.end(payload);
      }
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = null;
      return send(failure.status, failure.body);
    }
    if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return send(403, {
        error: {
          type: 'request_error',
          code: 'forbidden',
          detail: "You aren't permitted to perform this request.",
          documentation_url: 'https://developer.paddle.com/v1/errors/shared/forbidden',
        },
        meta: { request_id: 'fake' },
      });
    }
    const match = /^\/customers\/([^/]+)\/portal-sessions$/.exec(path);
    if (request.method !== 'POST' || !match) return send(404, notFound);
    const customerId = decodeURIComponent(match[1] ?? '');
    if (!options.customers.includes(customerId)) return send(404, notFound);
    const answer = structuredClone(session) as {
      data: { customer_id: string; urls: { subscriptions: Array<{ id: string }> } };
    };
    answer.data.customer_id = customerId;
    const ids = (body as { subscription_ids?: string[] } | null)?.subscription_ids ?? [];
    const [template] = answer.data.urls.subscriptions;
    answer.data.urls.subscriptions = template ? ids.map((id) => ({ ...template, id })) : [];
    return send(201, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the fake Paddle API has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    failNext(status, body) {
      nextFailure = { status, body };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
