/**
 * The server the benchmarks measure, in a process of its own so the load generator does not share its
 * event loop: the real ReplyRadar server (the built app and the API, on an in-memory PGlite, or on
 * PostgreSQL with `BENCH_DATABASE=postgres` and `DATABASE_URL`) with one
 * subscribed person whose reviewed project has 50, 2,000 and 20 posts under three found dates, and beside
 * it a bare `node:http` server that answers with the same bytes, for the ratio. It prints one JSON line
 * describing itself when ready, and stops when its standard input closes.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { loadScreenRenderer } from '../../server/http/screen-renderer';
import { createLogger } from '../../server/logger';
import { seedPost, seedProject, tallybirdProject } from '../support/seed';
import { startTestServer } from '../support/server-harness';

export interface BenchTarget {
  database: 'pglite' | 'postgres';
  baseURL: string;
  bareURL: string;
  email: string;
  password: string;
  token: string;
  projectId: string;
  /** The found dates holding 50, 2,000 and 20 posts. */
  dates: { fifty: string; twoThousand: string; twenty: string };
  fiftyPostIds: string[];
}

const password = 'a benchmark password';

function isoDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

const sentences = [
  'We keep chasing clients for payment and it eats a whole afternoon every week.',
  'Does anyone have a tool that sends polite reminders before an invoice is due?',
  'I tried a spreadsheet with conditional formatting but it does not scale past ten clients.',
  'Our studio moved to net-30 terms and late payments doubled overnight.',
  'What do you say in the third reminder without sounding rude?',
];

async function seedDay(db: Parameters<typeof seedPost>[0], projectId: string, day: string, count: number) {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const row = await seedPost(db, projectId, {
      author: `member_${index}`,
      keyword: index % 2 === 0 ? 'late invoices' : 'payment reminders',
      foundDate: day,
      publishedDate: new Date(Date.now() - index * 60_000),
      title: index % 3 === 0 ? `Question ${index} about late invoices` : null,
      content: Array.from(
        { length: 2 + (index % 4) },
        (_, n) => sentences[(index + n) % sentences.length],
      ).join(' '),
      answer: `Draft reply ${index}: a schedule of friendly reminders keeps this off your plate.`,
    });
    ids.push(row.id);
  }
  return ids;
}

async function main() {
  const staticDir = process.env.BENCH_STATIC_DIR ?? 'dist/client';
  // The embedded PGlite by default; PostgreSQL (a fresh database on the DATABASE_URL server) on request.
  const kind = process.env.BENCH_DATABASE === 'postgres' ? 'postgres' : 'pglite';
  // The first screens drawn by the server, as `npm start` draws them (decision 020).
  const renderScreen = await loadScreenRenderer(
    process.env.RENDER_DIR ?? 'dist/render',
    createLogger('silent'),
  );
  const server = await startTestServer(
    kind,
    { AUTH_TOKEN_TTL_SECONDS: '3600', AUTH_RATE_LIMIT_PER_MINUTE: '100000' },
    { staticDir, renderScreen },
  );
  const email = `bench-${Date.now().toString(36)}@example.com`;
  const { signUp, createWorkspace, activate } = server;
  const { cookie } = await signUp(email, password);
  const workspace = await createWorkspace(cookie, 'Benchmark workspace');
  const session = await activate(cookie, workspace.id);
  const products = await server.request('GET', '/api/subscription/products', { token: session.token });
  const priceIds = (products.body.data as { kind: string; month_price_id: string }[])
    .filter((item) => item.kind === 'product')
    .map((item) => item.month_price_id);
  await server.request('POST', '/api/subscription/local-checkout', {
    token: session.token,
    body: { priceIds },
  });
  const project = await seedProject(server.db, workspace.id, tallybirdProject);
  const dates = { fifty: isoDay(0), twoThousand: isoDay(1), twenty: isoDay(2) };
  const fiftyPostIds = await seedDay(server.db, project.id, dates.fifty, 50);
  await seedDay(server.db, project.id, dates.twoThousand, 2000);
  await seedDay(server.db, project.id, dates.twenty, 20);

  const http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => http.once('listening', () => resolve()));
  const port = (http.address() as AddressInfo).port;

  // The bare server answers every request with the bytes the real server gives for the same call.
  const recorded = new Map<string, { status: number; type: string; body: Buffer }>();
  const record = async (key: string, path: string, init: RequestInit) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, init);
    recorded.set(key, {
      status: response.status,
      type: response.headers.get('content-type') ?? 'application/json',
      body: Buffer.from(await response.arrayBuffer()),
    });
  };
  const headers = { authorization: `Bearer ${session.token}`, 'project-id': project.id };
  await record('GET', `/api/posts/reddit?found_date=${dates.fifty}`, { headers });
  await record('PATCH', `/api/posts/${fiftyPostIds[0]}/update-answer`, {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ answer: 'Recorded answer', mutationId: `record-${Date.now()}` }),
  });
  const bare = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = recorded.get(request.method ?? 'GET') ?? recorded.get('GET');
      if (!answer) {
        response.writeHead(500).end();
        return;
      }
      response.writeHead(answer.status, {
        'content-type': answer.type,
        'content-length': answer.body.length,
      });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));

  const target: BenchTarget = {
    database: kind,
    baseURL: `http://127.0.0.1:${port}`,
    bareURL: `http://127.0.0.1:${(bare.address() as AddressInfo).port}`,
    email,
    password,
    token: session.token,
    projectId: project.id,
    dates,
    fiftyPostIds,
  };
  process.stdout.write(`${JSON.stringify(target)}\n`);

  process.stdin.resume();
  process.stdin.on('end', () => {
    http.close();
    bare.close();
    void server.close().finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
