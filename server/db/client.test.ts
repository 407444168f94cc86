import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../../tests/support/server-harness';
import { openDatabase } from './client';
import { users } from './schema';

describe('the embedded database (PGlite under DATA_DIR)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rr-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps its data across a restart, and applying the migrations again changes nothing', async () => {
    const first = await openDatabase({ dataDir });
    expect(first.kind).toBe('pglite');
    await first.db.insert(users).values({ email: 'kept@example.com' });
    await first.close();

    const second = await openDatabase({ dataDir });
    try {
      const rows = await second.db.select().from(users).where(eq(users.email, 'kept@example.com'));
      expect(rows).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe.each(testDatabases().filter((kind) => kind === 'postgres'))('PostgreSQL (%s)', (kind) => {
  it('keeps its data when the server opens it again, and applying the migrations again changes nothing', async () => {
    const database = await openTestDatabase(kind);
    try {
      await database.db.insert(users).values({ email: 'kept@example.com' });
      const again = await openDatabase({ databaseUrl: database.url ?? undefined, dataDir: null });
      try {
        expect(again.kind).toBe('postgres');
        const rows = await again.db.select().from(users).where(eq(users.email, 'kept@example.com'));
        expect(rows).toHaveLength(1);
      } finally {
        await again.close();
      }
    } finally {
      await database.close();
    }
  });
});
