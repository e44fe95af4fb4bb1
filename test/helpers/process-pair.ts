import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { startServerProcess, type ServerProcess } from './server-process';

/** The PostgreSQL server the process tests share (several processes cannot share an embedded PGlite). */
export const sharedServerUrl = process.env.TEST_DATABASE_URL;

const databaseName = (suffix: string) => `${new URL(sharedServerUrl!).pathname.slice(1) || 'marketplace_test'}_${suffix}`;

async function onServer(...statements: string[]) {
  const admin = new pg.Client({ connectionString: sharedServerUrl!.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new, empty database of its own on the PostgreSQL server, named after the run's. */
async function freshDatabase(suffix: string): Promise<string> {
  const name = databaseName(suffix);
  await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`, `CREATE DATABASE "${name}"`);
  const url = new URL(sharedServerUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

export type ProcessPair = { first: ServerProcess; second: ServerProcess; database: DatabaseHandle; dataDirs: string[]; adminEmail: string };

/**
 * Two server processes started at once on a new, empty database (they take turns migrating
 * it), behind one public address, with a connection of the test's own to that database. Both
 * must exit 0 when stopped.
 */
export function useProcessPair(ports: readonly [number, number], suffix: string, env: Record<string, string> | (() => Record<string, string>) = {}): ProcessPair {
  const pair = { dataDirs: [] as string[], adminEmail: `admin-${randomUUID().slice(0, 8)}@example.com` } as ProcessPair;
  beforeAll(async () => {
    const url = await freshDatabase(suffix);
    // A function is read once the earlier `beforeAll`s ran (a server they started, say).
    const settings = { DATABASE_URL: url, PUBLIC_URL: `http://localhost:${ports[0]}`, ...(typeof env === 'function' ? env() : env) };
    const dataDir = () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'marketplace-process-'));
      pair.dataDirs.push(dir);
      return dir;
    };
    [pair.first, pair.second] = await Promise.all([startServerProcess(ports[0], { ...settings, DATA_DIR: dataDir() }), startServerProcess(ports[1], { ...settings, DATA_DIR: dataDir() })]);
    pair.database = await openDatabase({ databaseUrl: url, pgliteDir: 'unused', poolSize: 2 });
  });
  afterAll(async () => {
    const codes = await Promise.all([pair.first?.stop(), pair.second?.stop()]);
    await pair.database?.close();
    await onServer(`DROP DATABASE IF EXISTS "${databaseName(suffix)}" WITH (FORCE)`);
    for (const dir of pair.dataDirs) rmSync(dir, { recursive: true, force: true });
    expect(codes.filter((code) => code !== undefined)).toEqual(codes.filter((code) => code !== undefined).map(() => 0));
  });
  return pair;
}
