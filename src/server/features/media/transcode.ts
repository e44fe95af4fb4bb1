import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:fs';
import { access, chmod, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import path from 'node:path';
import { bestCoverFrame, coverSampleFilter, coverSampleSize, judgeFrame, splitFrames } from './cover-frame';

/**
 * HLS transcoding with ffmpeg, as a child process: one ffmpeg run decodes the source once and
 * encodes every rendition (H.264 + AAC in MPEG-TS segments, VOD playlists) and the timeline's
 * thumbnails sprite and tiny samples of frames; a second short run takes the poster at the best
 * of them. Nothing here knows about the database or the storage: it reads a local file and
 * writes a local folder.
 */

export type Rendition = {
  /** `360p`, `720p`: the short side, as players and people name sizes. */
  name: string;
  width: number;
  height: number;
  /** Peak video bit rate (kb/s), also the encoder's cap. */
  videoKbps: number;
  /** What the master playlist announces: peak video + audio, in bit/s. */
  bandwidth: number;
};

export const AUDIO_KBPS = 96;
/** Every segment starts with a key frame, forced at the same times in each rendition so players can switch between them anywhere. */
export const SEGMENT_SECONDS = 6;
const KEYFRAME_SECONDS = 2;

/** The ladder, by short side; a source smaller than a step gets only the steps it reaches (no upscaling). */
const LADDER = [
  { short: 360, videoKbps: 800 },
  { short: 720, videoKbps: 2800 },
] as const;

const even = (value: number) => Math.max(2, 2 * Math.round(value / 2));

/**
 * The renditions of a source of this (display) size: 360p and 720p, or fewer for a smaller
 * source; a source under 360p gets one rendition at its own size. Sizes keep the aspect
 * ratio and are even (H.264 with 4:2:0 colour needs it).
 */
export function planRenditions(width: number, height: number): Rendition[] {
  const short = Math.min(width, height);
  const steps = LADDER.filter((step) => step.short <= short);
  const chosen = steps.length > 0 ? steps : [{ short: even(short), videoKbps: Math.max(200, Math.round((LADDER[0].videoKbps * short) / LADDER[0].short)) }];
  return chosen.map(({ short: target, videoKbps }) => {
    const scale = target / short;
    const size = width <= height ? { width: even(target), height: even(height * scale) } : { width: even(width * scale), height: even(target) };
    return { name: `${target}p`, ...size, videoKbps, bandwidth: (videoKbps + AUDIO_KBPS) * 1000 };
  });
}

/** The master playlist: every rendition, smallest first (players start low and climb). */
export function masterPlaylist(renditions: Rendition[], hasAudio: boolean): string {
  const codecs = hasAudio ? 'avc1.4d401f,mp4a.40.2' : 'avc1.4d401f';
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const rendition of renditions) {
    const bandwidth = hasAudio ? rendition.bandwidth : rendition.videoKbps * 1000;
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${rendition.width}x${rendition.height},CODECS="${codecs}"`, `${rendition.name}/index.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------------------
// Finding ffmpeg
// ---------------------------------------------------------------------------

const isExecutable = async (file: string) => {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The folders programs are looked up in (not a setting of ours, so not in Config). */
// eslint-disable-next-line no-restricted-syntax
const searchPath = () => process.env.PATH ?? '';

async function onPath(name: string): Promise<string | null> {
  for (const folder of searchPath().split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(folder, name);
    if (await isExecutable(candidate)) return candidate;
  }
  return null;
}

/**
 * The ffmpeg to run: FFMPEG_PATH when set, else the system's `ffmpeg` when there is one (it
 * is usually newer), else the binary `npm install` brought (@ffmpeg-installer/ffmpeg ships
 * one per platform inside the registry package). Null when none is there: videos then play
 * as MP4 only.
 */
export async function findFfmpeg(configured?: string): Promise<string | null> {
  if (configured) return (await isExecutable(configured)) ? configured : null;
  const system = await onPath(process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg');
  if (system) return system;
  try {
    const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
    // A package manager that skipped the package's install script leaves the binary without its execute bit.
    if (!(await isExecutable(installer.path))) await chmod(installer.path, 0o755).catch(() => {});
    return (await isExecutable(installer.path)) ? installer.path : null;
  } catch {
    return null;
  }
}

/** Which ffmpeg this is, for the start-up log: its first line of `-version` (e.g. `ffmpeg version 5.1.6-0+deb12u1`). */
export async function ffmpegVersion(ffmpegPath: string): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(ffmpegPath, ['-hide_banner', '-version'], { stdio: ['ignore', 'pipe', 'ignore'], env: { PATH: searchPath() } });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    child.on('error', () => resolve(null));
    child.on('close', () => resolve(text.split('\n', 1)[0]?.trim() || null));
  });
}

let limitsWrapper: Promise<string | null> | undefined;
/**
 * util-linux's `prlimit` sets ffmpeg's kernel limits (address space, CPU time) before it
 * starts, without a shell; Node cannot set another process's limits itself. Without it
 * ffmpeg runs under the wall-clock limit alone (the server logs so at start).
 */
export const findLimitsWrapper = () => (limitsWrapper ??= process.platform === 'linux' ? onPath('prlimit') : Promise.resolve(null));

let pdeathsigWrapper: Promise<string | null> | undefined;
/**
 * On Linux, `setpriv --pdeathsig KILL` makes the kernel kill ffmpeg when the server process
 * dies, however it dies (ffmpeg ignores the broken pipe and would otherwise encode on, as an
 * orphan, for a job another worker has taken over).
 */
const findPdeathsigWrapper = () => (pdeathsigWrapper ??= process.platform === 'linux' ? onPath('setpriv') : Promise.resolve(null));

// ---------------------------------------------------------------------------
// Running ffmpeg
// ---------------------------------------------------------------------------

export type FfmpegLimits = {
  /** Encoder threads (x264's and the filters'). */
  threads: number;
  /** Niceness added to ffmpeg's scheduling priority (0–19): requests are served first. */
  nice: number;
  /** Past it ffmpeg is killed and the attempt fails. */
  timeoutMs: number;
  /** ffmpeg's address space (RLIMIT_AS), in MB; an allocation past it fails. */
  maxMemoryMb?: number;
  /** ffmpeg's CPU time (RLIMIT_CPU), in seconds, all threads together: the kernel stops it past it. */
  cpuSeconds?: number;
  /** The largest picture (width × height) the decoder will allocate, whatever the stream claims. */
  maxPixels?: number;
};

/** Why ffmpeg was stopped by a limit: the wall clock, its memory or its CPU time. */
export type FfmpegCap = 'timeout' | 'memory' | 'cpu';

export class FfmpegError extends Error {
  constructor(
    message: string,
    /** ffmpeg refused the input itself (not a video, no video track), or the file needs more than its caps: another attempt would fail the same way. */
    readonly permanent: boolean,
    /** The cap the run passed, if that is why it failed. */
    readonly cap: FfmpegCap | null = null,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

/** The first lines of ffmpeg's log (the streams it found) and the last ones (why it failed); the middle is not kept. */
class LogTail {
  private head = '';
  private text = '';
  constructor(private readonly max = 16_384) {}
  push(chunk: Buffer) {
    const piece = chunk.toString('utf8');
    if (this.head.length < this.max) this.head += piece.slice(0, this.max - this.head.length);
    this.text = (this.text + piece).slice(-this.max);
  }
  /** The start, for the stream list, which ffmpeg prints first… */
  get start() {
    return this.head;
  }
  /** …the kept text, for the patterns of a failure… */
  get all() {
    return `${this.head}\n${this.text}`;
  }
  /** …and the last few meaningful lines, for an error message. */
  lastLines(count = 3) {
    return this.text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(-count)
      .join(' | ');
  }
}

type RunOptions = FfmpegLimits & {
  ffmpegPath: string;
  args: string[];
  signal?: AbortSignal;
  /** Lines of `-progress pipe:1`, `key=value`. */
  onProgressLine?: (key: string, value: string) => void;
};

const PERMANENT_PATTERNS = [/Invalid data found when processing input/i, /does not contain any stream/i, /Output file #\d+ does not contain any stream/i, /Stream map '.*' matches no streams/i, /moov atom not found/i, /exceeds specified max pixel count/i];
/** What ffmpeg (or x264, or the dynamic loader) prints when an allocation fails under RLIMIT_AS. */
const OUT_OF_MEMORY_PATTERNS = [/Cannot allocate memory/i, /malloc of size \d+ failed/i, /failed to map segment/i, /out of memory/i, /std::bad_alloc/];
/** ffmpeg treats SIGXCPU (the kernel's notice at the CPU soft limit) as a request to stop, and says so. */
const CPU_LIMIT_PATTERN = /received signal 24\b/;
/** The kernel's SIGKILL comes this long after SIGXCPU, for a process that ignores the notice. */
const CPU_HARD_LIMIT_GRACE_SECONDS = 5;
/** Signals of a process whose allocation failed and that did not check (a static build's usual end under RLIMIT_AS). */
const CRASH_SIGNALS = new Set<NodeJS.Signals>(['SIGSEGV', 'SIGBUS', 'SIGABRT']);

/**
 * The command that runs ffmpeg with these arguments: under `setpriv --pdeathsig` (it dies with
 * the server) and `prlimit` (its kernel limits), when the system has them; never a shell.
 */
export async function ffmpegCommand(ffmpegPath: string, ffmpegArgs: string[], { maxMemoryMb, cpuSeconds }: Pick<FfmpegLimits, 'maxMemoryMb' | 'cpuSeconds'>): Promise<[string, string[]]> {
  let command: [string, string[]] = [ffmpegPath, ffmpegArgs];
  const prlimit = maxMemoryMb !== undefined || cpuSeconds !== undefined ? await findLimitsWrapper() : null;
  if (prlimit) {
    const limits = [
      ...(maxMemoryMb === undefined ? [] : [`--as=${maxMemoryMb * 1024 * 1024}`]),
      ...(cpuSeconds === undefined ? [] : [`--cpu=${cpuSeconds}:${cpuSeconds + CPU_HARD_LIMIT_GRACE_SECONDS}`]),
    ];
    command = [prlimit, [...limits, '--', ...command.flat()]];
  }
  const pdeathsig = await findPdeathsigWrapper();
  if (pdeathsig) command = [pdeathsig, ['--pdeathsig', 'KILL', '--', command[0], ...command[1]]];
  return command;
}

async function runFfmpeg({ ffmpegPath, args, threads, nice, timeoutMs, maxMemoryMb, cpuSeconds, signal, onProgressLine }: RunOptions): Promise<LogTail> {
  const fullArgs = ['-hide_banner', '-nostdin', '-y', '-threads', String(threads), ...args];
  const [command, commandArgs] = await ffmpegCommand(ffmpegPath, fullArgs, { maxMemoryMb, cpuSeconds });
  const log = new LogTail();
  return new Promise<LogTail>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    // ffmpeg gets only PATH from the environment: none of the server's secrets.
    const child: ChildProcess = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: searchPath() } });
    if (child.pid !== undefined && nice > 0) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // Not allowed here: it runs at normal priority.
      }
    }
    let settled = false;
    let killedFor: string | null = null;
    const kill = (reason: string) => {
      if (killedFor === null) killedFor = reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => kill(`ffmpeg took longer than ${Math.round(timeoutMs / 1000)} s`), timeoutMs);
    timer.unref();
    const onAbort = () => kill(signal?.reason instanceof Error ? signal.reason.message : 'stopped');
    signal?.addEventListener('abort', onAbort, { once: true });
    let pending = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const at = line.indexOf('=');
        if (at > 0) onProgressLine?.(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => log.push(chunk));
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(log);
    };
    child.on('error', (error) => finish(new FfmpegError(`ffmpeg could not start: ${error.message}`, false)));
    child.on('close', (code, killSignal) => {
      if (killedFor !== null) {
        if (signal?.aborted) return finish(signal.reason instanceof Error ? signal.reason : new Error(killedFor));
        return finish(new FfmpegError(killedFor, true, 'timeout'));
      }
      if (code === 0) return finish(null);
      const tail = log.lastLines();
      if (cpuSeconds !== undefined && (killSignal === 'SIGXCPU' || killSignal === 'SIGKILL' || CPU_LIMIT_PATTERN.test(log.all))) {
        return finish(new FfmpegError(`ffmpeg used more than its ${cpuSeconds} s of CPU time (${code ?? killSignal}): ${tail || 'no output'}`, true, 'cpu'));
      }
      if (maxMemoryMb !== undefined && ((killSignal !== null && CRASH_SIGNALS.has(killSignal)) || OUT_OF_MEMORY_PATTERNS.some((pattern) => pattern.test(log.all)))) {
        return finish(new FfmpegError(`ffmpeg needed more than its ${maxMemoryMb} MB of memory (${code ?? killSignal}): ${tail || 'no output'}`, true, 'memory'));
      }
      const permanent = PERMANENT_PATTERNS.some((pattern) => pattern.test(log.all));
      finish(new FfmpegError(`ffmpeg failed (${code ?? killSignal}): ${tail || 'no output'}`, permanent));
    });
  });
}

// ---------------------------------------------------------------------------
// The transcode
// ---------------------------------------------------------------------------

export type TranscodeInput = {
  ffmpegPath: string;
  /** A local file. */
  input: string;
  /** An empty local folder: the playlists, segments and poster are written here. */
  outputDir: string;
  /** The source's display size and length, as the upload's probe read them. */
  width: number;
  height: number;
  durationSeconds: number;
  limits: FfmpegLimits;
  signal?: AbortSignal;
  /** 0–100, as the encode advances (the poster is the last step). */
  onProgress?: (percent: number) => void;
};

export type TranscodeResult = {
  renditions: Rendition[];
  hasAudio: boolean;
  /** Every file written, relative to the output folder, with `/` separators; `master.m3u8`, `poster.jpg`, `thumbnails.jpg` and `thumbnails.vtt` among them. */
  files: string[];
  /**
   * Whether the poster may stand for the course as its cover: false when every frame looked at
   * was a test pattern or next to blank (see cover-frame.ts); the poster is still written for
   * the player.
   */
  posterIsPicture: boolean;
};

export const MASTER_PLAYLIST = 'master.m3u8';
export const POSTER_FILE = 'poster.jpg';
export const RENDITION_PLAYLIST = 'index.m3u8';
/** The timeline's preview thumbnails: one sprite of small frames, and the WebVTT index of its tiles. */
export const THUMBNAILS_SPRITE = 'thumbnails.jpg';
export const THUMBNAILS_INDEX = 'thumbnails.vtt';
/** Samples of frames to choose the poster from (cover-frame.ts); read, then removed before the files are listed. */
const COVER_SAMPLES_FILE = 'cover-samples.rgb';
const POSTER_SAMPLE_FILE = 'poster-sample.rgb';

/** The sprite's tiles: this wide, at most this many (one every few seconds), this many to a row. */
const THUMBNAIL_WIDTH = 160;
const MAX_THUMBNAILS = 100;
const THUMBNAIL_COLUMNS = 10;

export type ThumbnailPlan = {
  /** Seconds between two tiles (a whole number, at least 1). */
  everySeconds: number;
  count: number;
  columns: number;
  rows: number;
  width: number;
  height: number;
};

/** The sprite of a video of this (display) size and length: at most 100 tiles 160 px wide, one every whole number of seconds. */
export function planThumbnails(width: number, height: number, durationSeconds: number): ThumbnailPlan {
  const length = Math.max(1, durationSeconds);
  const everySeconds = Math.max(1, Math.ceil(length / MAX_THUMBNAILS));
  const count = Math.max(1, Math.ceil(length / everySeconds));
  const columns = Math.min(count, THUMBNAIL_COLUMNS);
  return { everySeconds, count, columns, rows: Math.ceil(count / columns), width: THUMBNAIL_WIDTH, height: even((THUMBNAIL_WIDTH * height) / width) };
}

const vttTime = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/** The WebVTT index of the sprite: a cue per tile, naming its part of the image relatively (`thumbnails.jpg#xywh=x,y,w,h`). */
export function thumbnailsIndex(plan: ThumbnailPlan, durationSeconds: number): string {
  const end = Math.max(1, durationSeconds);
  const cues: string[] = [];
  for (let index = 0; index < plan.count; index++) {
    const start = index * plan.everySeconds;
    const x = (index % plan.columns) * plan.width;
    const y = Math.floor(index / plan.columns) * plan.height;
    cues.push(`${vttTime(start)} --> ${vttTime(Math.min(end, start + plan.everySeconds))}\n${THUMBNAILS_SPRITE}#xywh=${x},${y},${plan.width},${plan.height}`);
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

function renditionArgs(rendition: Rendition, index: number, outputDir: string, threads: number): string[] {
  const folder = path.join(outputDir, rendition.name);
  return [
    '-map', `[v${index}]`,
    '-threads', String(threads),
    '-map', '0:a:0?',
    '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p',
    '-crf', '23', '-maxrate', `${rendition.videoKbps}k`, '-bufsize', `${rendition.videoKbps * 2}k`,
    '-force_key_frames', `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`, '-sc_threshold', '0',
    '-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2', '-ar', '48000',
    '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_list_size', '0',
    '-hls_segment_filename', path.join(folder, 'seg-%03d.ts'),
    path.join(folder, RENDITION_PLAYLIST),
  ];
}

/**
 * How ffmpeg reads an uploaded file: as MP4 and nothing else (the probe accepted it as one), from
 * the local file alone (no other protocol, so no playlist or reference inside it can make ffmpeg
 * open a URL or another file), and with no frame larger than the limits allow.
 */
export function sourceArgs(input: string, limits: Pick<FfmpegLimits, 'maxPixels'>): string[] {
  return [
    '-f', 'mp4',
    '-protocol_whitelist', 'file',
    ...(limits.maxPixels === undefined ? [] : ['-max_pixels', String(limits.maxPixels)]),
    '-i', `file:${input}`,
  ];
}

async function listFiles(folder: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(path.join(folder, entry.name), relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files.sort();
}

/**
 * Transcodes a local video into HLS renditions and a poster in `outputDir`. Progress comes
 * from ffmpeg's `-progress` output (the encoded time against the source's length).
 */
export async function transcodeToHls({ ffmpegPath, input, outputDir, width, height, durationSeconds, limits, signal, onProgress }: TranscodeInput): Promise<TranscodeResult> {
  const renditions = planRenditions(width, height);
  for (const rendition of renditions) await mkdir(path.join(outputDir, rendition.name), { recursive: true });
  // One more branch of the same decode makes the thumbnails' sprite: a frame every few seconds, small, tiled.
  const thumbnails = planThumbnails(width, height, durationSeconds);
  // And one more samples a frame at each tile's time, tiny and raw, to choose the poster from.
  const sample = coverSampleSize(width, height);
  const sampleFilter = coverSampleFilter(sample);
  const split = `[0:v]split=${renditions.length + 2}${renditions.map((_, index) => `[s${index}]`).join('')}[st][sc]`;
  const scales = renditions.map((rendition, index) => `[s${index}]scale=${rendition.width}:${rendition.height},setsar=1[v${index}]`);
  const sprite = `[st]fps=1/${thumbnails.everySeconds},scale=${thumbnails.width}:${thumbnails.height},setsar=1,tile=${thumbnails.columns}x${thumbnails.rows}[thumbs]`;
  const coverSamples = `[sc]fps=1/${thumbnails.everySeconds},${sampleFilter}[samples]`;
  const filter = [split, ...scales, sprite, coverSamples].join(';');
  const spriteArgs = ['-map', '[thumbs]', '-frames:v', '1', '-update', '1', '-q:v', '5', path.join(outputDir, THUMBNAILS_SPRITE)];
  const samplesArgs = ['-map', '[samples]', '-f', 'rawvideo', path.join(outputDir, COVER_SAMPLES_FILE)];

  const durationUs = Math.max(1, durationSeconds) * 1_000_000;
  let lastPercent = -1;
  const report = (percent: number) => {
    const clamped = Math.max(0, Math.min(100, Math.floor(percent)));
    if (clamped === lastPercent) return;
    lastPercent = clamped;
    onProgress?.(clamped);
  };
  report(0);
  const log = await runFfmpeg({
    ffmpegPath,
    ...limits,
    signal,
    args: ['-filter_complex_threads', String(limits.threads), ...sourceArgs(input, limits), '-filter_complex', filter, ...renditions.flatMap((rendition, index) => renditionArgs(rendition, index, outputDir, limits.threads)), ...spriteArgs, ...samplesArgs, '-progress', 'pipe:1', '-nostats'],
    onProgressLine: (key, value) => {
      // The encode is 95 %; the poster takes the rest.
      if (key === 'out_time_us' || key === 'out_time_ms') {
        const us = Number(value);
        if (Number.isFinite(us) && us > 0) report(Math.min(95, (us / durationUs) * 95));
      }
    },
  });
  const hasAudio = /Stream #0:\d+(?:\[\w+\])?(?:\(\w+\))?: Audio:/.test(log.start);

  // The poster: the sampled frame with the most to see that is neither a test pattern nor
  // blank, else a frame a little way in (the first is often black); at the largest rendition's size.
  const samplesPath = path.join(outputDir, COVER_SAMPLES_FILE);
  // No samples (none written) only means no choice: the poster is taken as before.
  const readSamples = (file: string) => readFile(file).catch(() => Buffer.alloc(0));
  const samples = splitFrames(await readSamples(samplesPath), sample.width, sample.height);
  await rm(samplesPath, { force: true });
  const best = bestCoverFrame(samples.map((frame) => judgeFrame(frame, sample.width, sample.height)));
  const top = renditions[renditions.length - 1]!;
  const at = best === null ? Math.min(2, Math.max(0, durationSeconds / 3)) : Math.min(best * thumbnails.everySeconds, Math.max(0, durationSeconds - 0.1));
  // The same decode gives the poster and its own sample: the frame the seek lands on is judged, not the one sampled before.
  const posterSamplePath = path.join(outputDir, POSTER_SAMPLE_FILE);
  await runFfmpeg({
    ffmpegPath,
    ...limits,
    timeoutMs: Math.min(limits.timeoutMs, 60_000),
    signal,
    args: [
      '-ss', at.toFixed(2), ...sourceArgs(input, limits),
      '-filter_complex', `[0:v]split=2[p][s];[p]scale=${top.width}:${top.height},setsar=1[poster];[s]${sampleFilter}[sample]`,
      '-map', '[poster]', '-frames:v', '1', '-q:v', '4', path.join(outputDir, POSTER_FILE),
      '-map', '[sample]', '-frames:v', '1', '-f', 'rawvideo', posterSamplePath,
    ],
  });
  const [posterSample] = splitFrames(await readSamples(posterSamplePath), sample.width, sample.height);
  await rm(posterSamplePath, { force: true });
  const posterIsPicture = posterSample !== undefined && judgeFrame(posterSample, sample.width, sample.height).kind === 'picture';
  await writeFile(path.join(outputDir, THUMBNAILS_INDEX), thumbnailsIndex(thumbnails, durationSeconds));
  await writeFile(path.join(outputDir, MASTER_PLAYLIST), masterPlaylist(renditions, hasAudio));
  report(100);
  return { renditions, hasAudio, files: await listFiles(outputDir), posterIsPicture };
}
