import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_LEVEL, nextClientIp, PROCESS_TEST_PASSWORD, signUpThrough, sleep, startServerProcess, type ProcessUser, type ServerProcess } from '../helpers/server-process';
import { openDatabase, pgliteDirFor, type DatabaseHandle } from '../../src/server/db/client';
import { createCategoryWithSubcategories, createUser, makeCourse } from '../../src/server/db/factories';
import { cartItems, courses, users } from '../../src/server/db/schema';

/**
 * SIGTERM while the server is busy (a rolling restart): requests already taken finish, new
 * ones are refused at the door, nothing is half done, and the process exits 0 without errors.
 * Runs on the embedded database, or on the PostgreSQL server when TEST_DATABASE_URL is set.
 */

const APP_PORT = 3224;
const LOOPS = 12;
const BUYERS = 6;
const COURSES = 1200;

const serverUrl = process.env.TEST_DATABASE_URL;

type Outcome = { kind: 'sign-up' | 'add-to-cart' | 'catalogue'; detail: string; sentAt: number; answeredAt: number; status?: number; failure?: string };

/** A connection per request (no keep-alive), so "accepted" and "refused" are told apart cleanly. */
function send(method: string, requestPath: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: APP_PORT, method, path: requestPath, agent: false, timeout: 60_000, headers: { ...headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(body);
  });
}

/** Failures that mean "the server no longer takes connections": the request was never started. */
const REFUSED = /ECONNREFUSED|ECONNRESET|socket hang up|EPIPE/;

describe('SIGTERM under concurrent load', () => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  let server: ServerProcess;
  const courseIds: number[] = [];

  /** The server's database, opened from the test (the embedded one only once the server has let go of it). */
  const openServerDatabase = (): Promise<DatabaseHandle> => openDatabase({ databaseUrl, pgliteDir: pgliteDirFor(dataDir), poolSize: 2 });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-sigterm-'));
    if (serverUrl) {
      const url = new URL(serverUrl);
      const name = `${url.pathname.slice(1) || 'marketplace_test'}_sigterm`;
      const admin = new pg.Client({ connectionString: serverUrl.replace(/\/[^/]*$/, '/postgres') });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.end();
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }
    const database = await openServerDatabase();
    try {
      const teacher = await createUser(database.db);
      const { category, subcategories } = await createCategoryWithSubcategories(database.db);
      const rows = Array.from({ length: COURSES }, (_, index) => makeCourse({ ownerId: teacher.id, categoryId: category.id, subcategoryId: subcategories[0]!.id, priceCents: 900 + index }));
      for (let start = 0; start < rows.length; start += 400) {
        courseIds.push(...(await database.db.insert(courses).values(rows.slice(start, start + 400)).returning({ id: courses.id })).map((row) => row.id));
      }
    } finally {
      await database.close();
    }
    server = await startServerProcess(APP_PORT, { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  });

  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: serverUrl!.replace(/\/[^/]*$/, '/postgres') });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${new URL(databaseUrl).pathname.slice(1)}" WITH (FORCE)`);
      await admin.end();
    }
  });

  it('finishes every request it took, refuses the rest at the door, leaves nothing half done, and exits 0 without an error', async () => {
    const buyers: ProcessUser[] = [];
    for (let index = 0; index < BUYERS; index += 1) buyers.push(await signUpThrough(server));
    const json = { origin: server.origin, 'content-type': 'application/json' };
    const outcomes: Outcome[] = [];
    const freeCourses = [...courseIds];
    let accepting = true;

    const attempt = async (kind: Outcome['kind'], detail: string, run: () => Promise<{ status: number; body: string }>) => {
      const sentAt = Date.now();
      try {
        const { status } = await run();
        outcomes.push({ kind, detail, sentAt, answeredAt: Date.now(), status });
      } catch (error) {
        outcomes.push({ kind, detail, sentAt, answeredAt: Date.now(), failure: String(error) });
        // The server has stopped taking connections: this client is done.
        accepting = false;
      }
    };
    // Each loop mixes slow requests (sign-ups hash a password) with quick ones, like real traffic.
    const loop = async (index: number) => {
      const buyer = buyers[index % BUYERS]!;
      while (accepting) {
        const email = `sigterm-${randomUUID().slice(0, 12)}@example.com`;
        await attempt('sign-up', email, () => send('POST', '/api/auth/sign-up/email', { ...json, 'x-forwarded-for': nextClientIp() }, JSON.stringify({ email, password: PROCESS_TEST_PASSWORD })));
        const courseId = freeCourses.pop();
        if (courseId !== undefined && accepting) {
          await attempt('add-to-cart', `${buyer.id}:${courseId}`, () => send('POST', '/api/cart', { ...json, cookie: buyer.cookie }, JSON.stringify({ courseId })));
        }
        if (accepting) await attempt('catalogue', '', () => send('GET', '/api/courses?limit=10', { origin: server.origin }));
      }
    };

    // Requests whose bodies are still arriving when the signal comes: certainly taken, so they must finish.
    const slowFinishers: (() => void)[] = [];
    const slowEmails = Array.from({ length: 4 }, () => `sigterm-slow-${randomUUID().slice(0, 8)}@example.com`);
    const slow = slowEmails.map(
      (email) =>
        new Promise<number>((resolve, reject) => {
          const body = JSON.stringify({ email, password: PROCESS_TEST_PASSWORD });
          const request = http.request(
            { host: '127.0.0.1', port: APP_PORT, method: 'POST', path: '/api/auth/sign-up/email', agent: false, headers: { ...json, 'content-length': Buffer.byteLength(body), 'x-forwarded-for': nextClientIp() } },
            (response) => {
              response.resume();
              response.on('end', () => resolve(response.statusCode ?? 0));
            },
          );
          request.on('error', reject);
          request.write(body.slice(0, 10));
          slowFinishers.push(() => request.end(body.slice(10)));
        }),
    );

    const loops = Array.from({ length: LOOPS }, (_, index) => loop(index));
    // Let the load build up until every kind of request has been answered.
    const deadline = Date.now() + 90_000;
    while (new Set(outcomes.filter((outcome) => outcome.status !== undefined).map((outcome) => outcome.kind)).size < 3) {
      if (Date.now() > deadline || !accepting) throw new Error(`the load never got going: ${JSON.stringify(outcomes.slice(0, 5))}`);
      await sleep(100);
    }
    await sleep(1000);

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await sleep(500);
    for (const finish of slowFinishers) finish();

    const exitCode = await server.exited;
    accepting = false;
    await Promise.all(loops);

    // The slow ones, mid-body at the signal, were answered in full.
    expect(await Promise.all(slow)).toEqual(slowEmails.map(() => 200));

    // Every answer is the normal one: nothing cut short or failed by the shutdown.
    const expected = { 'sign-up': 200, 'add-to-cart': 201, catalogue: 200 } as const;
    const answered = outcomes.filter((outcome) => outcome.status !== undefined);
    expect(answered.filter((outcome) => outcome.status !== expected[outcome.kind]).map((outcome) => `${outcome.kind} ${outcome.detail}: ${outcome.status}`)).toEqual([]);
    // Requests were in flight when the signal came and were answered after it.
    expect(answered.filter((outcome) => outcome.sentAt < signalledAt && outcome.answeredAt > signalledAt).length).toBeGreaterThan(0);
    // Failures only ever mean "not taken": the door was closed.
    const failed = outcomes.filter((outcome) => outcome.failure);
    expect(failed.filter((outcome) => !REFUSED.test(outcome.failure!)).map((outcome) => `${outcome.kind}: ${outcome.failure}`)).toEqual([]);

    expect(exitCode).toBe(0);
    expect(server.logs.filter((log) => log.level >= ERROR_LEVEL)).toEqual([]);
    expect(server.stderr()).not.toMatch(/error/i);

    // Nothing half done: what the database holds is exactly what the clients were told.
    const database = await openServerDatabase();
    try {
      const signUps = outcomes.filter((outcome) => outcome.kind === 'sign-up');
      const created = await database.db.select({ email: users.email }).from(users).where(inArray(users.email, [...signUps.map((outcome) => outcome.detail), ...slowEmails]));
      const told = [...signUps.filter((outcome) => outcome.status === 200).map((outcome) => outcome.detail), ...slowEmails];
      expect(created.map((row) => row.email).sort()).toEqual(told.sort());

      const stored = await database.db.select().from(cartItems).where(inArray(cartItems.userId, buyers.map((buyer) => buyer.id)));
      const added = outcomes.filter((outcome) => outcome.kind === 'add-to-cart' && outcome.status === 201).map((outcome) => outcome.detail);
      expect(stored.map((row) => `${row.userId}:${row.courseId}`).sort()).toEqual(added.sort());
    } finally {
      await database.close();
    }
  }, 240_000);
});
