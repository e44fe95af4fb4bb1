import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedServerUrl, useProcessPair } from '../../../test/helpers/process-pair';
import { call, isErrorShape, signUpThrough, sleep, type Answer } from '../../../test/helpers/server-process';
import { users } from '../db/schema';
import { grantAdmin } from './admin-grant';
import { UNCONFIRMED_TRUST_MS } from './session-cache';

/**
 * Two server processes on one PostgreSQL database, each keeping resolved sessions in memory:
 * what ends a session or an account on one (or straight in the database) is refused on the
 * other within a second.
 */

const serverUrl = sharedServerUrl;
const SKIP_REASON = 'needs TEST_DATABASE_URL: several server processes must share one PostgreSQL server, and the embedded PGlite database belongs to one process by design';
const PORTS = [3236, 3237] as const;
const WITHIN_MS = 1000;

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
  const pair = useProcessPair(PORTS, 'session_revocation');

  /** A user whose session the second process has resolved (and keeps). */
  async function userKeptBySecond() {
    const user = await signUpThrough(pair.first);
    for (let request = 0; request < 3; request += 1) expect((await call(pair.second, '/api/users/me', { cookie: user.cookie })).status).toBe(200);
    return user;
  }

  it('refuses on one process, within a second, an account an admin disabled through the other', async () => {
    const admin = await signUpThrough(pair.first);
    await grantAdmin(pair.database.db, admin.email);
    const user = await userKeptBySecond();
    expect((await call(pair.first, `/api/admin/users/${user.id}/disable`, { cookie: admin.cookie, json: {} })).status).toBe(200);
    const elapsed = await refusedWithin(() => call(pair.second, '/api/users/me', { cookie: user.cookie }), (answer) => answer.status === 401 && isErrorShape(answer.body, 'ACCOUNT_DISABLED'), WITHIN_MS);
    expect(elapsed).toBeLessThan(WITHIN_MS);
  });

  it('refuses on one process, within a second, a session signed out through the other, and keeps the user’s other sessions', async () => {
    const user = await userKeptBySecond();
    const other = await call(pair.first, '/api/auth/sign-in/email', { json: { email: user.email, password: user.password }, clientIp: '10.9.8.7' });
    expect(other.status).toBe(200);
    const otherCookie = other.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
    expect((await call(pair.second, '/api/users/me', { cookie: otherCookie })).status).toBe(200);

    expect((await call(pair.first, '/api/auth/sign-out', { cookie: user.cookie, json: {} })).status).toBe(200);
    const elapsed = await refusedWithin(() => call(pair.second, '/api/users/me', { cookie: user.cookie }), (answer) => answer.status === 401 && isErrorShape(answer.body, 'UNAUTHENTICATED'), WITHIN_MS);
    expect(elapsed).toBeLessThan(WITHIN_MS);
    expect((await call(pair.second, '/api/users/me', { cookie: otherCookie })).status).toBe(200);
  });

  it('sees a change made straight in the database (another tool, another process) within a second: disabled, then an admin', async () => {
    const user = await userKeptBySecond();
    expect((await call(pair.second, '/api/admin/users', { cookie: user.cookie })).status).toBe(403);
    await pair.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
    const promoted = await refusedWithin(() => call(pair.second, '/api/admin/users', { cookie: user.cookie }), (answer) => answer.status === 200, WITHIN_MS);
    expect(promoted).toBeLessThan(WITHIN_MS);
    await pair.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    const disabled = await refusedWithin(() => call(pair.second, '/api/users/me', { cookie: user.cookie }), (answer) => answer.status === 401, WITHIN_MS);
    expect(disabled).toBeLessThan(WITHIN_MS);
  });

  it('trusts a kept session for about a second only while its notifications cannot arrive', async () => {
    const user = await userKeptBySecond();
    // Cut every listening connection to this database: both processes lose their channel (and reconnect a second later).
    await pair.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`);
    await sleep(50);
    await pair.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    const elapsed = await refusedWithin(() => call(pair.second, '/api/users/me', { cookie: user.cookie }), (answer) => answer.status === 401, UNCONFIRMED_TRUST_MS + 500);
    expect(elapsed).toBeLessThan(UNCONFIRMED_TRUST_MS + 500);
  });
});
