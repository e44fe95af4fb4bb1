import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const port = 3190 + Number(process.env.VITEST_POOL_ID ?? 0);
const dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-main-'));

function startServer(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function waitUntilReady(): Promise<void> {
  for (let attempt = 0; attempt < 750; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become ready');
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the listener', () => {
  it('stops a bad configuration with a message naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: { ...process.env, PORT: 'not-a-port' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT');
  });

  it('finishes in-flight requests on SIGTERM, then exits 0', async () => {
    const server = startServer();
    const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
    await waitUntilReady();

    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ email: 'slow@example.com', password: 'Passw0rd12', name: 'slow' });
    const response = new Promise<number>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/auth/sign-up/email', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: `http://localhost:${port}` } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 10));
      setTimeout(() => {
        server.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(10)), 500);
      }, 300);
    });

    expect(await response).toBe(200);
    expect(await exited).toBe(0);
  }, 180_000);
});
