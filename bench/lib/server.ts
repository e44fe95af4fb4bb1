/**
 * The app as a benchmark target: the compiled server (`dist/server/main.mjs`, what `npm start`
 * runs after `npm run build`) in its own process, with the default settings (the log level
 * included), so the load generator never shares its event loop and every per-request cost that
 * users meet is in the figures. Its log goes to a file, as a log collector would take it, and its
 * memory is read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const BENCH_AUTH_SECRET = 'bench-secret-that-is-long-enough-0123456789';

/** What `npm start` runs (package.json), after `npm run build`. */
export const COMPILED_SERVER = 'dist/server/main.mjs';

/**
 * The flags `npm start` gives node before the server (package.json's start script), with the
 * shell's `${NAME:-default}` filled from `env`: the benchmark runs the server with exactly them.
 */
export function startScriptNodeFlags(env: Record<string, string | undefined> = process.env): string[] {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const command = scripts.start.split('&&').pop()!.trim().split(/\s+/);
  if (command[0] !== 'node' || command.at(-1) !== COMPILED_SERVER) throw new Error(`package.json's start script no longer ends with \`node … ${COMPILED_SERVER}\``);
  return command.slice(1, -1).map((flag) => flag.replace(/\$\{(\w+):-([^}]*)\}/g, (_, name: string, fallback: string) => env[name] || fallback));
}

export type ServerProcess = {
  url: string;
  pid: number;
  /** Peak resident memory so far, in MiB (VmHWM: the kernel's high-water mark of the RSS). */
  peakMemoryMib(): number;
  /** The server's log so far (lines and bytes), when it goes to a file. */
  log?(): { lines: number; bytes: number; file: string };
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

function statusField(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((candidate) => candidate.startsWith(`${field}:`));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** The peaks `watchMemory` saw, per process: resetting the high-water mark must not lose the whole run's peak. */
const peaksSeen = new Map<number, number>();

/** Peak resident memory of a Linux process so far, in MiB (VmHWM, or a higher peak seen before a reset). */
export const peakMemoryMib = (pid: number): number => Math.max(statusField(pid, 'VmHWM'), peaksSeen.get(pid) ?? 0);

/**
 * Watches a process's resident memory over one stretch (a scenario): the kernel's high-water mark
 * is reset at the start where it lets us (`/proc/<pid>/clear_refs`, writable by the process's
 * owner), and VmRSS is sampled every 100 ms besides, so the peak is the stretch's own even where
 * the reset is refused. `stop()` answers the peak in MiB.
 */
export function watchMemory(pid: number): { stop(): number } {
  peaksSeen.set(pid, peakMemoryMib(pid));
  let reset = false;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    reset = true;
  } catch {
    // Not ours to reset: the samples alone tell the peak.
  }
  let peak = statusField(pid, 'VmRSS');
  const sampler = setInterval(() => {
    const now = statusField(pid, 'VmRSS');
    if (now > peak) peak = now;
  }, 100);
  return {
    stop() {
      clearInterval(sampler);
      const last = reset ? statusField(pid, 'VmHWM') : statusField(pid, 'VmRSS');
      const stretchPeak = Math.max(peak, Number.isNaN(last) ? 0 : last);
      peaksSeen.set(pid, Math.max(peaksSeen.get(pid) ?? 0, stretchPeak));
      return stretchPeak;
    },
  };
}

function countLines(file: string): number {
  const bytes = readFileSync(file);
  let lines = 0;
  for (const byte of bytes) if (byte === 10) lines += 1;
  return lines;
}

/**
 * Starts the compiled server as `npm start` does (its node flags, then `dist/server/main.mjs`)
 * with `env` on top of the defaults (only the demo data is off, and a fixed AUTH_SECRET), and waits
 * until `/api/ready` answers (the database is reachable and migrated). Its standard output, the
 * log at the default level, goes to `.tmp/bench-server-<port>.log`.
 */
export async function startServer(options: { port: number; env: Record<string, string | undefined>; readyTimeoutMs?: number }): Promise<ServerProcess> {
  if (!existsSync(COMPILED_SERVER)) throw new Error(`${COMPILED_SERVER} is missing: run \`npm run build\` first (npm run bench does)`);
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profiles" profiles the server under a scenario (Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  mkdirSync('.tmp', { recursive: true });
  const logFile = path.join('.tmp', `bench-server-${options.port}.log`);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...startScriptNodeFlags({ ...process.env, ...options.env }), COMPILED_SERVER], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
      AUTH_SECRET: BENCH_AUTH_SECRET,
      ...options.env,
      PORT: String(options.port),
    },
    stdio: ['ignore', openSync(logFile, 'w'), 'inherit'],
  });
  const server = await serverWhenReady(child, { name: 'the server', url: `http://127.0.0.1:${options.port}`, readyPath: '/api/ready', timeoutMs: options.readyTimeoutMs ?? 120_000, pollMs: 250 });
  return { ...server, log: () => ({ lines: countLines(logFile), bytes: statSync(logFile).size, file: logFile }) };
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
