import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededPostFields } from '../../tests/support/seed';
import { startTestServer, type TestServer } from '../../tests/support/server-harness';
import { createRequestListener } from './direct-routes';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as JSON, decompressed when it came compressed. */
  body: unknown;
}

interface Sent {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Headers that differ between any two answers (or depend on how the body was framed). */
const perAnswer = ['date', 'x-request-id', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'];

/** Sends a request as a client would; an `origin: 'self'` header names the server's own origin. */
function send(port: number, { method = 'PATCH', path, headers = {}, body = '' }: Sent) {
  if (headers.origin === 'self') headers = { ...headers, origin: `http://127.0.0.1:${port}` };
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { 'content-length': String(Buffer.byteLength(body)), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const text = (
            encoding === 'gzip' ? gunzipSync(raw) : encoding === 'deflate' ? inflateSync(raw) : raw
          ).toString('utf8');
          const headers = { ...res.headers };
          for (const name of perAnswer) delete headers[name];
          resolve({ status: res.statusCode ?? 0, headers, body: text ? JSON.parse(text) : null });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

describe('the writes answered on node:http directly', () => {
  let server: TestServer;
  let direct: Server;
  let viaApp: Server;
  let directPort: number;
  let appPort: number;
  let token: string;
  let projectId: string;
  /** How many requests the direct listener handed to the app. */
  let handedOn = 0;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    const account = await server.signUpWithWorkspace('direct@example.com', 'Direct');
    token = account.token;
    projectId = (
      await server.seedProject(account.workspace.id, {
        reviewed: true,
        autopostingSetup: true,
        name: 'Invoicely',
      })
    ).id;
    const app = getRequestListener(server.app.fetch);
    direct = createServer(
      await createRequestListener(server.app, server.deps, (req, res) => {
        handedOn += 1;
        return app(req, res);
      }),
    );
    viaApp = createServer(app);
    [directPort, appPort] = await Promise.all([listen(direct), listen(viaApp)]);
  });
  afterAll(async () => {
    await Promise.all([direct, viaApp].map((each) => new Promise((resolve) => each?.close(resolve))));
    await server?.close();
  });

  /** Two posts alike, one for each way of answering; the answer of each, with the post's id set aside. */
  async function bothWays(request: (postId: string) => Sent, fields: SeededPostFields = {}) {
    const alike = {
      title: 'Chasing late invoices',
      content: 'Clients pay 60 days late. How do you remind them without sounding rude?',
      author: 'someone',
      publishedDate: new Date('2026-11-20T09:30:00.000Z'),
      ...fields,
    };
    const [one, two] = [await server.seedPost(projectId, alike), await server.seedPost(projectId, alike)];
    const before = handedOn;
    const directAnswer = await send(directPort, request(one.id));
    const wasDirect = handedOn === before;
    const appAnswer = await send(appPort, request(two.id));
    const sameIds = (answer: RawAnswer, id: string) =>
      JSON.parse(
        JSON.stringify(answer)
          .replaceAll(id, '<post>')
          .replaceAll(/"url":"[^"]*"/g, '"url":"<url>"'),
      );
    return { wasDirect, direct: sameIds(directAnswer, one.id), app: sameIds(appAnswer, two.id) };
  }

  const auth = () => ({ authorization: `Bearer ${token}`, 'project-id': projectId });
  const json = () => ({ ...auth(), 'content-type': 'application/json' });
  // Read when a request is sent: the account is made after the tests are declared.
  const edit =
    (body: unknown, headers: () => Record<string, string> = json) =>
    (postId: string) => ({
      path: `/api/posts/${postId}/update-answer`,
      headers: headers(),
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it.each([
    ['an edit', edit({ answer: 'Thanks, that helps', mutationId: 'm-1', baseVersion: 0 })],
    ['an edit from an older version (409 with the stored answer)', edit({ answer: 'Late', baseVersion: 7 })],
    ['an edit without a version', edit({ answer: 'Last word wins' })],
    [
      'an edit asking for gzip',
      edit({ answer: 'Compressed' }, () => ({ ...json(), 'accept-encoding': 'gzip' })),
    ],
    [
      'an edit preferring deflate',
      edit({ answer: 'Deflated' }, () => ({ ...json(), 'accept-encoding': 'gzip;q=0.5, deflate' })),
    ],
    ['an edit from the app itself', edit({ answer: 'Same site' }, () => ({ ...json(), origin: 'self' }))],
    [
      'an edit another site sends (403)',
      edit({ answer: 'x' }, () => ({ ...json(), origin: 'https://evil.example' })),
    ],
    [
      'an edit marked cross-site (403)',
      edit({ answer: 'x' }, () => ({ ...json(), 'sec-fetch-site': 'cross-site' })),
    ],
    ['a body that is not JSON (400)', edit('{"answer": ')],
    ['an answer that is not text (400 naming answer)', edit({ answer: 42 })],
    ['an answer over 10,000 characters (400)', edit({ answer: 'a'.repeat(10_001) })],
    [
      'a form body (415)',
      edit('answer=x', () => ({ ...auth(), 'content-type': 'application/x-www-form-urlencoded' })),
    ],
    [
      'no token (401)',
      edit({ answer: 'x' }, () => ({ 'content-type': 'application/json', 'project-id': projectId })),
    ],
    [
      'no project-id (400)',
      edit({ answer: 'x' }, () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' })),
    ],
    [
      'an approval',
      (postId: string) => ({
        path: `/api/posts/approved/${postId}`,
        headers: json(),
        body: JSON.stringify({ approved: true, mutationId: `a-${postId}` }),
      }),
    ],
  ])('%s: answered directly, exactly as the app answers it', async (_, request) => {
    const answers = await bothWays(request);
    expect(answers.wasDirect).toBe(true);
    expect(answers.direct).toStrictEqual(answers.app);
  });

  it('answers a published post, a post of no project and a replayed mutation id as the app does', async () => {
    const published = await bothWays(edit({ answer: 'Too late' }), { published: true });
    expect(published.direct).toStrictEqual(published.app);
    expect(published.direct.status).toBe(409);

    const missing = edit({ answer: 'Nobody' })('00000000-0000-4000-8000-000000000000');
    expect(await send(directPort, missing)).toStrictEqual(await send(appPort, missing));

    const [post] = [await server.seedPost(projectId)];
    const once = edit({ answer: 'Once', mutationId: 'replayed-1' })(post.id);
    const first = await send(directPort, once);
    expect(await send(directPort, once)).toStrictEqual(first);
    expect(await send(appPort, once)).toStrictEqual(first);
  });

  it('hands to the app what is not a plain write: chunked, too large, not an id, with a query', async () => {
    const post = await server.seedPost(projectId);
    const sendChunked = (port: number) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'PATCH',
            path: `/api/posts/${post.id}/update-answer`,
            headers: { ...json(), 'transfer-encoding': 'chunked' },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ answer: 'Sent in chunks' }));
      });
    const before = handedOn;
    expect(await sendChunked(directPort)).toBe(200);
    const requests = [
      edit({ answer: 'a'.repeat(2_000_000) })(post.id),
      edit({ answer: 'x' })('approved'),
      { ...edit({ answer: 'With a query' })(post.id), path: `/api/posts/${post.id}/update-answer?x=1` },
    ];
    for (const request of requests) {
      const answer = await send(directPort, request);
      expect(answer.status).toBeGreaterThanOrEqual(200);
      expect(answer.status).toBe((await send(appPort, request)).status);
    }
    expect(handedOn - before).toBe(4);
  });
});
