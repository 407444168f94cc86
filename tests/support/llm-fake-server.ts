import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';

const answersDir = path.resolve(import.meta.dirname, '../fixtures/llm');

/** A request the fake endpoint received. */
export interface RecordedLlmRequest {
  path: string;
  authorization: string | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the SDK sent
  body: any;
}

export interface LlmFakeServer {
  /** The base URL to configure as `LLM_BASE_URL` (`http://127.0.0.1:<port>/v1`). */
  baseURL: string;
  requests: RecordedLlmRequest[];
  /**
   * Queues the next answers of `POST /v1/chat/completions`: a recorded answer from `tests/fixtures/llm/`
   * by name (without `.json`), optionally after a delay.
   */
  enqueue(...answers: Array<string | { fixture: string; delayMs?: number }>): void;
  close(): Promise<void>;
}

/**
 * A local OpenAI-compatible endpoint that replays recorded chat completions in order and records what it
 * was asked. With nothing queued it answers 500 the way OpenAI does, so a test never passes by accident.
 */
export async function startLlmFakeServer(): Promise<LlmFakeServer> {
  const queue: Array<{ fixture: string; delayMs: number }> = [];
  const requests: RecordedLlmRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // recorded as text
      }
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      const json = (status: number, payload: string) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(payload);
      };
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        return json(
          404,
          JSON.stringify({ error: { message: `No route ${req.url}`, type: 'invalid_request_error' } }),
        );
      }
      const next = queue.shift();
      if (!next) {
        return json(500, JSON.stringify({ error: { message: 'No answer queued', type: 'server_error' } }));
      }
      const answer = readFileSync(path.join(answersDir, `${next.fixture}.json`), 'utf8');
      if (!next.delayMs) return json(200, answer);
      const timer = setTimeout(() => json(200, answer), next.delayMs);
      timers.add(timer);
      res.on('close', () => clearTimeout(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...answers) => {
      for (const answer of answers) {
        queue.push(typeof answer === 'string' ? { fixture: answer, delayMs: 0 } : { delayMs: 0, ...answer });
      }
    },
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The chat model the product's drafter would build for `llm` (`fake-model-1`, structured outputs). */
export function fakeChatModel(llm: Pick<LlmFakeServer, 'baseURL'>) {
  return createOpenAICompatible({
    name: 'llm',
    baseURL: llm.baseURL,
    apiKey: 'sk-test',
    supportsStructuredOutputs: true,
  }).chatModel('fake-model-1');
}
