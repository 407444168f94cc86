/**
 * The limit the API is measured against: a bare `node:http` server that does, for each benchmarked
 * call, the database work any implementation must do in one query, and answers the same envelope
 * `{ success, data, error }`. It checks no token and no project (the real server must), so what the
 * real server spends beyond it is its own overhead: routing, authentication, extra round trips.
 *
 * It speaks to the database through the driver itself (no ORM), with named prepared statements on
 * PostgreSQL, on the connection the real server uses (PGlite) or a pool of the same size (PostgreSQL).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface RawRows {
  rows: Record<string, unknown>[];
}

/** The driver's query: PGlite's `query` or a `pg` pool's, with a statement name PostgreSQL prepares once. */
export type RawQuery = (name: string, text: string, values: unknown[]) => Promise<RawRows>;

const listPosts = `select p.* from posts p join socials s on s.id = p.social_id
  where p.project_id = $1 and s.slug = $2 and p.found_date = $3 and p.relevant is not false
  order by p.published_date desc, p.id desc`;

const updateAnswer = `update posts set answer = $1, answer_version = answer_version + 1, updated_at = now()
  where id = $2 and project_id = $3 returning *`;

const setApproved = `update posts set approved = $1, updated_at = now()
  where id = $2 and project_id = $3 returning *`;

/** The batch's edits as one `update` of every post it names, each to its own answer. */
const updateAnswers = `update posts p set answer = e.answer, answer_version = p.answer_version + 1, updated_at = now()
  from jsonb_to_recordset($1::jsonb) as e(post_id uuid, answer text)
  where p.id = e.post_id and p.project_id = $2 returning p.*`;

const foundDates = `select array(
    select found_date::text from posts where project_id = $1 and relevant is not false
    union select found_date::text from discovery_runs where project_id = $1 and status = 'finished'
    order by 1 desc) as dates,
  exists(select 1 from discovery_runs where project_id = $1 and status = 'started'
    and heartbeat_at > now() - interval '15 minutes') as running`;

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string | null));

/** The API's view of a post row, as `server/routes/posts/post-view.ts` gives it. */
function toPost(row: Record<string, unknown>) {
  return {
    id: row.id,
    author: row.author,
    keyword: row.keyword,
    published_date: iso(row.published_date),
    title: row.title,
    content: row.content,
    url: row.url,
    answer: row.answer,
    approved: row.approved,
    published: row.published,
    answerVersion: row.answer_version,
    score: row.score,
    reason: row.reason,
    publishedAt: iso(row.published_at),
    replyUrl: row.reply_url,
    publishNote: row.publish_note,
  };
}

function send(response: ServerResponse, status: number, data: unknown) {
  const body = JSON.stringify(
    status === 200
      ? { success: true, data, error: null }
      : { success: false, data: null, error: { code: 'not_found', message: 'Nothing here' } },
  );
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length === 0
    ? {}
    : (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
}

async function answer(
  query: RawQuery,
  projectId: string,
  request: IncomingMessage,
): Promise<[number, unknown]> {
  const url = new URL(request.url ?? '/', 'http://bench');
  const parts = url.pathname.split('/').filter(Boolean);
  if (request.method === 'GET' && url.pathname === '/api/posts/meta/dates') {
    const [row] = (await query('bench_dates', foundDates, [projectId])).rows;
    return [200, { foundDates: row?.dates ?? [], running: row?.running === true }];
  }
  if (request.method === 'GET' && parts.length === 3) {
    const { rows } = await query('bench_list', listPosts, [
      projectId,
      parts[2],
      url.searchParams.get('found_date'),
    ]);
    return [200, rows.map(toPost)];
  }
  if (request.method === 'PATCH' && parts[3] === 'update-answer') {
    const body = await readBody(request);
    const [row] = (await query('bench_edit', updateAnswer, [body.answer, parts[2], projectId])).rows;
    return row ? [200, toPost(row)] : [404, null];
  }
  if (request.method === 'POST' && url.pathname === '/api/posts/mutations') {
    const { mutations } = (await readBody(request)) as {
      mutations: { postId: string; mutationId: string; answer: string }[];
    };
    // In the posts' order, as any server must lock them so that two batches cannot deadlock.
    const edits = JSON.stringify(
      mutations
        .map((edit) => ({ post_id: edit.postId, answer: edit.answer }))
        .sort((a, b) => (a.post_id < b.post_id ? -1 : 1)),
    );
    const { rows } = await query('bench_edits', updateAnswers, [edits, projectId]);
    const byId = new Map(rows.map((row) => [row.id, toPost(row)]));
    const results = mutations.map((edit) => ({
      mutationId: edit.mutationId,
      status: byId.has(edit.postId) ? 200 : 404,
      post: byId.get(edit.postId) ?? null,
      error: null,
    }));
    return [200, { results }];
  }
  if (request.method === 'PATCH' && parts[2] === 'approved') {
    const body = await readBody(request);
    const [row] = (await query('bench_approve', setApproved, [body.approved, parts[3], projectId])).rows;
    return row ? [200, toPost(row)] : [404, null];
  }
  return [404, null];
}

/** Starts the one-query server for the project `projectId` on a free port of 127.0.0.1. */
export async function startOneQueryServer(query: RawQuery, projectId: string): Promise<Server> {
  const server = createServer((request, response) => {
    answer(query, projectId, request).then(
      ([status, data]) => send(response, status, data),
      (error: unknown) => {
        console.error(error);
        send(response, 500, null);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
