import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { serverAdminUrl, serverQuery, templateDatabaseName, workerDatabasePrefix } from '../../../test/helpers/database';
import { openDatabase } from './client';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the PostgreSQL server connection', () => {
  it('closes only once no query has run for a moment: work between two queries still finishes', async () => {
    const name = `${workerDatabasePrefix(serverUrl!, inject('testRunId'))}close_${process.pid}`;
    const adminUrl = serverAdminUrl(serverUrl!);
    // A copy of the run's migrated template: opening it finds no migration to run.
    await serverQuery(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${templateDatabaseName(serverUrl!, inject('testRunId'))}"`);
    try {
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'unused', poolSize: 2 });
      // A handler whose client has gone: a query, a pause (a call to the payment provider), another query.
      const work = (async () => {
        await database.db.execute(sql`select pg_sleep(0.1)`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        const [row] = (await database.db.execute<{ answer: number }>(sql`select 42 as answer`)).rows;
        return row?.answer;
      })();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await database.close();
      await expect(work).resolves.toBe(42);
    } finally {
      await serverQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });
});
