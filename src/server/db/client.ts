import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { startStatementSpan, traceStatement, tracingIsOn } from '../tracing';
import * as schema from './schema';

/**
 * Both drivers speak the same drizzle API; raw `execute()` results carry `rows` on both, so the
 * node-postgres type serves as the one database type.
 */
export type Database = NodePgDatabase<typeof schema>;

/** How long opening a connection to the server may take before the database counts as away. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * How long a query may wait for one of the pool's connections to come free. Longer than the
 * connect timeout on purpose: under a burst (hundreds of webhook deliveries at once) a busy
 * pool is not a database that is away, and a short wait turned a busy second into 503s. The
 * request timeout still bounds the whole request.
 */
const POOL_WAIT_TIMEOUT_MS = 30_000;

export type NotificationHandlers = {
  onPayload(payload: string): void;
  /**
   * Whether notifications currently arrive (false while the listening connection is down or
   * stalled); `reason` says why they stopped, when known.
   */
  onListening(listening: boolean, reason?: string): void;
};

export type ListenOptions = {
  /**
   * Every `intervalMs` the listening connection notifies itself on its channel and expects to
   * hear it back within `timeoutMs`; a miss is a stalled connection (alive to TCP, delivering
   * nothing), taken as down and replaced. Unset: no heartbeat (a stall then goes unnoticed).
   */
  heartbeat?: { intervalMs: number; timeoutMs: number };
};

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Receives the channel's NOTIFY payloads until the answered function is called. */
  listen(channel: string, handlers: NotificationHandlers, options?: ListenOptions): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The connection pool's use, for the metrics (the PostgreSQL server; PGlite is one connection, no pool). */
  poolUse?: () => PoolUse;
};

export type PoolUse = { total: number; idle: number; waiting: number; max: number };

/** How long a lost listening connection waits before it tries again. */
const LISTEN_RETRY_MS = 1000;

/** Marks the listener's own heartbeats, which every listener on the channel ignores (user ids and versions never start so). */
const HEARTBEAT_PREFIX = 'heartbeat:';

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries): reconnects after
 * any loss, or after a missed heartbeat (a socket that stays open but delivers nothing, as behind
 * a dropped route or a frozen proxy, never reports a loss), telling the handlers when
 * notifications stop and start arriving again.
 */
export async function listenOnServer(url: string, channel: string, handlers: NotificationHandlers, { heartbeat }: ListenOptions = {}): Promise<() => Promise<void>> {
  const { Client } = (await import('pg')).default;
  let stopped = false;
  let current: InstanceType<typeof Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (stopped) return;
    const client = new Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    current = client;
    let lost = false;
    let beating: NodeJS.Timeout | undefined;
    let deadline: NodeJS.Timeout | undefined;
    /** The payload of the heartbeat on its way, if one is. */
    let awaitedBeat: string | undefined;
    const onLost = (reason?: string) => {
      if (lost) return;
      lost = true;
      clearInterval(beating);
      clearTimeout(deadline);
      handlers.onListening(false, reason);
      void client.end().catch(() => {});
      // A stalled socket would never finish a polite goodbye: cut it.
      (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      if (!stopped) retry = setTimeout(() => void connect(), LISTEN_RETRY_MS);
    };
    client.on('error', (error) => onLost(error.message));
    client.on('end', () => onLost('the connection closed'));
    client.on('notification', (message) => {
      if (message.channel !== channel || message.payload === undefined) return;
      if (!message.payload.startsWith(HEARTBEAT_PREFIX)) handlers.onPayload(message.payload);
      else if (message.payload === awaitedBeat) {
        awaitedBeat = undefined;
        clearTimeout(deadline);
      }
    });
    const beat = (timeoutMs: number) => {
      if (awaitedBeat !== undefined || lost) return;
      awaitedBeat = HEARTBEAT_PREFIX + randomUUID();
      deadline = setTimeout(() => onLost(`no heartbeat within ${timeoutMs} ms: the connection stalled`), timeoutMs);
      // Sent on the listening connection itself, so that either direction stalling is noticed.
      client.query('select pg_notify($1, $2)', [channel, awaitedBeat]).catch(() => {});
    };
    try {
      await client.connect();
      // Bounded like a heartbeat: a connection that stalls right after connecting must not hold the LISTEN for ever.
      await client.query({ text: `LISTEN "${channel.replaceAll('"', '""')}"`, ...(heartbeat && { query_timeout: heartbeat.timeoutMs }) });
      if (!lost && !stopped) {
        handlers.onListening(true);
        if (heartbeat) beating = setInterval(() => beat(heartbeat.timeoutMs), heartbeat.intervalMs);
      }
    } catch (error) {
      onLost(error instanceof Error ? error.message : undefined);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => {});
  };
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any number, as long as every process that migrates this database agrees on it. */
const MIGRATION_LOCK_ID = 727_001;

type OpenOptions = {
  databaseUrl: string | undefined;
  /** A folder for the embedded database, or `memory://` for one that lives only in this process. */
  pgliteDir: string;
  poolSize?: number;
};

/**
 * Opens the database and brings its schema up to date: the PostgreSQL server at
 * `databaseUrl` when given, otherwise an embedded PGlite instance in `pgliteDir`.
 */
export async function openDatabase({ databaseUrl, pgliteDir, poolSize = 10 }: OpenOptions): Promise<DatabaseHandle> {
  return databaseUrl ? openPostgres(databaseUrl, poolSize) : openPglite(pgliteDir);
}

export const pgliteDirFor = (dataDir: string) => path.join(dataDir, 'db');

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const { Pool, Client } = (await import('pg')).default;
  // pg-pool applies one timeout to both waiting for a free connection and opening a new one:
  // its clients keep the short connect timeout, the pool's queue the long wait.
  class BoundedConnectClient extends Client {
    constructor(config?: ConstructorParameters<typeof Client>[0]) {
      super({ ...(typeof config === 'object' ? config : {}), connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    }
  }
  BoundedConnectClient.prototype.query = withStatementSpans(Client.prototype.query);
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: POOL_WAIT_TIMEOUT_MS, Client: BoundedConnectClient });
  pool.connect = keepingCallersContext(pool.connect);
  // A dropped connection (the server restarting, a failover) must not crash the process. The pool
  // reports it for idle clients; a client checked out between two queries (mid-transaction)
  // reports it on itself, where nothing else listens. Either way the query that next uses it
  // fails (503 to the client), the pool discards it, and the next query gets a fresh connection.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema });
  // Several processes may start at once against one server: migrate one at a time.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    // On the locking connection itself: a pool of one has no second connection to lend.
    await migrate(drizzle(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    listen: (channel, handlers, options) => listenOnServer(url, channel, handlers, options),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    close: async () => {
      await untilQuiet(pool);
      await pool.end();
    },
  };
}

/**
 * Resolves once no query has run for a moment (at most `timeoutMs`). The server closes once its
 * connections have; a handler whose client went away may still be between two of its queries
 * (a checkout waiting for the payment provider), and must not find the pool ended.
 */
async function untilQuiet(pool: { totalCount: number; idleCount: number; waitingCount: number }, { quietMs = 50, timeoutMs = 5000 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (pool.idleCount < pool.totalCount || pool.waitingCount > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function openPglite(directory: string): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (directory !== 'memory://') await mkdir(directory, { recursive: true });
  const client = new PGlite(directory, { extensions: { pg_trgm, unaccent } });
  traceStatements(client);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  // One process owns the embedded database, so every change is announced within it, by the query
  // that made it: no connection stands in between that could stall, so no heartbeat is needed.
  const listen = async (channel: string, handlers: NotificationHandlers) => {
    const unlisten = await client.listen(channel, handlers.onPayload);
    handlers.onListening(true);
    return async () => {
      if (!client.closed) await unlisten();
    };
  };
  return { db: db as unknown as Database, kind: 'pglite', listen, close: () => client.close() };
}

type AnyFunction = (...args: never[]) => unknown;
type Untyped = (...args: unknown[]) => unknown;

/**
 * node-postgres's `query`, each statement a request sends becoming a span of it while traces are
 * on (tracing.ts). The pool calls it with a callback, drizzle's transactions without (a promise).
 */
function withStatementSpans<Query extends AnyFunction>(query: Query): Query {
  const run = query as unknown as Untyped;
  return function (this: unknown, ...args: unknown[]) {
    const end = startStatementSpan(args[0]);
    if (!end) return run.apply(this, args);
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        end(error);
        callback(error, result);
      };
      return run.apply(this, args);
    }
    const result = run.apply(this, args);
    if (result instanceof Promise) result.then(() => end(), end);
    return result;
  } as unknown as Query;
}

/**
 * The pool's `connect`: a query waiting for a connection goes on when another request frees one,
 * in that request's context; while traces are on it is put back in its own, so that its span
 * joins its own trace.
 */
function keepingCallersContext<Connect extends AnyFunction>(connect: Connect): Connect {
  const run = connect as unknown as Untyped;
  return function (this: unknown, ...args: unknown[]) {
    const [callback] = args;
    return run.apply(this, typeof callback === 'function' && tracingIsOn() ? [AsyncResource.bind(callback as Untyped)] : args);
  } as unknown as Connect;
}

type Queryable = { query: (text: string, ...rest: never[]) => Promise<unknown> };

/**
 * Each statement a request sends through drizzle (`query`, alone or in a transaction) is a span
 * of it while traces are on (tracing.ts); otherwise it costs a check.
 */
function traceStatements(client: Queryable & { transaction: (callback: (tx: Queryable) => Promise<unknown>) => Promise<unknown> }) {
  const traceQueries = (target: Queryable) => {
    const query = target.query.bind(target);
    target.query = (text, ...rest) => traceStatement(text, () => query(text, ...rest));
  };
  traceQueries(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      traceQueries(tx);
      return callback(tx);
    });
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
