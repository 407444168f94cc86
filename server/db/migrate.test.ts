import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from './client';

const root = mkdtempSync(path.join(tmpdir(), 'replyradar-start-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const migrationCount = (
  JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

// Each start creates or opens a database on disk (initdb and the migrations): minutes on a loaded machine.
describe('start-up says what it does as it does it', { timeout: 180_000 }, () => {
  it('creating the embedded database, each migration, then that it is up to date', async () => {
    const dir = path.join(root, 'pglite');
    const steps: string[] = [];
    const first = await openDatabase({ dataDir: root, progress: (step) => steps.push(step) });
    await first.close();
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
    await second.close();
    expect(steps).toEqual([
      `Opening the embedded database in ${dir}…`,
      `The database is up to date (${migrationCount} migrations)`,
    ]);
  });
});
