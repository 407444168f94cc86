import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type WatchedChild, watchChild } from './child-process';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const exitOf = ({ process }: WatchedChild) => process.exitCode ?? process.signalCode;

async function waitUntilUp(url: string, child: WatchedChild, output: () => string): Promise<void> {
  // Only a hang guard: a first start creates the embedded database, which took over 120 s with two
  // suites and other work on the two cores (load 25); what matters is that it starts.
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (!child.running()) throw new Error(`ReplyRadar exited with ${exitOf(child)}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/socials`);
      if (response.status === 401) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`ReplyRadar did not start within 600 s:\n${output()}`);
}

export interface RunningProduct {
  baseURL: string;
  /** The product's DATA_DIR (its database, and the local outbox its mail goes to). */
  dataDir: string;
  /** Milliseconds from spawning `npm start`'s script to the API answering. */
  startupMs: number;
  log(): string;
  /**
   * Stops the server but keeps its port and data: every request to it fails, the page's and the service
   * worker's alike, as when the network is cut. `resume` starts it again on the same port and data.
   */
  pause(): Promise<void>;
  /**
   * Stops the server and answers every request on its port with a proxy's 503 page (not the API's
   * envelope), as a reverse proxy does while the server is deployed. `resume` ends it.
   */
  failWith503(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts ReplyRadar the way a person does (`npm start`, i.e. `node scripts/start.mjs`) on a free port
 * (or `extraEnv.PORT`, when its origin must be known before) with its own empty data directory and the
 * embedded defaults.
 */
export async function startProduct(extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningProduct> {
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'replyradar-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // The journeys' posts are judged lexically: the sentence encoder has its own tests (relevance-meaning).
    ...extraEnv,
    PORT: String(port),
  };
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  const baseURL = `http://127.0.0.1:${port}`;
  let output = '';

  const spawnServer = async (): Promise<WatchedChild> => {
    const spawned = spawn('node', ['scripts/start.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const child = watchChild(spawned);
    spawned.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    spawned.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    try {
      await waitUntilUp(baseURL, child, () => output);
    } catch (error) {
      await child.stop();
      throw error;
    }
    return child;
  };

  const started = performance.now();
  let child: WatchedChild | null = await spawnServer();
  const startupMs = Math.round(performance.now() - started);

  const pause = async () => {
    if (!child) return;
    const running = child;
    child = null;
    await running.stop();
  };

  let proxy: Server | null = null;
  const failWith503 = async () => {
    await pause();
    if (proxy) return;
    const standIn = createHttpServer((_request, response) => {
      response.writeHead(503, { 'Content-Type': 'text/html', Connection: 'close' });
      response.end('<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>');
    });
    await new Promise<void>((resolve, reject) => {
      standIn.once('error', reject);
      standIn.listen(port, '127.0.0.1', () => resolve());
    });
    proxy = standIn;
  };
  const endProxy = async () => {
    if (!proxy) return;
    const standIn = proxy;
    proxy = null;
    standIn.closeAllConnections();
    await new Promise<void>((resolve) => standIn.close(() => resolve()));
  };

  return {
    baseURL,
    dataDir,
    startupMs,
    log: () => output,
    pause,
    failWith503,
    resume: async () => {
      await endProxy();
      if (!child) child = await spawnServer();
    },
    stop: async () => {
      await endProxy();
      await pause();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
