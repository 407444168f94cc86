import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { type AccessChanges, pgliteAccessChanges, postgresAccessChanges } from './access-changes';
import type { Database } from './database';
import type { PgliteSync } from './durable-pglite';
import { migrateWithProgress, type Progress } from './migrate';
import * as schema from './schema';

export type { Database } from './database';

/** A statement sent by name straight through the driver (`pg`'s `{ name, text, values }`). */
export type NamedQuery = (
  name: string,
  text: string,
  values: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

const namedQueries = new WeakMap<Database, NamedQuery>();

/**
 * The PostgreSQL driver's named statements under `db` (PostgreSQL plans each once per connection), or
 * null on PGlite, whose driver has none. A hot statement sent this way skips the ORM's per-call work.
 */
export function namedQueryOf(db: Database): NamedQuery | null {
  return namedQueries.get(db) ?? null;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Changes to who may see what, as this process hears of them (what cached principals must forget). */
  accessChanges: AccessChanges;
  close(): Promise<void>;
}

/** Committed SQL migrations; found from the source tree and from the built server (dist/server) alike. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.resolve(here, '../../server/db/migrations')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export interface DatabaseOptions {
  /** postgres:// URL; without it PGlite keeps the data under `dataDir` (or in memory when `dataDir` is null). */
  databaseUrl?: string | undefined;
  dataDir: string | null;
  /** Whether the embedded database flushes each commit to disk (default `on`); PostgreSQL keeps its own settings. */
  pgliteSync?: PgliteSync;
  /** Told each step as it starts (creating the database, each migration): `npm start` prints them. */
  progress?: Progress;
}

/** Where a PostgreSQL URL points, without its credentials. */
function serverOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
}

/** Opens the database and applies the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { Client, Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const databaseUrl = options.databaseUrl;
    const accessChanges = postgresAccessChanges(() => new Client({ connectionString: databaseUrl }));
    const pool = new Pool({
      connectionString: databaseUrl,
      max: 10,
      // A connection closed after pg's default 10 idle seconds takes its planned statements with it: the
      // next burst pays a new backend and plans each write again (tens of milliseconds of the database's
      // CPU per connection). Ten idle connections a process cost PostgreSQL little.
      idleTimeoutMillis: 60_000,
      // Every connection hears changes to who may see what, its own ones before its query returns.
      onConnect: (client) => accessChanges.listenOn(client),
    });
    // An idle connection the server closes (a restart, a failover, the database dropped) is reported
    // here; without a listener it would crash the process. The pool opens a new one on the next query.
    pool.on('error', (error) =>
      console.error('A PostgreSQL connection was closed by the server', error.message),
    );
    const db = drizzle(pool, { schema });
    // Failures read as the ORM's do (its query text kept, its values dropped by the logger).
    namedQueries.set(db, (name, text, values) =>
      pool.query({ name, text, values }).catch((error: unknown) => {
        throw new DrizzleQueryError(text, values, error instanceof Error ? error : undefined);
      }),
    );
    if (options.progress) {
      options.progress(`Connecting to PostgreSQL at ${serverOf(databaseUrl)}…`);
      await migrateWithProgress(db, migrationsFolder(), options.progress);
    } else await migrate(db, { migrationsFolder: migrationsFolder() });
    return {
      db,
      kind: 'postgres',
      accessChanges,
      close: async () => {
        await accessChanges.close();
        await pool.end();
      },
    };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { pgliteOptions } = await import('./durable-pglite');
  let client: InstanceType<typeof PGlite>;
  if (options.dataDir) {
    const dir = path.resolve(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    options.progress?.(
      existsSync(path.join(dir, 'PG_VERSION'))
        ? `Opening the embedded database in ${dir}…`
        : `Creating the embedded database in ${dir} (the first start takes a while)…`,
    );
    client = new PGlite(pgliteOptions(PGlite, dir, options.pgliteSync ?? 'on'));
  } else {
    client = new PGlite();
  }
  const db = drizzle(client, { schema });
  if (options.progress) await migrateWithProgress(db, migrationsFolder(), options.progress);
  else await migrate(db, { migrationsFolder: migrationsFolder() });
  const accessChanges = pgliteAccessChanges(client);
  return {
    db,
    kind: 'pglite',
    accessChanges,
    close: async () => {
      await accessChanges.close();
      await client.close();
    },
  };
}
