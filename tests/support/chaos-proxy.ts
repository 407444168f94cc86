import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { freePort } from './product-server';

/**
 * What the network between one device and ReplyRadar does to a request:
 * - `pass`: it goes through;
 * - `cut`: the connection closes with no answer (the device, or only its service worker, is offline);
 * - `503`: a proxy's 503 page answers instead of the server (a deploy);
 * - `drop`: an API request reaches the server, which answers, but the answer never reaches the device.
 */
export type NetworkMode = 'pass' | 'cut' | '503' | 'drop';

/** One answer edit (`PATCH /api/posts/:postId/update-answer`, or one of a batch) that went through to the server. */
export interface AnswerSend {
  postId: string;
  answer: string;
  /** The server's status for this edit. */
  status: number;
  /** False when the server answered but the answer was lost on the way back. */
  delivered: boolean;
  /** `performance.now()` when the server's answer came back to the proxy. */
  answeredAt: number;
}

export interface ChaosProxy {
  /** The address the device opens ReplyRadar at. */
  url: string;
  mode: NetworkMode;
  /** Every answer edit the server answered, in order. */
  readonly sends: AnswerSend[];
  close(): Promise<void>;
}

const updateAnswerPath = /^\/api\/posts\/([^/?]+)\/update-answer(?:\?|$)/;
const batchPath = /^\/api\/posts\/mutations(?:\?|$)/;

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function jsonOf(body: Buffer): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The answer edits a request carries, each with the status the server gave it. */
function answerEdits(
  method: string | undefined,
  path: string,
  body: Buffer,
  answered: { status: number; body: Buffer },
): { postId: string; answer: string; status: number }[] {
  const single = method === 'PATCH' ? updateAnswerPath.exec(path) : null;
  if (single?.[1])
    return [{ postId: single[1], answer: String(jsonOf(body).answer ?? ''), status: answered.status }];
  if (method !== 'POST' || !batchPath.test(path)) return [];
  const mutations = jsonOf(body).mutations;
  const data = jsonOf(answered.body).data as { results?: { mutationId: string; status: number }[] } | null;
  if (!Array.isArray(mutations)) return [];
  return mutations.flatMap(
    (mutation: { kind?: string; postId?: string; answer?: string; mutationId?: string }) => {
      if (mutation.kind !== 'answer' || !mutation.postId) return [];
      const result = data?.results?.find((item) => item.mutationId === mutation.mutationId);
      return [
        { postId: mutation.postId, answer: mutation.answer ?? '', status: result?.status ?? answered.status },
      ];
    },
  );
}

/**
 * A network between one device and ReplyRadar that the journey can cut, fail or make lose answers, for
 * the page and its service worker alike (the browser's offline switch does not reach the worker).
 */
export async function startChaosProxy(target: string): Promise<ChaosProxy> {
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const port = await freePort();
  const sends: AnswerSend[] = [];
  const sockets = new Set<Socket>();
  const proxy: ChaosProxy = {
    url: `http://127.0.0.1:${port}`,
    mode: 'pass',
    sends,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const forward = async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const path = incoming.url ?? '/';
    const isApi = path.startsWith('/api/');
    const body = await readAll(incoming);
    if (proxy.mode === 'cut') return incoming.socket.destroy();
    if (proxy.mode === '503') {
      outgoing.writeHead(503, { 'Content-Type': 'text/html', Connection: 'close' });
      return outgoing.end('<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>');
    }
    const answered = await new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>(
      (resolve, reject) => {
        const call = request(
          {
            host: upstream.hostname,
            port: upstream.port,
            method: incoming.method,
            path,
            headers: incoming.headers,
            agent,
          },
          (response) =>
            void readAll(response).then(
              (data) =>
                resolve({ status: response.statusCode ?? 502, headers: response.headers, body: data }),
              reject,
            ),
        );
        call.on('error', reject);
        call.end(body);
      },
    ).catch(() => null);
    if (!answered) return incoming.socket.destroy();
    // The network as it is when the answer comes back decides whether it arrives.
    const now = proxy.mode as NetworkMode;
    const lost = now === 'cut' || (now === 'drop' && isApi);
    for (const edit of answerEdits(incoming.method, path, body, answered))
      sends.push({ ...edit, delivered: !lost, answeredAt: performance.now() });
    if (lost) return incoming.socket.destroy();
    outgoing.writeHead(answered.status, answered.headers);
    outgoing.end(answered.body);
  };

  const server = createServer((incoming, outgoing) => {
    forward(incoming, outgoing).catch(() => incoming.socket.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return proxy;
}
