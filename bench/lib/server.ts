/**
 * The app as a benchmark target: `src/server/main.ts` in its own process (as in production,
 * and so the load generator never shares its event loop), with its peak memory read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export const BENCH_AUTH_SECRET = 'bench-secret-that-is-long-enough-0123456789';

export type ServerProcess = {
  url: string;
  pid: number;
  /** Peak resident memory so far, in MiB (VmHWM: the kernel's high-water mark of the RSS). */
  peakMemoryMib(): number;
  stop(): Promise<void>;
};

/** A free loopback port, for the scripts that need more than one listener. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Peak resident memory of a Linux process, in MiB. */
export function peakMemoryMib(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((candidate) => candidate.startsWith('VmHWM:'));
  return line ? Number(line.replace(/\D+/g, '')) / 1024 : Number.NaN;
}

/**
 * Starts the server with `env` on top of a quiet, demo-free configuration and waits until
 * `/api/ready` answers (the database is reachable and migrated).
 */
export async function startServer(options: { port: number; env: Record<string, string | undefined>; readyTimeoutMs?: number }): Promise<ServerProcess> {
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profiles" profiles the server under a scenario (Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SEED_DEMO_DATA: 'false',
      AUTH_SECRET: BENCH_AUTH_SECRET,
      ...options.env,
      PORT: String(options.port),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return serverWhenReady(child, { name: 'the server', url: `http://127.0.0.1:${options.port}`, readyPath: '/api/ready', timeoutMs: options.readyTimeoutMs ?? 120_000, pollMs: 250 });
}

/** Waits until a spawned server answers `readyPath`; it fails if the process exits first or the time runs out. */
export async function serverWhenReady(
  child: ChildProcess,
  { name, url, readyPath, timeoutMs, pollMs }: { name: string; url: string; readyPath: string; timeoutMs: number; pollMs: number },
): Promise<ServerProcess> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${url}${readyPath}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`${name} did not become ready`);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  const pid = child.pid!;
  return {
    url,
    pid,
    peakMemoryMib: () => peakMemoryMib(pid),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
