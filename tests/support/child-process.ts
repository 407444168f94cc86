import type { ChildProcess } from 'node:child_process';

/** A process a test started, as the test saw it: whether it still runs, and its stop. */
export interface WatchedChild {
  readonly process: ChildProcess;
  /** True until the child's 'exit' event: after it the process id may already be another process's. */
  running(): boolean;
  /** Resolves once the child has exited. */
  readonly exited: Promise<void>;
  /**
   * Sends `signal` to the child (to its process group when it was spawned `detached`, as the group's
   * leader) while it runs; false, and nothing sent, once it has exited.
   */
  signal(signal: NodeJS.Signals): boolean;
  /** Sends SIGTERM while it runs and waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Watches a child from its spawn, so that no signal is sent after it exited. Process ids wrap (at 32,768
 * on these machines), and a group id taken from a leader that has exited can name another test's
 * server: a group is signalled only while its leader lives. Node reaps the child and emits 'exit' in one
 * callback, so until 'exit' the id is still the child's.
 */
export function watchChild(child: ChildProcess, { group = false }: { group?: boolean } = {}): WatchedChild {
  let ended = child.exitCode !== null || child.signalCode !== null;
  const exited = ended
    ? Promise.resolve()
    : new Promise<void>((resolve) =>
        child.once('exit', () => {
          ended = true;
          resolve();
        }),
      );
  const signal = (name: NodeJS.Signals): boolean => {
    if (ended || child.pid === undefined) return false;
    if (group) process.kill(-child.pid, name);
    else child.kill(name);
    return true;
  };
  return {
    process: child,
    running: () => !ended,
    exited,
    signal,
    stop: async () => {
      signal('SIGTERM');
      await exited;
    },
  };
}
