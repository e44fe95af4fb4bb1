import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/server/db/client';
import { serverAdminUrl, serverQuery, templateDatabaseName, workerDatabasePrefix } from './helpers/database';

/**
 * Names the run, so that its databases on a PostgreSQL server (TEST_DATABASE_URL) never meet
 * another run's, and drops them all once the run ends: a worker process ends without a
 * chance to drop its own. On the server, the migrations run once, into a template every worker's
 * database is copied from (CREATE DATABASE … TEMPLATE), rather than once per worker process.
 */
export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  project.provide('testRunId', runId);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = templateDatabaseName(serverUrl, runId);
    await serverQuery(serverAdminUrl(serverUrl), `CREATE DATABASE "${template}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const migrated = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'unused', poolSize: 1 });
    await migrated.close();
  }
  return async () => {
    if (!serverUrl) return;
    const adminUrl = serverAdminUrl(serverUrl);
    const prefix = workerDatabasePrefix(serverUrl, runId);
    const databases = await serverQuery<{ datname: string }>(adminUrl, `SELECT datname FROM pg_database WHERE starts_with(datname, '${prefix}')`);
    for (const { datname } of databases) await serverQuery(adminUrl, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  };
}
