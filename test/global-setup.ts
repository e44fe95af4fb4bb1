import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { serverAdminUrl, serverQuery, workerDatabasePrefix } from './helpers/database';

/**
 * Names the run, so that its databases on a PostgreSQL server (TEST_DATABASE_URL) never meet
 * another run's, and drops them all once the run ends: a worker process ends without a
 * chance to drop its own.
 */
export default function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  project.provide('testRunId', runId);
  return async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) return;
    const adminUrl = serverAdminUrl(serverUrl);
    const prefix = workerDatabasePrefix(serverUrl, runId);
    const databases = await serverQuery<{ datname: string }>(adminUrl, `SELECT datname FROM pg_database WHERE starts_with(datname, '${prefix}')`);
    for (const { datname } of databases) await serverQuery(adminUrl, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  };
}
