import { is, Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Database, namedQueryOf } from '../../db/client';

const dialect = new PgDialect();

/**
 * The statement's text with one `$n` per placeholder name (drizzle numbers every use of a placeholder
 * anew), and the names in the order of their numbers.
 */
function numbered(statement: SQL): { text: string; names: string[] } {
  const query = dialect.sqlToQuery(statement);
  const names: string[] = [];
  const text = query.sql.replace(/\$(\d+)/g, (_, number: string) => {
    const param = query.params[Number(number) - 1];
    if (!is(param, Placeholder)) throw new Error('A prepared statement sends every value as a placeholder');
    const index = names.indexOf(param.name);
    return `$${index >= 0 ? index + 1 : names.push(param.name)}`;
  });
  return { text, names };
}

/**
 * A statement prepared once and run by name with its placeholders' values: straight through `pg` on
 * PostgreSQL (planned once per connection), through drizzle's prepared query on PGlite (whose driver has
 * no named statements: planned each run).
 */
export function preparedStatement<Row>(db: Database, name: string, statement: SQL) {
  const { text, names } = numbered(statement);
  const namedQuery = namedQueryOf(db);
  if (namedQuery)
    return async (values: Record<string, unknown>): Promise<Row[]> =>
      (
        await namedQuery(
          name,
          text,
          names.map((key) => values[key]),
        )
      ).rows as Row[];
  const prepared = db._.session.prepareQuery(
    { sql: text, params: names.map((key) => sql.placeholder(key)) },
    undefined,
    name,
    false,
  );
  return async (values: Record<string, unknown>): Promise<Row[]> =>
    ((await prepared.execute(values)) as { rows: Row[] }).rows;
}
