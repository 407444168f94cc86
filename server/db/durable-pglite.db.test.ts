import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { type DatabaseHandle, openDatabase } from './client';
import { diskFlushes } from './durable-pglite';

const root = mkdtempSync(path.join(tmpdir(), 'replyradar-durable-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Both drivers answer a raw query with its `rows`. */
async function rowsOf(handle: DatabaseHandle, query: SQL) {
  const result = (await handle.db.execute(query)) as { rows: Record<string, unknown>[] };
  return result.rows;
}

/** A server setting as PostgreSQL shows it. */
async function setting(handle: DatabaseHandle, name: 'fsync' | 'wal_sync_method') {
  return (await rowsOf(handle, sql.raw(`show ${name}`)))[0]?.[name];
}

// Each test creates a database on disk (initdb and the migrations): minutes on a loaded machine, not seconds.
describe('the embedded database keeps what it acknowledged', () => {
  it('is durable by default: PGLITE_SYNC is on unless a deployment turns it off', () => {
    expect(loadEnv({}).PGLITE_SYNC).toBe('on');
    expect(loadEnv({ PGLITE_SYNC: 'off' }).PGLITE_SYNC).toBe('off');
    expect(() => loadEnv({ PGLITE_SYNC: 'sometimes' })).toThrow(/PGLITE_SYNC/);
  });

  it('flushes each acknowledged write to disk before the commit returns, and keeps it across a restart', async () => {
    const dir = path.join(root, 'durable');
    const first = await openDatabase({ dataDir: dir });
    try {
      expect(await setting(first, 'fsync')).toBe('on');
      expect(await setting(first, 'wal_sync_method')).toBe('fsync');
      await first.db.execute(sql`create table answers (id int primary key, answer text)`);
      const before = diskFlushes.count;
      await first.db.execute(sql`insert into answers values (1, 'Thanks, this is what we needed')`);
      expect(diskFlushes.count).toBeGreaterThan(before);
    } finally {
      await first.close();
    }
    const reopened = await openDatabase({ dataDir: dir });
    try {
      expect(await rowsOf(reopened, sql`select answer from answers where id = 1`)).toEqual([
        { answer: 'Thanks, this is what we needed' },
      ]);
    } finally {
      await reopened.close();
    }
  });

  it('with PGLITE_SYNC=off runs as PGlite does by default: no flush per commit', async () => {
    const handle = await openDatabase({ dataDir: path.join(root, 'fast'), pgliteSync: 'off' });
    try {
      expect(await setting(handle, 'fsync')).toBe('off');
      await handle.db.execute(sql`create table answers (id int primary key, answer text)`);
      const before = diskFlushes.count;
      await handle.db.execute(sql`insert into answers values (1, 'draft')`);
      expect(diskFlushes.count).toBe(before);
    } finally {
      await handle.close();
    }
  });
});
