import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServerUrl } from '../../test/helpers/process-pair';
import { call, signUpThrough, startServerProcess, type ServerProcess } from '../../test/helpers/server-process';
import { openDatabase, type DatabaseHandle } from './db/client';
import { categories, courses, subcategories } from './db/schema';

/**
 * WEB_CONCURRENCY=2: two worker processes behind one port. The primary hands each new
 * connection to the next worker in turn, so consecutive requests on fresh connections reach
 * both; what one changes, the other shows at the next request (the database's notifications),
 * and a scrape through either sums both.
 */

const SKIP_REASON = 'needs TEST_DATABASE_URL: the workers share one PostgreSQL server (the embedded PGlite belongs to one process)';
const PORT = 3238;
const databaseName = `${sharedServerUrl ? new URL(sharedServerUrl).pathname.slice(1) || 'marketplace_test' : ''}_cluster`;

async function onServer(statement: string) {
  const admin = new pg.Client({ connectionString: sharedServerUrl!.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A GET on a connection of its own (no keep-alive), so that the primary hands it to the next worker. */
function freshGet(pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: PORT, path: pathname, agent: false, headers: { connection: 'close', ...headers } }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

/** The primary's worker processes (its other children, such as tsx's esbuild service, left out). */
function workerPids(server: ServerProcess): number[] {
  const listing = execFileSync('ps', ['--ppid', String(server.child.pid), '-o', 'pid=,args='], { encoding: 'utf8' });
  return listing
    .split('\n')
    .filter((line) => line.includes('src/server/main.ts'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

const series = (text: string, name: string) => Number(text.split('\n').find((line) => line.startsWith(`${name} `))?.slice(name.length + 1));

describe.skipIf(!sharedServerUrl)(`WEB_CONCURRENCY=2${sharedServerUrl ? '' : ` (skipped: ${SKIP_REASON})`}`, () => {
  let server: ServerProcess;
  let database: DatabaseHandle;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-cluster-'));

  beforeAll(async () => {
    await onServer(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await onServer(`CREATE DATABASE "${databaseName}"`);
    const url = new URL(sharedServerUrl!);
    url.pathname = `/${databaseName}`;
    server = await startServerProcess(PORT, { DATABASE_URL: url.toString(), DATA_DIR: dataDir, WEB_CONCURRENCY: '2', TRANSCODE_CONCURRENCY: '0' });
    database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'unused', poolSize: 2 });
  }, 180_000);

  afterAll(async () => {
    const code = await server?.stop();
    await database?.close();
    await onServer(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
    expect(code, server?.stderr()).toBe(0);
  });

  it('shows a course edited through one worker at the next request through the other', async () => {
    const owner = await signUpThrough(server);
    const [category] = await database.db.insert(categories).values({ name: 'Programación' }).returning();
    const [subcategory] = await database.db.insert(subcategories).values({ categoryId: category!.id, name: 'Python' }).returning();
    const [course] = await database.db
      .insert(courses)
      .values({ title: 'Python desde cero', description: 'Un curso completo de Python para empezar.', categoryId: category!.id, subcategoryId: subcategory!.id, durationHours: 10, language: 'spanish', level: 'easy', priceCents: 1999, teacherName: 'Ana Torres', ownerId: owner.id })
      .returning();
    const coursePath = `/api/courses/${course!.id}`;
    // Let the insert's notice reach both workers, then have each keep the course page.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (let request = 0; request < 6; request++) {
      const answer = await freshGet(coursePath);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).title).toBe('Python desde cero');
    }
    const metrics = (await freshGet('/metrics')).body;
    expect(series(metrics, 'server_processes'), 'the scrape sums both workers').toBe(2);
    expect(series(metrics, 'cache_lookups_total{cache="course",result="miss"}'), 'each worker loaded the course once and keeps it').toBe(2);
    expect(series(metrics, 'cache_lookups_total{cache="course",result="hit"}')).toBe(4);

    const edited = await call(server, coursePath, { method: 'PATCH', cookie: owner.cookie, json: { title: 'Python para todos' } });
    expect(edited.status).toBe(200);
    for (let request = 0; request < 4; request++) expect(JSON.parse((await freshGet(coursePath)).body).title, `request ${request}`).toBe('Python para todos');
  });

  it('refuses through every worker, at the next request, a session signed out through one', async () => {
    const user = await signUpThrough(server);
    for (let request = 0; request < 4; request++) expect((await freshGet('/api/users/me', { cookie: user.cookie })).status).toBe(200);
    const signedOut = await call(server, '/api/auth/sign-out', { cookie: user.cookie, json: {} });
    expect(signedOut.status).toBe(200);
    for (let request = 0; request < 4; request++) expect((await freshGet('/api/users/me', { cookie: user.cookie })).status, `request ${request}`).toBe(401);
  });

  it('starts another worker when one dies', async () => {
    const pidsBefore = workerPids(server);
    expect(pidsBefore).toHaveLength(2);
    process.kill(pidsBefore[0]!, 'SIGKILL');
    let pidsAfter: number[] = [];
    for (let attempt = 0; attempt < 150; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      pidsAfter = workerPids(server);
      if (pidsAfter.length === 2 && !pidsAfter.includes(pidsBefore[0]!) && series((await freshGet('/metrics')).body, 'server_processes') === 2) break;
    }
    expect(pidsAfter).toHaveLength(2);
    expect(pidsAfter).not.toContain(pidsBefore[0]);
    expect(pidsAfter).toContain(pidsBefore[1]);
    expect(series((await freshGet('/metrics')).body, 'server_processes'), 'the new worker answers').toBe(2);
  }, 60_000);
});
