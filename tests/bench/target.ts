/**
 * The server the benchmarks measure, in a process of its own so the load generator does not share its
 * event loop: the real ReplyRadar server (the built app and the API, on an in-memory PGlite, or on
 * PostgreSQL with `BENCH_DATABASE=postgres` and `DATABASE_URL`) with one
 * subscribed person whose reviewed project (autoposting set up) has 50, 2,000 and 20 posts under three
 * found dates, and beside it the one-query server on the same database (`one-query-server.ts`), the limit
 * the API's figures are divided by. It prints one JSON line describing itself when ready, and stops when
 * its standard input closes.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { loadScreenRenderer } from '../../server/http/screen-renderer';
import { createLogger } from '../../server/logger';
import { seedPost, seedProject, tallybirdProject } from '../support/seed';
import { startTestServer, type TestDatabase, type TestServer } from '../support/server-harness';
import { type RawQuery, type RawRows, startOneQueryServer } from './one-query-server';

export interface BenchTarget {
  database: 'pglite' | 'postgres';
  /** This process (both servers run in it), and the PostgreSQL database's name (null on PGlite). */
  pid: number;
  databaseName: string | null;
  baseURL: string;
  bareURL: string;
  /** `GET {countURL}/round-trips`: the statements ReplyRadar's database driver has been sent so far. */
  countURL: string;
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

/** The database driver under the server: PGlite's own client, or a new pool on the same PostgreSQL database. */
async function rawQuery(server: TestServer): Promise<{ query: RawQuery; close(): Promise<void> }> {
  const { url } = server.database as TestDatabase;
  if (url) {
    const { Pool } = await import('pg');
    const pool = new Pool({ connectionString: url, max: 10 });
    // Dropping the database at the end closes these connections from the server's side.
    pool.on('error', () => undefined);
    return { query: (name, text, values) => pool.query({ name, text, values }), close: () => pool.end() };
  }
  type Client = { query(text: string, values: unknown[]): Promise<RawRows> };
  const client = (server.db as unknown as { $client: Client }).$client;
  return { query: (_name, text, values) => client.query(text, values), close: async () => undefined };
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
  const project = await seedProject(server.db, workspace.id, { ...tallybirdProject, autopostingSetup: true });
  const dates = { fifty: isoDay(0), twoThousand: isoDay(1), twenty: isoDay(2) };
  const fiftyPostIds = await seedDay(server.db, project.id, dates.fifty, 50);
  await seedDay(server.db, project.id, dates.twoThousand, 2000);
  await seedDay(server.db, project.id, dates.twenty, 20);
  // The posts' statistics, as a database in use has them (autovacuum would take them in a while).
  await server.db.execute(sql`analyze posts`);

  // Every statement the server sends its database, counted at the driver (PGlite's client or `pg`'s pool).
  let roundTrips = 0;
  type Method = (...args: unknown[]) => Promise<unknown>;
  const client = (server.db as unknown as { $client: Record<string, Method> }).$client;
  for (const name of ['query', 'exec', 'transaction']) {
    const original = client[name];
    if (!original) continue;
    client[name] = (...args: unknown[]) => {
      roundTrips += 1;
      return original.apply(client, args);
    };
  }
  const counter = createServer((_, response) => response.end(String(roundTrips))).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => counter.once('listening', () => resolve()));

  // Served as `npm start` serves it.
  const http = createServer(getRequestListener(server.app.fetch)).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => http.once('listening', () => resolve()));
  const port = (http.address() as AddressInfo).port;

  // The one-query limit, on the same database: PGlite's one connection, or a pool like the server's.
  const driver = await rawQuery(server);
  const { url } = server.database as TestDatabase;
  const bare = await startOneQueryServer(driver.query, project.id);

  const target: BenchTarget = {
    database: kind,
    pid: process.pid,
    databaseName: url ? new URL(url).pathname.slice(1) : null,
    baseURL: `http://127.0.0.1:${port}`,
    bareURL: `http://127.0.0.1:${(bare.address() as AddressInfo).port}`,
    countURL: `http://127.0.0.1:${(counter.address() as AddressInfo).port}`,
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
    counter.close();
    void driver
      .close()
      .then(() => server.close())
      .finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
