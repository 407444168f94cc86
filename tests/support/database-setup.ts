import { ensureMigratedSnapshot, ensurePostgresTemplate } from './test-databases';

/**
 * Before the server tests' workers start: the migrated PGlite snapshot and, with `DATABASE_URL`, the
 * migrated PostgreSQL template, made once for the run (or kept from an earlier run of the same
 * migrations) rather than by each worker at once.
 */
export default async function setup(): Promise<void> {
  await ensureMigratedSnapshot();
  if (process.env.DATABASE_URL) await ensurePostgresTemplate(process.env.DATABASE_URL);
}
