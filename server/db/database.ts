import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The database as the server uses it: Drizzle over PGlite or PostgreSQL, with the schema. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
