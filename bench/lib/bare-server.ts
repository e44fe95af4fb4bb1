/** The bare Fastify server (bench/lib/bare-server-main.ts) as a benchmark target of the same run. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, serverWhenReady, type ServerProcess } from './server';

export const BARE_PATH = '/api/health';

export async function startBareServer(): Promise<ServerProcess> {
  const port = await freePort();
  const main = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-server-main.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', main], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'inherit', 'inherit'] });
  return serverWhenReady(child, { name: 'the bare server', url: `http://127.0.0.1:${port}`, readyPath: BARE_PATH, timeoutMs: 30_000, pollMs: 100 });
}
