/**
 * Accounts benchmark: what a password hash costs, and how many requests per second the
 * session-reading paths and sign-in take, next to a bare JSON route measured in the same run.
 * The server runs in its own process on a fresh embedded database (or BENCH_AUTH_DATABASE_URL).
 *
 *   npx tsx bench/auth.ts [--duration 5] [--connections 10]
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashPassword } from '../src/server/auth/auth';
import { benchArgs } from './lib/args';
import { fixedPaths, runScenarios, type Scenario } from './lib/load';
import { latencyTable, loadAverage, saveSection } from './lib/report';
import { freePort, startServer } from './lib/server';

const loadAtStart = loadAverage();
const args = benchArgs({}, { duration: 5, connections: 10 });

const started = performance.now();
const rounds = 20;
for (let i = 0; i < rounds; i += 1) await hashPassword('Passw0rd12');
const hashMs = (performance.now() - started) / rounds;
console.log(`argon2id hash: ${hashMs.toFixed(1)} ms each (${rounds} rounds)`);

const dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-bench-'));
const port = await freePort();
// The sign-in scenario signs one account in thousands of times: lift the per-account limit (its
// counter still runs on every attempt) so it measures sign-in rather than the 429 answer.
const server = await startServer({
  port,
  env: { DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_AUTH_DATABASE_URL, PUBLIC_URL: `http://127.0.0.1:${port}`, PASSWORD_ATTEMPTS_PER_ACCOUNT: '100000000' },
});
try {
  const origin = server.url;
  const signUp = async (email: string) => {
    const answer = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Passw0rd12' }),
    });
    if (!answer.ok) throw new Error(`sign-up answered ${answer.status}`);
    return answer;
  };
  // The sign-in scenario has an account of its own: its thousands of sign-ins would end the
  // reading scenarios' session (an account keeps at most 20), which then measured 401s.
  const reader = await signUp('bench@example.com');
  await signUp('bench-sign-in@example.com');
  const cookie = reader.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  const clientAddress = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
  const scenarios: Scenario[] = [
    fixedPaths('app: GET /api/health', ['/api/health']),
    fixedPaths('GET /api/auth-providers (no session)', ['/api/auth-providers']),
    { name: 'GET /api/users/me (cookie session)', requests: () => [{ method: 'GET', path: '/api/users/me', headers: { cookie } }] },
    { name: 'GET /api/auth/get-session (cookie session)', requests: () => [{ method: 'GET', path: '/api/auth/get-session', headers: { cookie } }] },
    {
      name: 'POST /api/auth/sign-in/email (right password, a new client address each time)',
      requests: () => [
        {
          method: 'POST',
          path: '/api/auth/sign-in/email',
          setupRequest: (request) => ({
            ...request,
            headers: { origin, 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
            body: JSON.stringify({ email: 'bench-sign-in@example.com', password: 'Passw0rd12' }),
          }),
        },
      ],
    },
  ];
  const rows = await runScenarios(server, scenarios, args);
  saveSection({
    name: 'auth',
    title: 'Accounts (embedded PGlite)',
    facts: [`argon2id hash: ${hashMs.toFixed(1)} ms each (${rounds} rounds, in the benchmark process)`, `server peak memory (VmHWM): ${server.peakMemoryMib().toFixed(0)} MiB`],
    tables: [latencyTable(`${args.connections} connections, ${args.duration} s per scenario`, rows)],
    loadAtStart,
  });
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
