import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from './product-server';

/** A ReplyRadar process started from the server's source (`server/main.ts` or `server/worker-main.ts`). */
export interface ServerProcess {
  /** The web process's address; null for a worker. */
  baseURL: string | null;
  log(): string;
  /** Sends SIGTERM and waits for the process to end (it finishes or releases its run first). */
  stop(): Promise<void>;
}

const entries = { web: 'server/main.ts', worker: 'server/worker-main.ts' } as const;

/**
 * Starts a web process or a worker as its own operating-system process, with `env` over the test's
 * own, and waits until it says it is working (a web process: until its API answers).
 */
export async function startServerProcess(
  role: keyof typeof entries,
  env: NodeJS.ProcessEnv,
): Promise<ServerProcess> {
  const port = role === 'web' ? await freePort() : null;
  const child = spawn(process.execPath, ['--import', 'tsx', entries[role]], {
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      // Judged lexically: the sentence encoder has its own tests (relevance-meaning).
      DISCOVERY_MEANING: 'off',
      ...(port ? { PORT: String(port), HOST: '127.0.0.1' } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const ready =
    role === 'web'
      ? () => output.includes('background jobs started')
      : () => output.includes('worker is working the jobs');
  await waitFor(ready, child, () => output, `${role} process`);
  return {
    baseURL: port ? `http://127.0.0.1:${port}` : null,
    log: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitFor(
  ready: () => boolean,
  child: ChildProcess,
  output: () => string,
  what: string,
): Promise<void> {
  // Generous: starting from source on a busy machine takes a while; what matters is that it starts.
  const deadline = Date.now() + 180_000;
  while (!ready()) {
    if (child.exitCode !== null) throw new Error(`the ${what} exited with ${child.exitCode}:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`the ${what} did not start within 180 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
