import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, isErrorShape, signUpThrough, sleep, startServerProcess, type Answer, type ServerProcess } from '../../../test/helpers/server-process';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { users } from '../db/schema';
import { grantAdmin } from './admin-grant';
import { UNCONFIRMED_TRUST_MS } from './session-cache';

/**
 * Two server processes on one PostgreSQL database, each keeping resolved sessions in memory:
 * what ends a session or an account on one (or straight in the database) is refused on the
 * other within a second.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const SKIP_REASON = 'needs TEST_DATABASE_URL: several server processes must share one PostgreSQL server, and the embedded PGlite database belongs to one process by design';
const PORTS = [3236, 3237] as const;
const WITHIN_MS = 1000;

const databaseName = () => `${new URL(serverUrl!).pathname.slice(1) || 'marketplace_test'}_session_revocation`;

async function onServer(...statements: string[]) {
  const admin = new pg.Client({ connectionString: serverUrl!.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Asks until the answer is the expected one; answers how long that took, or fails after `limitMs`. */
async function refusedWithin(ask: () => Promise<Answer>, accept: (answer: Answer) => boolean, limitMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const answer = await ask();
    const elapsed = performance.now() - started;
    if (accept(answer)) return elapsed;
    if (elapsed > limitMs) throw new Error(`still ${answer.status} after ${Math.round(elapsed)} ms: ${JSON.stringify(answer.body)}`);
    await sleep(20);
  }
}

describe.skipIf(!serverUrl)(`sessions kept in memory by two server processes${serverUrl ? '' : ` (skipped: ${SKIP_REASON})`}`, () => {
  let first: ServerProcess;
  let second: ServerProcess;
  let database: DatabaseHandle;
  const dataDirs: string[] = [];

  beforeAll(async () => {
    await onServer(`DROP DATABASE IF EXISTS "${databaseName()}" WITH (FORCE)`, `CREATE DATABASE "${databaseName()}"`);
    const url = new URL(serverUrl!);
    url.pathname = `/${databaseName()}`;
    const settings = { DATABASE_URL: url.toString(), PUBLIC_URL: `http://localhost:${PORTS[0]}` };
    const dataDir = () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'marketplace-process-'));
      dataDirs.push(dir);
      return dir;
    };
    [first, second] = await Promise.all([startServerProcess(PORTS[0], { ...settings, DATA_DIR: dataDir() }), startServerProcess(PORTS[1], { ...settings, DATA_DIR: dataDir() })]);
    database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'unused', poolSize: 2 });
  });

  afterAll(async () => {
    const codes = await Promise.all([first?.stop(), second?.stop()]);
    await database?.close();
    await onServer(`DROP DATABASE IF EXISTS "${databaseName()}" WITH (FORCE)`);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    expect(codes.filter((code) => code !== undefined)).toEqual(codes.filter((code) => code !== undefined).map(() => 0));
  });

  /** A user whose session the second process has resolved (and keeps). */
  async function userKeptBySecond() {
    const user = await signUpThrough(first);
    for (let request = 0; request < 3; request += 1) expect((await call(second, '/api/users/me', { cookie: user.cookie })).status).toBe(200);
    return user;
  }

  it('refuses on one process, within a second, an account an admin disabled through the other', async () => {
    const admin = await signUpThrough(first);
    await grantAdmin(database.db, admin.email);
    const user = await userKeptBySecond();
    expect((await call(first, `/api/admin/users/${user.id}/disable`, { cookie: admin.cookie, json: {} })).status).toBe(200);
    const elapsed = await refusedWithin(() => call(second, '/api/users/me', { cookie: user.cookie }), (answer) => answer.status === 401 && isErrorShape(answer.body, 'ACCOUNT_DISABLED'), WITHIN_MS);
    expect(elapsed).toBeLessThan(WITHIN_MS);
  });

  it('refuses on one process, within a second, a session signed out through the other, and keeps the user’s other sessions', async () => {
    const user = await userKeptBySecond();
    const other = await call(first, '/api/auth/sign-in/email', { json: { email: user.email, password: user.password }, clientIp: '10.9.8.7' });
    expect(other.status).toBe(200);
    const otherCookie = other.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
    expect((await call(second, '/api/users/me', { cookie: otherCookie })).status).toBe(200);

    expect((await call(first, '/api/auth/sign-out', { cookie: user.cookie, json: {} })).status).toBe(200);
    const elapsed = await refusedWithin(() => call(second, '/api/users/me', { cookie: user.cookie }), (answer) => answer.status === 401 && isErrorShape(answer.body, 'UNAUTHENTICATED'), WITHIN_MS);
    expect(elapsed).toBeLessThan(WITHIN_MS);
    expect((await call(second, '/api/users/me', { cookie: otherCookie })).status).toBe(200);
  });

  it('sees a change made straight in the database (another tool, another process) within a second: disabled, then an admin', async () => {
    const user = await userKeptBySecond();
    expect((await call(second, '/api/admin/users', { cookie: user.cookie })).status).toBe(403);
    await database.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
    const promoted = await refusedWithin(() => call(second, '/api/admin/users', { cookie: user.cookie }), (answer) => answer.status === 200, WITHIN_MS);
    expect(promoted).toBeLessThan(WITHIN_MS);
    await database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    const disabled = await refusedWithin(() => call(second, '/api/users/me', { cookie: user.cookie }), (answer) => answer.status === 401, WITHIN_MS);
    expect(disabled).toBeLessThan(WITHIN_MS);
  });

  it('trusts a kept session for about a second only while its notifications cannot arrive', async () => {
    const user = await userKeptBySecond();
    // Cut every listening connection to this database: both processes lose their channel (and reconnect a second later).
    await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`);
    await sleep(50);
    await database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    const elapsed = await refusedWithin(() => call(second, '/api/users/me', { cookie: user.cookie }), (answer) => answer.status === 401, UNCONFIRMED_TRUST_MS + 500);
    expect(elapsed).toBeLessThan(UNCONFIRMED_TRUST_MS + 500);
  });
});
