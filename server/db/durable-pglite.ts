import { fsyncSync } from 'node:fs';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * How the embedded database keeps what it acknowledged.
 * - `on`: a commit returns once its WAL record is on disk (PostgreSQL's own guarantee): a host crash or a
 *   power cut loses nothing that was acknowledged.
 * - `off`: PGlite's own default (`fsync=off`): writes reach the operating system, so a killed process
 *   loses nothing, but a host crash can lose the last acknowledged writes or damage the database.
 */
export type PgliteSync = 'on' | 'off';

/** How many times the embedded database asked for its files to be flushed to disk (for the benchmark). */
export const diskFlushes = { count: 0 };

type NodeFsModule = { NODEFS: { stream_ops: Record<string, unknown> } };

/**
 * PGlite's file system in Node (Emscripten's NODEFS) has no `fsync` of its own, so PostgreSQL's
 * `fsync()` of the WAL and of the data files at a checkpoint is a no-op there, and `fdatasync()` is one
 * in every Emscripten build. This one gives NODEFS a real `fsync` before PostgreSQL starts.
 */
class SyncingNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod: unknown) => {
        (mod as NodeFsModule).NODEFS.stream_ops.fsync = (stream: { nfd?: number }) => {
          if (stream.nfd === undefined) return 0;
          fsyncSync(stream.nfd);
          diskFlushes.count += 1;
          return 0;
        };
      },
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}

/**
 * The options that open PGlite on `dir`. With `sync: 'on'`, fsync is turned back on (PGlite starts
 * PostgreSQL with `-F`) and the WAL is flushed with `fsync()` (the one call that reaches the disk here).
 */
export function pgliteOptions(PGliteClass: typeof PGlite, dir: string, sync: PgliteSync): PGliteOptions {
  if (sync === 'off') return { dataDir: dir };
  const startParams = PGliteClass.defaultStartParams.filter((param) => param !== '-F');
  return {
    fs: new SyncingNodeFS(dir),
    startParams: [...startParams, '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'],
  };
}
