import { createServer, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { serverAdminUrl, serverQuery, workerDatabasePrefix } from '../../../test/helpers/database';
import { isDatabaseUnavailable } from '../http/errors-plugin';
import { openDatabase } from './client';

const serverUrl = process.env.TEST_DATABASE_URL;

describe('waiting for the database', () => {
  it.skipIf(!serverUrl)('lets a query wait past the connect timeout for a busy pool’s connection, and answers it', async () => {
    const name = `${workerDatabasePrefix(serverUrl!, inject('testRunId'))}poolwait_${process.pid}`;
    const adminUrl = serverAdminUrl(serverUrl!);
    await serverQuery(adminUrl, `CREATE DATABASE "${name}"`);
    try {
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'unused', poolSize: 1 });
      try {
        // The pool's one connection is busy for longer than opening a connection may take.
        const busy = database.db.execute(sql`select pg_sleep(6)`);
        const waiting = database.db.execute<{ answer: number }>(sql`select 42 as answer`);
        await busy;
        expect((await waiting).rows[0]?.answer).toBe(42);
      } finally {
        await database.close();
      }
    } finally {
      await serverQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });

  it('gives up on a server that accepts the connection and never answers, as the database being away', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const started = Date.now();
    try {
      const error = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/none`, pgliteDir: 'unused', poolSize: 1 }).then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
      // The connect timeout (5 s), not the pool's much longer wait for a free connection.
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
