import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

/** A recorded response under `tests/fixtures/sources/`, e.g. `hackernews/search-by-date.json`. */
export function sourceFixture(name: string): string {
  return readFileSync(new URL(`../fixtures/sources/${name}`, import.meta.url), 'utf8');
}

/** How the fake answers one request. */
export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  /** A recorded response file (sent as JSON unless it ends in `.html`). */
  fixture?: string;
  /** A value sent as JSON. */
  json?: unknown;
  /** A body sent exactly as given (malformed JSON, an HTML page). */
  text?: string;
  /** Hold the answer this long (the timeout test). */
  delayMs?: number;
  /** Close the connection without answering, as a server does with a keep-alive socket it let go. */
  drop?: boolean;
}

export interface FakeSourceRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeSources {
  /** Base URL to give the adapter (or `createSources`) instead of the network's host. */
  url: string;
  requests: FakeSourceRequest[];
  /** The requests made to one route (`'GET /api/v1/search_by_date'`). */
  requestsTo(route: string): FakeSourceRequest[];
  /** Answers the route this way from now on. */
  on(route: string, reply: FakeReply): void;
  /** Answers the route's next request this way, once, then as before. */
  once(route: string, reply: FakeReply): void;
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
 * A local stand-in for the networks' search APIs: each route (`'METHOD /path'`) replays a recorded
 * response from `tests/fixtures/sources/`, or the failure a test asks for once (429, 500, an HTML
 * page, malformed JSON, a held answer, a dropped connection). Unknown routes answer 404.
 */
export async function startFakeSources(routes: Record<string, FakeReply> = {}): Promise<FakeSources> {
  const standing = new Map(Object.entries(routes));
  const queued = new Map<string, FakeReply[]>();
  const requests: FakeSourceRequest[] = [];

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://fake');
    const route = `${request.method} ${url.pathname}`;
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body,
    });
    const reply = queued.get(route)?.shift() ??
      standing.get(route) ?? { status: 404, json: { error: 'NotFound' } };
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (response.destroyed) return;
    if (reply.drop) {
      request.socket.destroy();
      return;
    }
    let payload = '';
    let contentType = 'application/json; charset=utf-8';
    if (reply.fixture !== undefined) {
      payload = sourceFixture(reply.fixture);
      if (reply.fixture.endsWith('.html')) contentType = 'text/html; charset=utf-8';
    } else if (reply.text !== undefined) {
      payload = reply.text;
    } else if (reply.json !== undefined) {
      payload = JSON.stringify(reply.json);
    }
    response.writeHead(reply.status ?? 200, { 'content-type': contentType, ...reply.headers });
    response.end(payload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the fake sources server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    requestsTo: (route) => requests.filter((request) => `${request.method} ${request.path}` === route),
    on(route, reply) {
      standing.set(route, reply);
    },
    once(route, reply) {
      queued.set(route, [...(queued.get(route) ?? []), reply]);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
