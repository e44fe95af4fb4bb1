/** The bare Fastify server (bench/lib/bare-server-main.ts) as a benchmark target of the same run. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, peakMemoryMib, type ServerProcess } from './server';

export const BARE_PATH = '/api/health';

export async function startBareServer(): Promise<ServerProcess> {
  const port = await freePort();
  const main = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-server-main.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', main], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the bare server exited with ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${url}${BARE_PATH}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error('the bare server did not become ready');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
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
