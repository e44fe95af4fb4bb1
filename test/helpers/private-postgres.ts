import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 server binaries; PGBIN points elsewhere. */
const binDir = process.env.PGBIN ?? '/usr/lib/postgresql/15/bin';

/** initdb and postgres refuse to run as root: as root, run them as the `postgres` OS user. */
const asRoot = userInfo().uid === 0;

let postgresUserId: number | null | undefined;

/** The `postgres` OS user's id when running as root (null when there is none). */
function postgresUid(): number | null {
  if (!asRoot) return null;
  if (postgresUserId === undefined) {
    try {
      postgresUserId = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    } catch {
      postgresUserId = null;
    }
  }
  return postgresUserId;
}

/** Why a private PostgreSQL server cannot be started here, or null when it can. */
export function privatePostgresUnavailable(): string | null {
  for (const binary of ['initdb', 'pg_ctl', 'postgres']) {
    if (!existsSync(path.join(binDir, binary))) return `no PostgreSQL server binaries in ${binDir} (set PGBIN)`;
  }
  if (asRoot && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) return 'running as root without runuser to drop to the postgres user';
  if (asRoot && postgresUid() === null) return 'running as root and there is no `postgres` OS user to run PostgreSQL as';
  return null;
}

/**
 * A PostgreSQL server of the test's own, on a temporary data folder and its own port, that
 * the test may stop and start (the machine's shared server must never be touched).
 */
export class PrivatePostgres {
  readonly dataDir: string;
  private readonly root: string;

  constructor(readonly port: number) {
    this.root = mkdtempSync(path.join(tmpdir(), 'marketplace-pg-'));
    this.dataDir = path.join(this.root, 'data');
    const uid = postgresUid();
    if (uid !== null) chownSync(this.root, uid, uid);
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  private async exec(binary: string, args: string[]): Promise<string> {
    const command = path.join(binDir, binary);
    const { stdout } = asRoot
      ? await run('runuser', ['-u', 'postgres', '--', command, ...args], { cwd: this.root })
      : await run(command, args, { cwd: this.root });
    return stdout;
  }

  /** Creates the cluster (trust authentication, local connections only). */
  async init(): Promise<void> {
    await this.exec('initdb', ['-D', this.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.root} -c fsync=off -c max_connections=60`;
    await this.exec('pg_ctl', ['start', '-D', this.dataDir, '-w', '-t', '60', '-l', path.join(this.root, 'server.log'), '-o', options]);
  }

  /** `-m fast`: the way an operator (or a failover) takes the server down: sessions are cut off, nothing waits. */
  async stop(): Promise<void> {
    await this.exec('pg_ctl', ['stop', '-D', this.dataDir, '-w', '-t', '60', '-m', 'fast']);
  }

  /** Whether a new connection is accepted right now. */
  async acceptsConnections(): Promise<boolean> {
    const client = new pg.Client({ connectionString: this.url(), connectionTimeoutMillis: 2000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  }

  async createDatabase(name: string): Promise<string> {
    const client = new pg.Client({ connectionString: this.url() });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE "${name}"`);
    } finally {
      await client.end();
    }
    return this.url(name);
  }

  /** Stops the server if it runs and removes its folder. */
  async destroy(): Promise<void> {
    if (existsSync(path.join(this.dataDir, 'postmaster.pid'))) await this.stop().catch(() => {});
    rmSync(this.root, { recursive: true, force: true });
  }
}
