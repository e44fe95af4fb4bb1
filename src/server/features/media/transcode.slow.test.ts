import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestVideo, testVideoSource, thumbnailCues, videoFixture } from '../../../../test/helpers/videos';
import { coverSampleFilter, coverSampleSize, judgeFrame, splitFrames } from './cover-frame';
import { FfmpegError, findFfmpeg, findLimitsWrapper, MASTER_PLAYLIST, masterPlaylist, transcodeToHls } from './transcode';

/** A JPEG's size, from its frame header (SOF0–SOF2). */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc2) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  throw new Error('no frame header');
}

const limits = { threads: 2, nice: 5, timeoutMs: 60_000 };
const run = promisify(execFile);

/** The judgement of a written poster, sampled as the transcode samples frames. */
async function judgePoster(file: string) {
  const { width, height } = jpegSize(await readFile(file));
  const sample = coverSampleSize(width, height);
  const ffmpegPath = (await findFfmpeg(process.env.FFMPEG_PATH))!;
  const { stdout } = await run(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', file, '-vf', coverSampleFilter(sample), '-f', 'rawvideo', 'pipe:1'], { encoding: 'buffer', maxBuffer: 1 << 20 });
  return judgeFrame(splitFrames(stdout, sample.width, sample.height)[0]!, sample.width, sample.height);
}

describe('transcoding with ffmpeg', async () => {
  const ffmpeg = await findFfmpeg(process.env.FFMPEG_PATH);
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'transcode-test-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });


  it.runIf(ffmpeg)('writes 360p and 720p renditions, their playlists, a master playlist and a poster, with progress up to 100 %', async () => {
    const source = await makeTestVideo(ffmpeg!, path.join(work, 'hd.mp4'), { width: 1280, height: 720, seconds: 2 });
    const outputDir = path.join(work, 'hd');
    const progress: number[] = [];
    const result = await transcodeToHls({ ffmpegPath: ffmpeg!, input: source, outputDir, width: 1280, height: 720, durationSeconds: 2, limits, onProgress: (percent) => progress.push(percent) });

    expect(result.hasAudio).toBe(true);
    // Colour bars: a poster for the player, but no cover.
    expect(result.posterIsPicture).toBe(false);
    expect(result.renditions.map((rendition) => rendition.name)).toEqual(['360p', '720p']);
    expect(result.files).toEqual(['360p/index.m3u8', '360p/seg-000.ts', '720p/index.m3u8', '720p/seg-000.ts', 'master.m3u8', 'poster.jpg', 'thumbnails.jpg', 'thumbnails.vtt']);
    expect(await readFile(path.join(outputDir, 'master.m3u8'), 'utf8')).toBe(masterPlaylist(result.renditions, true));
    const playlist = await readFile(path.join(outputDir, '720p/index.m3u8'), 'utf8');
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist).toContain('seg-000.ts');
    expect(playlist).toContain('#EXT-X-ENDLIST');
    // The poster is a JPEG.
    const poster = await readFile(path.join(outputDir, 'poster.jpg'));
    expect(poster.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // The thumbnails: a sprite of two 160×90 tiles (one a second), and cues covering the 2 s, each inside the sprite.
    const sprite = await readFile(path.join(outputDir, 'thumbnails.jpg'));
    expect(sprite.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(jpegSize(sprite)).toEqual({ width: 320, height: 90 });
    const cues = thumbnailCues(await readFile(path.join(outputDir, 'thumbnails.vtt'), 'utf8'));
    expect(cues.map(({ start, end, x, y }) => ({ start, end, x, y }))).toEqual([
      { start: 0, end: 1, x: 0, y: 0 },
      { start: 1, end: 2, x: 160, y: 0 },
    ]);
    expect(cues.every((cue) => cue.image === 'thumbnails.jpg' && cue.w === 160 && cue.h === 90)).toBe(true);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it.runIf(ffmpeg)('takes the poster from a picture, past the test pattern a video opens with; a video of test pattern alone gives a poster that is no cover', async () => {
    // 3 s of colour bars, then 3 s of a natural-looking picture.
    const mixed = path.join(work, 'bars-then-picture.mp4');
    await run(ffmpeg!, [
      '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
      '-f', 'lavfi', '-i', testVideoSource('pattern', { width: 320, height: 180, fps: 12, seconds: 3 }),
      '-f', 'lavfi', '-i', testVideoSource('natural', { width: 320, height: 180, fps: 12, seconds: 3 }),
      '-filter_complex', '[0:v][1:v]concat=n=2:v=1[v]', '-map', '[v]', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', mixed,
    ]);
    const fromMixed = await transcodeToHls({ ffmpegPath: ffmpeg!, input: mixed, outputDir: path.join(work, 'mixed'), width: 320, height: 180, durationSeconds: 6, limits });
    expect(fromMixed.posterIsPicture).toBe(true);
    expect((await judgePoster(path.join(work, 'mixed', 'poster.jpg'))).kind).toBe('picture');
    // The samples it chose from are not among the stored files.
    expect(fromMixed.files).toEqual(['180p/index.m3u8', '180p/seg-000.ts', 'master.m3u8', 'poster.jpg', 'thumbnails.jpg', 'thumbnails.vtt']);

    const bars = await makeTestVideo(ffmpeg!, path.join(work, 'bars.mp4'), { width: 320, height: 180, seconds: 4, audio: false, picture: 'pattern' });
    const fromBars = await transcodeToHls({ ffmpegPath: ffmpeg!, input: bars, outputDir: path.join(work, 'bars'), width: 320, height: 180, durationSeconds: 4, limits });
    expect(fromBars.posterIsPicture).toBe(false);
    // The player still has a poster.
    expect(fromBars.files).toContain('poster.jpg');
    expect((await judgePoster(path.join(work, 'bars', 'poster.jpg'))).kind).toBe('pattern');
  });

  it.runIf(ffmpeg)('gives a small portrait video without sound one rendition at its own size', async () => {
    const outputDir = path.join(work, 'portrait');
    const result = await transcodeToHls({ ffmpegPath: ffmpeg!, input: videoFixture('portrait-4s'), outputDir, width: 180, height: 320, durationSeconds: 4, limits });
    expect(result.hasAudio).toBe(false);
    expect(result.renditions).toMatchObject([{ name: '180p', width: 180, height: 320 }]);
    expect(await readFile(path.join(outputDir, 'master.m3u8'), 'utf8')).toContain('RESOLUTION=180x320,CODECS="avc1.4d401f"\n180p/index.m3u8');
    expect((await stat(path.join(outputDir, '180p/seg-000.ts'))).size).toBeGreaterThan(1000);
    // Portrait tiles: 160 wide, four of them a second apart, covering the 4 s.
    expect(jpegSize(await readFile(path.join(outputDir, 'thumbnails.jpg')))).toEqual({ width: 640, height: 284 });
    const cues = thumbnailCues(await readFile(path.join(outputDir, 'thumbnails.vtt'), 'utf8'));
    expect(cues.map((cue) => [cue.start, cue.end])).toEqual([[0, 1], [1, 2], [2, 3], [3, 4]]);
  });

  it.runIf(ffmpeg)('fails for good on a file that is not a video', async () => {
    const bogus = path.join(work, 'bogus.mp4');
    await writeFile(bogus, Buffer.alloc(4096, 7));
    const failure = transcodeToHls({ ffmpegPath: ffmpeg!, input: bogus, outputDir: path.join(work, 'bogus'), width: 640, height: 360, durationSeconds: 5, limits });
    await expect(failure).rejects.toBeInstanceOf(FfmpegError);
    await expect(failure).rejects.toMatchObject({ permanent: true });
  });

  /** 20 s of 720p at 24 frames a second: several seconds of work, made once. */
  let longSource: Promise<string> | undefined;
  const long = () => (longSource ??= makeTestVideo(ffmpeg!, path.join(work, 'long.mp4'), { width: 1280, height: 720, seconds: 20, audio: false, fps: 24 }));

  it.runIf(ffmpeg)('stops ffmpeg when aborted, and when it runs past its time', async () => {
    const source = await long();
    /** Stopped means stopped: no playlist in the folder is finished, and a moment later nothing in it has changed. */
    const expectStopped = async (outputDir: string) => {
      // Each file with its size: a running ffmpeg grows the segment it is writing.
      const written = async () => {
        const names = (await readdir(outputDir, { recursive: true }).catch(() => [] as string[])).sort();
        return Promise.all(names.map(async (name) => [name, (await stat(path.join(outputDir, name)).catch(() => null))?.size]));
      };
      const atRejection = await written();
      expect(atRejection.map(([name]) => name)).not.toContain(MASTER_PLAYLIST);
      // ffmpeg ends a rendition's playlist only once it has encoded the whole video.
      for (const [name] of atRejection) {
        if (String(name).endsWith('.m3u8')) expect(await readFile(path.join(outputDir, String(name)), 'utf8'), String(name)).not.toContain('#EXT-X-ENDLIST');
      }
      await delay(1500);
      expect(await written()).toEqual(atRejection);
    };
    const abort = new AbortController();
    const abortedDir = path.join(work, 'aborted');
    const aborted = transcodeToHls({ ffmpegPath: ffmpeg!, input: source, outputDir: abortedDir, width: 1280, height: 720, durationSeconds: 20, limits, signal: abort.signal, onProgress: (percent) => percent > 0 && abort.abort(new Error('the server is stopping')) });
    await expect(aborted).rejects.toThrow('the server is stopping');
    await expectStopped(abortedDir);
    const timedOutDir = path.join(work, 'timed-out');
    const timedOut = transcodeToHls({ ffmpegPath: ffmpeg!, input: source, outputDir: timedOutDir, width: 1280, height: 720, durationSeconds: 20, limits: { ...limits, timeoutMs: 300 } });
    await expect(timedOut).rejects.toMatchObject({ message: expect.stringContaining('took longer than'), cap: 'timeout' });
    await expectStopped(timedOutDir);
  });


  it.runIf(ffmpeg)('fails for good, naming the cap, when ffmpeg passes its CPU time or its memory', async () => {
    if (!(await findLimitsWrapper())) return;
    const source = await long();
    const cpu = transcodeToHls({ ffmpegPath: ffmpeg!, input: source, outputDir: path.join(work, 'cpu'), width: 1280, height: 720, durationSeconds: 20, limits: { ...limits, cpuSeconds: 1 } });
    await expect(cpu).rejects.toMatchObject({ cap: 'cpu', permanent: true, message: expect.stringContaining('CPU time') });
    const memory = transcodeToHls({ ffmpegPath: ffmpeg!, input: source, outputDir: path.join(work, 'memory'), width: 1280, height: 720, durationSeconds: 20, limits: { ...limits, maxMemoryMb: 64 } });
    await expect(memory).rejects.toMatchObject({ cap: 'memory', permanent: true, message: expect.stringContaining('memory') });
  });
});
