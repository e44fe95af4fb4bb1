/**
 * Accounts benchmark: what a password hash costs, and how many requests per second the
 * session-reading paths and sign-in take. Runs the app on a free port with an embedded
 * database (or DATABASE_URL), nothing else on it.
 *
 *   npx tsx bench/auth.ts            # 5 s per scenario
 *   BENCH_SECONDS=10 npx tsx bench/auth.ts
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { hashPassword } from '../src/server/auth/auth';
import { loadConfig } from '../src/server/config';

type Result = { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
type Autocannon = (options: Record<string, unknown>) => Promise<Result>;

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const autocannon = (await import('autocannon' as string)).default as Autocannon;

const dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-bench-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'silent', AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789', PORT: '0', ...process.env }),
  webDistDir: undefined,
};
const app = await buildApp(config, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const origin = config.publicUrl;

const started = performance.now();
const rounds = 20;
for (let i = 0; i < rounds; i += 1) await hashPassword('Passw0rd12');
console.log(`argon2id hash: ${((performance.now() - started) / rounds).toFixed(1)} ms each (${rounds} rounds)`);

const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
  method: 'POST',
  headers: { origin, 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bench@example.com', password: 'Passw0rd12' }),
});
const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

const clientAddress = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
const scenarios: [string, Record<string, unknown>][] = [
  ['GET /api/auth-providers (no session)', { url: `${base}/api/auth-providers` }],
  ['GET /api/users/me (cookie session)', { url: `${base}/api/users/me`, headers: { cookie } }],
  ['GET /api/auth/get-session (cookie session)', { url: `${base}/api/auth/get-session`, headers: { cookie } }],
  [
    'POST /api/auth/sign-in/email (right password, a new client address each time)',
    {
      url: `${base}/api/auth/sign-in/email`,
      method: 'POST',
      requests: [
        {
          setupRequest: (request: Record<string, unknown>) => ({
            ...request,
            headers: { origin, 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
            body: JSON.stringify({ email: 'bench@example.com', password: 'Passw0rd12' }),
          }),
        },
      ],
    },
  ],
];

for (const [name, options] of scenarios) {
  const result = await autocannon({ connections: 10, duration: seconds, ...options });
  console.log(
    `${name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
}

// autocannon drops its sockets at the end; let the requests already inside the server finish.
await new Promise((resolve) => setTimeout(resolve, 3000));
await app.close();
rmSync(dataDir, { recursive: true, force: true });
