/**
 * Requests per second and p99 latency of two API calls on the real server, against a bare `node:http`
 * server answering with the same bytes on the same machine in the same run: `GET /api/posts/{social}`
 * returning 50 posts, and `PATCH …/update-answer` (each request a new mutation, so each is applied).
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { BenchTarget } from './target';

export interface ThroughputResult {
  call: string;
  server: 'ReplyRadar' | 'bare node:http';
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
}

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);

async function load(url: string, options: Partial<autocannon.Options>): Promise<autocannon.Result> {
  return autocannon({ url, connections: 10, duration: durationSeconds, ...options });
}

function summary(
  call: string,
  server: ThroughputResult['server'],
  result: autocannon.Result,
): ThroughputResult {
  return {
    call,
    server,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

export async function benchApiThroughput(target: BenchTarget): Promise<ThroughputResult[]> {
  const headers = { authorization: `Bearer ${target.token}`, 'project-id': target.projectId };
  const listPath = `/api/posts/reddit?found_date=${target.dates.fifty}`;
  const results: ThroughputResult[] = [];
  for (const [server, base] of [
    ['ReplyRadar', target.baseURL],
    ['bare node:http', target.bareURL],
  ] as const) {
    results.push(
      summary('GET /api/posts/{social} (50 posts)', server, await load(`${base}${listPath}`, { headers })),
    );
  }
  let next = 0;
  for (const [server, base] of [
    ['ReplyRadar', target.baseURL],
    ['bare node:http', target.bareURL],
  ] as const) {
    const result = await load(base, {
      requests: [
        {
          method: 'PATCH',
          headers: { ...headers, 'content-type': 'application/json' },
          setupRequest: (request) => {
            next += 1;
            const postId = target.fiftyPostIds[next % target.fiftyPostIds.length];
            return {
              ...request,
              path: `/api/posts/${postId}/update-answer`,
              body: JSON.stringify({ answer: `Benchmark answer ${next}`, mutationId: randomUUID() }),
            };
          },
        },
      ],
    });
    results.push(summary('PATCH /api/posts/{id}/update-answer', server, result));
  }
  return results;
}
