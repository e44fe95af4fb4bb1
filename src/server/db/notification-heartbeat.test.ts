import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../../../test/helpers/app';
import { signedInUser } from '../../../test/helpers/auth';
import { testDatabase } from '../../../test/helpers/database';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { UNCONFIRMED_TRUST_MS } from '../auth/session-cache';
import { createCourse } from './factories';
import { courses, sessions } from './schema';

const HEARTBEAT_INTERVAL_MS = 200;
const HEARTBEAT_TIMEOUT_MS = 300;
/** A stall is noticed within one interval and one deadline; a kept session is then trusted for a second at most. */
const NOTICED_WITHIN_MS = HEARTBEAT_INTERVAL_MS + HEARTBEAT_TIMEOUT_MS + UNCONFIRMED_TRUST_MS + 1000;

/**
 * A TCP proxy on 127.0.0.1 in front of the PostgreSQL server that can blackhole the connections
 * that LISTEN (it reads their queries): their sockets stay open and deliver nothing, in either
 * direction, while every other connection (the pool's queries) goes on as before.
 */
async function startListenBlackhole(target: { host: string; port: number }) {
  let stalled = false;
  const listening = new Set<net.Socket>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    sockets.add(client).add(upstream);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk: Buffer) => {
        if (from === client && chunk.includes('LISTEN "')) listening.add(client);
        if (!(stalled && listening.has(client))) to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
      listening.delete(client);
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    stall: () => (stalled = true),
    resume: () => (stalled = false),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function eventually<T>(ask: () => Promise<T>, accept: (value: T) => boolean, limitMs: number): Promise<{ value: T; elapsed: number }> {
  const started = performance.now();
  for (;;) {
    const value = await ask();
    const elapsed = performance.now() - started;
    if (accept(value)) return { value, elapsed };
    if (elapsed > limitMs) throw new Error(`not within ${limitMs} ms: ${typeof value === 'object' && value && 'statusCode' in value ? `still ${String(value.statusCode)}` : JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  `a notification channel that stalls without closing${serverUrl ? '' : ' (skipped: needs TEST_DATABASE_URL; the embedded PGlite announces changes in-process, with no connection that could stall)'}`,
  () => {
    const context = {} as { app: App; dataDir: string; proxy: Awaited<ReturnType<typeof startListenBlackhole>>; logLines: Array<{ level: number; msg: string; reason?: string }> };

    beforeAll(async () => {
      const database = await testDatabase();
      const [row] = (await database.db.execute(sql`select current_database() as name`)).rows as Array<{ name: string }>;
      const url = new URL(serverUrl!);
      context.proxy = await startListenBlackhole({ host: url.hostname, port: Number(url.port || 5432) });
      url.host = `127.0.0.1:${context.proxy.port}`;
      url.pathname = `/${row!.name}`;
      context.dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-test-'));
      context.logLines = [];
      const config = {
        ...loadConfig({
          DATA_DIR: context.dataDir,
          DATABASE_URL: url.toString(),
          AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
          TRANSCODE_CONCURRENCY: '0',
          SEED_DEMO_DATA: 'false',
          LOG_LEVEL: 'info',
          NOTIFY_HEARTBEAT_INTERVAL_MS: String(HEARTBEAT_INTERVAL_MS),
          NOTIFY_HEARTBEAT_TIMEOUT_MS: String(HEARTBEAT_TIMEOUT_MS),
        }),
        webDistDir: undefined,
      };
      context.app = await buildApp(config, { logStream: { write: (line) => context.logLines.push(JSON.parse(line)) } });
    });

    afterAll(async () => {
      context.proxy?.resume();
      await context.app?.close();
      await context.proxy?.close();
      if (context.dataDir) rmSync(context.dataDir, { recursive: true, force: true });
    });

    it('is noticed by the heartbeat: a signed-out session is refused and a disabled course stops being served within seconds, with a warning, and recovery is logged', async () => {
      const { app, proxy } = context;
      const user = await signedInUser(app);
      const course = await createCourse(app.db);
      const me = () => app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: user.cookie, origin: TEST_ORIGIN } });
      const coursePage = () => app.inject({ method: 'GET', url: `/api/courses/${course.id}` });
      // Kept: the session by the session cache, the course by the catalogue cache under the announced version.
      await eventually(coursePage, (answer) => answer.statusCode === 200, 5000);
      for (let request = 0; request < 3; request += 1) {
        expect((await me()).statusCode).toBe(200);
        expect((await coursePage()).statusCode).toBe(200);
      }

      proxy.stall();
      // As another process (or an admin in the database) would: the notices are sent, and never arrive.
      await app.db.delete(sessions).where(eq(sessions.userId, user.id));
      await app.db.update(courses).set({ disabledAt: new Date() }).where(eq(courses.id, course.id));

      const refused = await eventually(me, (answer) => answer.statusCode === 401, NOTICED_WITHIN_MS);
      expect(refused.value.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
      await eventually(coursePage, (answer) => answer.statusCode === 404, NOTICED_WITHIN_MS);
      const warnings = context.logLines.filter((line) => line.level === 40 && /do not arrive/.test(line.msg));
      expect(warnings.map((line) => line.msg)).toEqual(expect.arrayContaining([expect.stringMatching(/^session invalidations/), expect.stringMatching(/^catalogue version notices/)]));
      expect(warnings.every((line) => /no heartbeat within 300 ms/.test(line.reason ?? ''))).toBe(true);

      proxy.resume();
      // A reconnection begun during the stall gives up after its own deadline, then the next one gets through.
      await eventually(
        async () => context.logLines.map((line) => line.msg),
        (messages) => messages.includes('session invalidations arrive again') && messages.includes('catalogue version notices arrive again'),
        15_000,
      );
    }, 30_000);
  },
);
