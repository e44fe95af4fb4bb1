/**
 * HLS transcode cost: a 1-minute 1080p source (ffmpeg's testsrc2 with a tone, made first and not
 * timed) transcoded as the worker does (transcodeToHls: 360p + 720p and the poster, `nice` 10),
 * with TRANSCODE_THREADS threads. Measures the wall time, ffmpeg's CPU time, its peak resident memory (its
 * VmHWM, read from /proc while it runs) and the Node process's own, and the load average.
 *
 *   npx tsx bench/transcode.ts [--seconds 60] [--threads 2,1] [--ffmpeg path]
 *
 * Without --ffmpeg it uses the one the server would (FFMPEG_PATH, the system's, else npm's).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { findFfmpeg, transcodeToHls } from '../src/server/features/media';
import { loadAverage, saveSection } from './lib/report';

const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '60' }, threads: { type: 'string', default: '2,1' }, ffmpeg: { type: 'string' } } });
const seconds = Number(args.seconds);
const threadCounts = args.threads.split(',').map(Number);

const ffmpeg = await findFfmpeg(args.ffmpeg);
if (!ffmpeg) throw new Error('no ffmpeg: run npm install');
const version = (await promisify(execFile)(ffmpeg, ['-hide_banner', '-version'])).stdout.split('\n')[0];
const loadAtStart = loadAverage();
const work = await mkdtemp(path.join(os.tmpdir(), 'bench-transcode-'));
const source = path.join(work, 'source-1080p.mp4');
console.log(`making a ${seconds} s 1080p source with ${ffmpeg}…`);
await promisify(execFile)(ffmpeg, [
  '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
  '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${seconds}`,
  '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
  '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', source,
]);
const sourceBytes = (await stat(source)).size;

/** The peak resident memory (VmHWM) of this process's children, polled while they run. */
function watchChildren() {
  const peaks = new Map<number, number>();
  const poll = async () => {
    for (const entry of await readdir('/proc').catch(() => [])) {
      if (!/^\d+$/.test(entry)) continue;
      const status = await readFile(`/proc/${entry}/status`, 'utf8').catch(() => '');
      if (!new RegExp(`^PPid:\\s+${process.pid}$`, 'm').test(status)) continue;
      const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(status);
      if (hwm) peaks.set(Number(entry), Math.max(peaks.get(Number(entry)) ?? 0, Number(hwm[1]) / 1024));
    }
  };
  const timer = setInterval(() => void poll(), 100);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(0, ...peaks.values());
    },
  };
}

/**
 * CPU seconds (user + system) of the children this process has waited for, from /proc: ffmpeg's
 * work, which the load of a shared machine stretches in wall time but hardly changes.
 */
async function childrenCpuSeconds(): Promise<number> {
  const fields = (await readFile('/proc/self/stat', 'utf8').catch(() => '')).split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[13] ?? 0) + Number(fields[14] ?? 0)) / 100;
}

const rows: (string | number)[][] = [];
for (const threads of threadCounts) {
  const outputDir = path.join(work, `out-${threads}`);
  const watcher = watchChildren();
  const started = performance.now();
  const cpuBefore = await childrenCpuSeconds();
  const loadBefore = loadAverage();
  const result = await transcodeToHls({
    ffmpegPath: ffmpeg,
    input: source,
    outputDir,
    width: 1920,
    height: 1080,
    durationSeconds: seconds,
    limits: { threads, nice: 10, timeoutMs: 60 * 60_000 },
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const cpuSeconds = (await childrenCpuSeconds()) - cpuBefore;
  const ffmpegPeakMib = watcher.stop();
  let outputBytes = 0;
  for (const file of result.files) outputBytes += (await stat(path.join(outputDir, file))).size;
  rows.push([
    threads,
    result.renditions.map((rendition) => rendition.name).join(' + '),
    wallSeconds.toFixed(1),
    (seconds / wallSeconds).toFixed(2),
    cpuSeconds.toFixed(1),
    ffmpegPeakMib.toFixed(0),
    (process.resourceUsage().maxRSS / 1024).toFixed(0),
    result.files.length,
    (outputBytes / 1024 / 1024).toFixed(1),
    `${loadBefore} → ${loadAverage()}`,
  ]);
  console.log(rows.at(-1)!.join('  '));
}
await rm(work, { recursive: true, force: true });

saveSection({
  name: 'transcode',
  title: `HLS transcode of a ${seconds} s 1080p source`,
  facts: [
    `${ffmpeg} (${version}); ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 1024 **3).toFixed(0)} GiB`,
    `source: testsrc2 1920×1080, 30 fps, ${seconds} s, with AAC audio, ${(sourceBytes / 1024 / 1024).toFixed(1)} MiB`,
    'as the worker runs it: one ffmpeg run for 360p + 720p (x264 veryfast, CRF 23 capped at 800k / 2800k, 6 s segments, key frames every 2 s), the thumbnails and the cover samples, and a second for the poster, nice 10',
    'ffmpeg CPU s: user + system time of the ffmpeg runs (the children this process waited for, from /proc/self/stat): steadier than wall time on a shared machine',
    'ffmpeg peak RSS: its VmHWM read from /proc every 100 ms; Node peak RSS: this process (the worker side: the job runner reads ffmpeg’s progress, nothing more)',
  ],
  tables: [
    {
      title: 'one transcode per row',
      columns: ['threads', 'renditions', 'wall s', '× real time', 'ffmpeg CPU s', 'ffmpeg peak RSS MiB', 'Node peak RSS MiB', 'files', 'output MiB', 'load (1 min) before → after'],
      rows,
    },
  ],
  loadAtStart,
});
