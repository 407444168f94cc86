import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { pgliteAccessChanges } from '../../server/db/access-changes';
import { type DatabaseHandle, migrationsFolder, openDatabase } from '../../server/db/client';
import * as schema from '../../server/db/schema';

/**
 * The server tests' databases, each fresh and migrated, without migrating each time
 * (docs/decisions/045-test-databases-from-a-migrated-template.md):
 * - PGlite: the migrated data directory is kept as a tarball (one per set of migrations); a test worker
 *   loads it into PGlite once, and a database a test closes goes back to the worker, emptied before its
 *   next use. Starting PGlite from nothing (initdb) and migrating is what made each file slow.
 * - PostgreSQL: each test database is a copy of a migrated template database (`CREATE DATABASE … TEMPLATE`).
 */

/** A hash of the committed migrations and of the PGlite release: the snapshot and template are per set. */
function migrationsKey(): string {
  const hash = createHash('sha256');
  const folder = migrationsFolder();
  const files = [
    ...readdirSync(folder).filter((name) => name.endsWith('.sql')),
    path.join('meta', '_journal.json'),
  ].sort();
  for (const file of files) hash.update(file).update(readFileSync(path.join(folder, file)));
  const pgliteManifest = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../node_modules/@electric-sql/pglite/package.json',
  );
  const pgliteRelease = JSON.parse(readFileSync(pgliteManifest, 'utf8')) as { version: string };
  hash.update(pgliteRelease.version);
  return hash.digest('hex').slice(0, 16);
}

/** Where the migrated PGlite data directory is kept between runs (shared by parallel runs: written atomically). */
export function migratedSnapshotFile(): string {
  return path.join(tmpdir(), `replyradar-pglite-migrated-${migrationsKey()}.tar`);
}

/** Writes the migrated PGlite snapshot unless this set of migrations has one already. */
export async function ensureMigratedSnapshot(): Promise<string> {
  const file = migratedSnapshotFile();
  if (existsSync(file)) return file;
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite();
  try {
    await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
    const dump = await client.dumpDataDir('none');
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await client.close();
  }
  return file;
}

/** This worker's PGlite databases that no test holds now, each to be emptied before its next use. */
const idlePglites: PGlite[] = [];
let snapshot: Blob | null = null;
let emptyAll: string | null = null;

/** One statement that empties every table the migrations made (the migrations' own record stays). */
async function emptyingStatement(client: PGlite): Promise<string> {
  if (emptyAll) return emptyAll;
  const { rows } = await client.query<{ name: string }>(
    `SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS name
       FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  emptyAll = `TRUNCATE ${rows.map((row) => row.name).join(', ')} RESTART IDENTITY CASCADE`;
  return emptyAll;
}

/**
 * A fresh, migrated PGlite database of this test worker: an idle one emptied, or one loaded from the
 * migrated snapshot. Closing it hands it back to the worker.
 */
export async function openPgliteTestDatabase(): Promise<DatabaseHandle> {
  let client = idlePglites.pop();
  if (client) {
    await client.exec(await emptyingStatement(client));
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    snapshot ??= new Blob([readFileSync(await ensureMigratedSnapshot())]);
    client = new PGlite({ loadDataDir: snapshot });
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const held = client;
  const accessChanges = pgliteAccessChanges(held);
  let closed = false;
  return {
    db: drizzle(held, { schema }),
    kind: 'pglite',
    accessChanges,
    close: async () => {
      if (closed) return;
      closed = true;
      await accessChanges.close();
      idlePglites.push(held);
    },
  };
}

async function onServer<T>(serverUrl: string, use: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A database URL on the same server, naming `database`. */
function urlOf(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * The migrated template database for this set of migrations on the server `serverUrl` names, made once
 * (under an advisory lock, so parallel runs and workers make it once between them) and then only copied.
 */
export async function ensurePostgresTemplate(serverUrl: string): Promise<string> {
  const template = `rr_template_${migrationsKey()}`;
  return onServer(serverUrl, async (admin) => {
    const exists = async () =>
      (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount === 1;
    if (await exists()) return template;
    await admin.query(`SELECT pg_advisory_lock(hashtext($1))`, [template]);
    try {
      if (await exists()) return template;
      // Built under another name and renamed once migrated: a template that exists is a whole one.
      const building = `${template}_building_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${quoted(building)}`);
      try {
        const handle = await openDatabase({ databaseUrl: urlOf(serverUrl, building), dataDir: null });
        await handle.close();
        await admin.query(`ALTER DATABASE ${quoted(building)} RENAME TO ${quoted(template)}`);
      } catch (error) {
        await admin.query(`DROP DATABASE IF EXISTS ${quoted(building)} WITH (FORCE)`);
        throw error;
      }
      return template;
    } finally {
      await admin.query(`SELECT pg_advisory_unlock(hashtext($1))`, [template]);
    }
  });
}

/**
 * A new database `rr_test_<random>` on the PostgreSQL server `serverUrl` names, copied from the migrated
 * template; dropped again on close.
 */
export async function openPostgresTestDatabase(serverUrl: string): Promise<DatabaseHandle & { url: string }> {
  const template = await ensurePostgresTemplate(serverUrl);
  const name = `rr_test_${randomBytes(6).toString('hex')}`;
  const drop = () =>
    onServer(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`));
  await onServer(serverUrl, (admin) =>
    admin.query(`CREATE DATABASE ${quoted(name)} TEMPLATE ${quoted(template)}`),
  );
  const url = urlOf(serverUrl, name);
  let handle: DatabaseHandle;
  try {
    // Opened as the server opens it: the migrations find themselves applied already.
    handle = await openDatabase({ databaseUrl: url, dataDir: null });
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await drop();
    },
  };
}
