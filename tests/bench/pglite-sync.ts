/**
 * What durability costs the embedded database: single-row answer updates, each its own commit, on a
 * PGlite kept on disk with `PGLITE_SYNC=on` (each commit flushed) and `off` (PGlite's own default).
 * Runs alternate A B A B and the median of each is reported, so a busy machine weighs on both alike.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { diskFlushes, type PgliteSync } from '../../server/db/durable-pglite';

export interface PgliteSyncResult {
  sync: PgliteSync;
  /** Median time of one committed update, in milliseconds. */
  msPerCommit: number;
  commitsPerSecond: number;
  /** Disk flushes per commit (0 when sync is off). */
  flushesPerCommit: number;
}

const commitsPerRun = 300;
const runsEach = 3;

async function timeCommits(dir: string, sync: PgliteSync) {
  const handle = await openDatabase({ dataDir: dir, pgliteSync: sync });
  try {
    await handle.db.execute(sql`create table if not exists bench_answers (id int primary key, answer text)`);
    await handle.db.execute(sql`insert into bench_answers values (1, '') on conflict do nothing`);
    const flushesBefore = diskFlushes.count;
    const started = performance.now();
    for (let i = 0; i < commitsPerRun; i++)
      await handle.db.execute(sql`update bench_answers set answer = ${`draft ${i}`} where id = 1`);
    const ms = (performance.now() - started) / commitsPerRun;
    return { ms, flushes: (diskFlushes.count - flushesBefore) / commitsPerRun };
  } finally {
    await handle.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function benchPgliteSync(): Promise<PgliteSyncResult[]> {
  const root = mkdtempSync(path.join(tmpdir(), 'replyradar-bench-sync-'));
  try {
    const samples: Record<PgliteSync, { ms: number; flushes: number }[]> = { on: [], off: [] };
    for (let run = 0; run < runsEach; run++)
      for (const sync of ['on', 'off'] as const)
        samples[sync].push(await timeCommits(path.join(root, sync), sync));
    return (['on', 'off'] as const).map((sync) => {
      const msPerCommit = median(samples[sync].map((sample) => sample.ms));
      return {
        sync,
        msPerCommit: Math.round(msPerCommit * 100) / 100,
        commitsPerSecond: Math.round(1000 / msPerCommit),
        flushesPerCommit: Math.round(median(samples[sync].map((sample) => sample.flushes)) * 100) / 100,
      };
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
