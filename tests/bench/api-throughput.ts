/**
 * Requests per second and p99 latency of five API calls on the real server, against the one-query
 * limit (`one-query-server.ts`) on the same database: `GET /api/posts/{social}` returning 50 posts,
 * `PATCH …/update-answer` (each request a new mutation, so each is applied), `PATCH /api/posts/approved/…`
 * (set to the other value each round), the outbox's `POST /api/posts/mutations` with ten edits (and its
 * database round trips) and `GET /api/posts/meta/dates`. The load comes from this process,
 * the servers run in the target's. The two servers take turns, A B A B (`BENCH_ROUNDS` rounds of
 * `BENCH_SECONDS` each), so a busy moment of the machine does not fall on one of them only; the figures
 * are the medians of the rounds. `BENCH_CALLS` runs only some of the calls.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { type CpuPerRequest, cpuMeter } from './cpu-usage';
import type { BenchTarget } from './target';

export interface ThroughputFigures {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  /** CPU time per request (`cpu-usage.ts`), where `/proc` says. */
  cpu: CpuPerRequest | null;
}

export interface ThroughputResult {
  call: string;
  database: BenchTarget['database'];
  replyRadar: ThroughputFigures;
  limit: ThroughputFigures;
  /** ReplyRadar's requests per second over the limit's. */
  ratio: number;
  rounds: number;
  /** The batch only: its database round trips, all ten edits applying and one of them refused. */
  roundTrips?: { applying: number; oneRefused: number };
}

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
/** `BENCH_CALLS=update-answer,approved`: only the calls whose name contains one of these. */
const only = process.env.BENCH_CALLS?.split(',').filter(Boolean) ?? [];

type Requests = Partial<autocannon.Options> & { path?: string };

/** The outbox's batch the bench sends: ten answer edits, to ten posts (the batch of issue 26). */
const batchSize = 10;

/**
 * The database round trips of one batch of ten edits on ReplyRadar, counted by the target around one
 * request when nothing else runs: once all apply, and once when one is refused.
 */
async function batchRoundTrips(target: BenchTarget): Promise<{ applying: number; oneRefused: number }> {
  const headers = {
    authorization: `Bearer ${target.token}`,
    'project-id': target.projectId,
    'content-type': 'application/json',
  };
  /** Sends ten edits; with `stale` the first names a version its post is long past (a conflict). */
  const send = async (postIds: string[], stale = false) => {
    const before = Number(await (await fetch(`${target.countURL}/round-trips`)).text());
    const mutations = postIds.map((postId, index) => ({
      kind: 'answer',
      postId,
      mutationId: randomUUID(),
      answer: `Counted ${randomUUID()}`,
      ...(stale && index === 0 ? { baseVersion: 0 } : {}),
    }));
    const response = await fetch(`${target.baseURL}/api/posts/mutations`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ mutations }),
    });
    if (!response.ok) throw new Error(`The batch was refused: ${response.status}`);
    return Number(await (await fetch(`${target.countURL}/round-trips`)).text()) - before;
  };
  const ten = target.fiftyPostIds.slice(0, batchSize);
  await send(ten);
  const applying = await send(ten);
  // The refused edit is decided by the second statement, on the locked post.
  const oneRefused = await send(ten, true);
  return { applying, oneRefused };
}

/** The four calls, each as the requests autocannon sends (the same to both servers). */
function calls(target: BenchTarget): [string, () => Requests][] {
  const headers = { authorization: `Bearer ${target.token}`, 'project-id': target.projectId };
  const json = { ...headers, 'content-type': 'application/json' };
  const ids = target.fiftyPostIds;
  let edits = 0;
  let approvals = 0;
  let batches = 0;
  return [
    [
      'GET /api/posts/{social} (50 posts)',
      () => ({ headers, path: `/api/posts/reddit?found_date=${target.dates.fifty}` }),
    ],
    [
      'PATCH /api/posts/{id}/update-answer',
      () => ({
        requests: [
          {
            method: 'PATCH',
            headers: json,
            setupRequest: (request) => {
              edits += 1;
              return {
                ...request,
                path: `/api/posts/${ids[edits % ids.length]}/update-answer`,
                body: JSON.stringify({ answer: `Benchmark answer ${edits}`, mutationId: randomUUID() }),
              };
            },
          },
        ],
      }),
    ],
    [
      'PATCH /api/posts/approved/{id}',
      () => ({
        requests: [
          {
            method: 'PATCH',
            headers: json,
            setupRequest: (request) => {
              approvals += 1;
              // Each pass over the 50 posts sets the other value, so every approval changes the post.
              const approved = Math.floor(approvals / ids.length) % 2 === 0;
              return {
                ...request,
                path: `/api/posts/approved/${ids[approvals % ids.length]}`,
                body: JSON.stringify({ approved, mutationId: randomUUID() }),
              };
            },
          },
        ],
      }),
    ],
    [
      'POST /api/posts/mutations (10 edits)',
      () => ({
        requests: [
          {
            method: 'POST',
            path: '/api/posts/mutations',
            headers: json,
            setupRequest: (request) => {
              batches += 1;
              const mutations = Array.from({ length: batchSize }, (_, index) => ({
                kind: 'answer',
                postId: ids[(batches * batchSize + index) % ids.length],
                mutationId: randomUUID(),
                answer: `Benchmark answer ${batches}.${index}`,
              }));
              return { ...request, body: JSON.stringify({ mutations }) };
            },
          },
        ],
      }),
    ],
    ['GET /api/posts/meta/dates', () => ({ headers, path: '/api/posts/meta/dates' })],
  ];
}

type Meter = Awaited<ReturnType<typeof cpuMeter>>;

async function load(base: string, requests: Requests, meter: Meter): Promise<ThroughputFigures> {
  const { path = '', ...options } = requests;
  await meter.start();
  const result = await autocannon({
    url: `${base}${path}`,
    connections: 10,
    duration: durationSeconds,
    ...options,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    cpu: await meter.perRequest(result.requests.total),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function medianCpu(runs: ThroughputFigures[]): CpuPerRequest | null {
  const measured = runs.flatMap((run) => (run.cpu ? [run.cpu] : []));
  if (measured.length === 0) return null;
  const database = measured.flatMap((cpu) => (cpu.databaseMs === null ? [] : [cpu.databaseMs]));
  return {
    serverMs: median(measured.map((cpu) => cpu.serverMs)),
    databaseMs: database.length > 0 ? median(database) : null,
  };
}

const medians = (runs: ThroughputFigures[]): ThroughputFigures => ({
  requestsPerSecond: Math.round(median(runs.map((run) => run.requestsPerSecond))),
  p99Ms: median(runs.map((run) => run.p99Ms)),
  non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
  cpu: medianCpu(runs),
});

export async function benchApiThroughput(target: BenchTarget): Promise<ThroughputResult[]> {
  const results: ThroughputResult[] = [];
  const meter = await cpuMeter(target);
  for (const [call, requests] of calls(target)) {
    if (only.length > 0 && !only.some((part) => call.includes(part))) continue;
    const ours: ThroughputFigures[] = [];
    const limit: ThroughputFigures[] = [];
    for (let round = 0; round < rounds; round += 1) {
      ours.push(await load(target.baseURL, requests(), meter));
      limit.push(await load(target.bareURL, requests(), meter));
    }
    const replyRadar = medians(ours);
    const bare = medians(limit);
    results.push({
      call,
      database: target.database,
      replyRadar,
      limit: bare,
      ratio: Math.round((replyRadar.requestsPerSecond / bare.requestsPerSecond) * 100) / 100,
      rounds,
      ...(call.includes('/mutations') ? { roundTrips: await batchRoundTrips(target) } : {}),
    });
  }
  await meter.close();
  return results;
}
