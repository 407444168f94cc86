import { spawn } from 'node:child_process';
import { type WatchedChild, watchChild } from './child-process';
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
  const spawned = spawn(process.execPath, ['--import', 'tsx', entries[role]], {
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
  const child = watchChild(spawned);
  let output = '';
  spawned.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  spawned.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const ready =
    role === 'web'
      ? () => output.includes('background jobs started')
      : () => output.includes('worker is working the jobs');
  try {
    await waitFor(ready, child, () => output, `${role} process`);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return {
    baseURL: port ? `http://127.0.0.1:${port}` : null,
    log: () => output,
    stop: () => child.stop(),
  };
}

async function waitFor(
  ready: () => boolean,
  child: WatchedChild,
  output: () => string,
  what: string,
): Promise<void> {
  // Generous: starting from source on a busy machine takes a while; what matters is that it starts.
  const deadline = Date.now() + 180_000;
  while (!ready()) {
    if (!child.running())
      throw new Error(
        `the ${what} exited with ${child.process.exitCode ?? child.process.signalCode}:\n${output()}`,
      );
    if (Date.now() > deadline) throw new Error(`the ${what} did not start within 180 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
