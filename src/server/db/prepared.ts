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
