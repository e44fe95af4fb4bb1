import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, sleep, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { findFfmpeg } from '../../src/server/features/media';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The processes whose command line mentions `text` (ffmpeg names its output folder, under the data folder). */
async function processesMentioning(text: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const commandLine = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.includes(text)) found.push(Number(entry));
  }
  return found;
}

const ffmpeg = await findFfmpeg(process.env.FFMPEG_PATH);

/**
 * A transcode whose process is killed mid-way (SIGKILL: no shutdown, no release) is taken over by
 * the next process once its lease runs out, and finishes there; ffmpeg dies with its process.
 * Two processes one after the other on one embedded database (the demo data's three videos are
 * the transcodes); the first one's ffmpeg reads at real time (`-re`), so it is surely mid-way.
 */
describe.runIf(ffmpeg && process.platform === 'linux')('a transcode worker killed mid-transcode', () => {
  const started: ServerProcess[] = [];
  let dataDir: string;
  afterAll(async () => {
    for (const server of started) if (server.isAlive()) server.child.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('is taken over by the next process after its lease, and the videos end up ready', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'transcode-killed-'));
    const slowFfmpeg = path.join(dataDir, 'slow-ffmpeg.sh');
    await writeFile(slowFfmpeg, `#!/bin/sh\nexec "${ffmpeg}" -re "$@"\n`);
    await chmod(slowFfmpeg, 0o755);
    const settings = { DATA_DIR: dataDir, SEED_DEMO_DATA: 'true', LOG_LEVEL: 'info', TRANSCODE_LEASE_SECONDS: '3', TRANSCODE_POLL_INTERVAL_MS: '200' };

    const first = await startServerProcess(await freePort(), { ...settings, FFMPEG_PATH: slowFfmpeg });
    started.push(first);
    const deadline = Date.now() + 60_000;
    const workDir = path.join(dataDir, 'transcode-work');
    // Killed while one of its transcodes has ffmpeg running (progress is logged too sparsely to wait for).
    while ((await processesMentioning(workDir)).length === 0 && Date.now() < deadline) await sleep(100);
    expect(await processesMentioning(workDir), 'the first process runs ffmpeg').not.toEqual([]);
    first.child.kill('SIGKILL');
    await first.exited;
    // The transcode it was on: started, and not finished before the kill.
    const finished = new Set(first.logs.flatMap((line) => /^transcoded (.+): ready$/.exec(line.msg ?? '')?.[1] ?? []));
    const inFlight = first.logs.findLast((line) => /^transcoding .+ to HLS$/.test(line.msg ?? '') && !finished.has(line.storageKey as string));
    expect(inFlight, 'the first process was mid-transcode').toBeDefined();
    // ffmpeg went with it, not on as an orphan.
    await sleep(500);
    expect(await processesMentioning(workDir)).toEqual([]);

    const second = await startServerProcess(await freePort(), settings);
    started.push(second);
    void second.exited.then((code) => {
      if (code !== 0) console.error(`second process exited with ${code}:\n${second.stderr()}\n${second.logs.slice(-20).map((line) => JSON.stringify(line)).join('\n')}`);
    });
    const courses = (await call(second, '/api/courses')).body as { items: { id: number }[] };
    const courseId = courses.items[0]!.id;
    const readyBy = Date.now() + 120_000;
    let intro: { hlsUrl?: string | null } | undefined;
    while (Date.now() < readyBy) {
      intro = ((await call(second, `/api/courses/${courseId}`)).body as { introVideo: { hlsUrl?: string | null } }).introVideo;
      const done = second.logs.filter((line) => /^transcoded .+: ready$/.test(line.msg ?? '')).length;
      if (intro.hlsUrl && done >= 1 && second.logs.some((line) => line.msg === `transcoded ${inFlight!.storageKey as string}: ready`)) break;
      await sleep(250);
    }
    // The killed transcode ran again, as its second attempt, and finished.
    expect(second.logs.find((line) => line.msg === `transcoding ${inFlight!.storageKey as string} to HLS`)).toMatchObject({ attempt: 2 });
    expect(second.logs.some((line) => line.msg === `transcoded ${inFlight!.storageKey as string}: ready`)).toBe(true);
    expect(intro?.hlsUrl).toBe(`/api/videos/courses/${courseId}/intro/hls/master.m3u8`);
    expect((await call(second, intro!.hlsUrl!)).status).toBe(200);
    await second.stop();
  });
});
