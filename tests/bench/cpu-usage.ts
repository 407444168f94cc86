/**
 * CPU time per request, beside requests per second: on a shared machine throughput moves by tens of
 * percent from run to run, what a request costs much less. Read from Linux's `/proc` (nanoseconds each
 * thread ran): the benchmark server's process, and the PostgreSQL backends connected to its database
 * (both servers' pools: only the one under load works). Null where `/proc` cannot say (not Linux, a
 * PostgreSQL on another machine, PGlite, whose work is the server process's own).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { BenchTarget } from './target';

export interface CpuPerRequest {
  serverMs: number;
  databaseMs: number | null;
}

/** Nanoseconds the process `pid` (all its threads) has run, or null when `/proc` does not say. */
function ranNs(pid: number, threads: boolean): number | null {
  try {
    const tasks = threads ? readdirSync(`/proc/${pid}/task`) : [String(pid)];
    let sum = 0;
    for (const task of tasks) {
      const file = threads ? `/proc/${pid}/task/${task}/schedstat` : `/proc/${pid}/schedstat`;
      sum += Number(readFileSync(file, 'utf8').split(' ')[0]);
    }
    return sum;
  } catch {
    return null;
  }
}

type Backends = (database: string) => Promise<number[]>;

/** The process ids of the PostgreSQL backends connected to a database (`DATABASE_URL`'s server). */
async function backendsOf(): Promise<{ backends: Backends; close(): Promise<void> } | null> {
  const url = process.env.DATABASE_URL;
  if (!url) return null;
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  return {
    backends: async (database) =>
      (
        await client.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database],
        )
      ).rows.map((row) => row.pid),
    close: () => client.end(),
  };
}

/** Measures one load at a time: `start` before it, `perRequest` after it with the requests it made. */
export async function cpuMeter(target: BenchTarget) {
  const postgres = target.databaseName ? await backendsOf() : null;
  let server: number | null = null;
  let database = new Map<number, number>();
  const databaseNow = async () => {
    const now = new Map<number, number>();
    if (!postgres || !target.databaseName) return now;
    for (const pid of await postgres.backends(target.databaseName)) {
      const ns = ranNs(pid, false);
      if (ns !== null) now.set(pid, ns);
    }
    return now;
  };
  return {
    async start() {
      database = await databaseNow();
      server = ranNs(target.pid, true);
    },
    async perRequest(requests: number): Promise<CpuPerRequest | null> {
      const serverNow = ranNs(target.pid, true);
      if (server === null || serverNow === null || requests === 0) return null;
      const serverMs = (serverNow - server) / 1e6 / requests;
      if (!postgres) return { serverMs, databaseMs: null };
      let ns = 0;
      // A backend that opened during the load counts from zero: opening it is part of the load's cost.
      for (const [pid, now] of await databaseNow()) ns += now - (database.get(pid) ?? 0);
      return { serverMs, databaseMs: ns / 1e6 / requests };
    },
    close: async () => postgres?.close(),
  };
}
