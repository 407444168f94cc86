import { sql } from 'drizzle-orm';
import { type MigrationConfig, type MigrationMeta, readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from './database';

/** Says what start-up is doing, as it happens (`npm start` prints it). */
export type Progress = (step: string) => void;

/** What both of drizzle's migrators call (`drizzle-orm/pglite/migrator`, `…/node-postgres/migrator`). */
interface Migrator {
  dialect: { migrate(migrations: MigrationMeta[], session: unknown, config: MigrationConfig): Promise<void> };
  session: unknown;
}

/**
 * Applies the committed migrations the database has not had yet, one after another, saying before each
 * which of how many it is: on a first start they are most of the wait. Each is applied in a transaction
 * of its own, by drizzle's migrator given the migrations up to it.
 */
export async function migrateWithProgress(db: Database, migrationsFolder: string, progress: Progress) {
  const config = { migrationsFolder };
  const migrations = readMigrationFiles(config);
  const { dialect, session } = db as unknown as Migrator;
  // With no migrations given, the migrator only creates its own table.
  await dialect.migrate([], session, config);
  const { rows } = (await db.execute(
    sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { last: string | null }[] };
  const last = Number(rows[0]?.last ?? 0);
  const total = migrations.length;
  if (migrations.every((migration) => migration.folderMillis <= last)) {
    progress(`The database is up to date (${total} migrations)`);
    return;
  }
  for (const [index, migration] of migrations.entries()) {
    if (migration.folderMillis <= last) continue;
    progress(`Migrating the database: ${index + 1} of ${total}…`);
    await dialect.migrate(migrations.slice(0, index + 1), session, config);
  }
  progress(`The database is migrated (${total} of ${total})`);
}
