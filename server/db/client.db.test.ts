import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../../tests/support/server-harness';
import { migrationsFolder, openDatabase } from './client';
import { users } from './schema';

const migrationCount = (
  JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

// One database created and opened again: each start creates or opens a database on disk (initdb and the
// migrations), which takes a while on a loaded machine.
describe('the embedded database (PGlite under DATA_DIR)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'rr-data-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('says each step as it is created and migrated, keeps its data across a restart, and is then up to date', async () => {
    const dir = path.join(root, 'pglite');
    const steps: string[] = [];
    const first = await openDatabase({ dataDir: root, progress: (step) => steps.push(step) });
    try {
      expect(first.kind).toBe('pglite');
      await first.db.insert(users).values({ email: 'kept@example.com' });
    } finally {
      await first.close();
    }
    expect(steps).toEqual([
      `Creating the embedded database in ${dir} (the first start takes a while)…`,
      ...Array.from(
        { length: migrationCount },
        (_, index) => `Migrating the database: ${index + 1} of ${migrationCount}…`,
      ),
      `The database is migrated (${migrationCount} of ${migrationCount})`,
    ]);

    steps.length = 0;
    const second = await openDatabase({ dataDir: root, progress: (step) => steps.push(step) });
    try {
      const rows = await second.db.select().from(users).where(eq(users.email, 'kept@example.com'));
      expect(rows).toHaveLength(1);
    } finally {
      await second.close();
    }
    expect(steps).toEqual([
      `Opening the embedded database in ${dir}…`,
      `The database is up to date (${migrationCount} migrations)`,
    ]);
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
