import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Hot queries are prepared once per name and database: planning them costs PostgreSQL
 * several times what running them does.
 */
const preparedByDb = new WeakMap<Database, Map<string, unknown>>();

export function prepared<T>(db: Database, name: string, build: () => T): T {
  let statements = preparedByDb.get(db);
  if (!statements) {
    statements = new Map();
    preparedByDb.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (!statement) {
    statement = build();
    statements.set(name, statement);
  }
  return statement;
}

/**
 * A query written in SQL (its CTEs and all), prepared once per name and database like the
 * builders' statements: it runs as the subquery of a select, which drizzle can prepare, and its
 * `columns` are read from there. Parameters are `sql.placeholder`s, given to `execute`.
 */
export function preparedSql<Column extends string>(db: Database, name: string, columns: readonly Column[], query: () => SQL) {
  return prepared(db, name, () => {
    const fields = Object.fromEntries(columns.map((column) => [column, sql`${sql.identifier('prepared_query')}.${sql.identifier(column)}`])) as Record<Column, SQL<unknown>>;
    return db
      .select(fields)
      .from(sql`(${query()}) as ${sql.identifier('prepared_query')}`)
      .prepare(name);
  });
}
