import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thumbnailCues, videoFixture } from '../../../../test/helpers/videos';
import { FfmpegError, findFfmpeg, findLimitsWrapper, masterPlaylist, planRenditions, planThumbnails, thumbnailsIndex, transcodeToHls } from './transcode';

const limits = { threads: 2, nice: 5, timeoutMs: 60_000 };


describe('the rendition ladder', () => {
  it('gives 360p and 720p, never larger than the source, keeping the shape, in even sizes', () => {
    expect(planRenditions(1920, 1080).map(({ name, width, height }) => ({ name, width, height }))).toEqual([
      { name: '360p', width: 640, height: 360 },
      { name: '720p', width: 1280, height: 720 },
    ]);
    expect(planRenditions(1280, 720).map((rendition) => rendition.name)).toEqual(['360p', '720p']);
    // A demo video, 640×360: no upscaling to 720p.
    expect(planRenditions(640, 360).map(({ name, width, height }) => ({ name, width, height }))).toEqual([{ name: '360p', width: 640, height: 360 }]);
    // Portrait: the short side is the width.
    expect(planRenditions(1080, 1920).map(({ name, width, height }) => ({ name, width, height }))).toEqual([
      { name: '360p', width: 360, height: 640 },
      { name: '720p', width: 720, height: 1280 },
    ]);
    // Smaller than 360p: one rendition at its own size.
    expect(planRenditions(320, 180).map(({ name, width, height }) => ({ name, width, height }))).toEqual([{ name: '180p', width: 320, height: 180 }]);
    expect(planRenditions(853, 481)[0]).toMatchObject({ width: 638, height: 360 });
  });

  it('announces each rendition in the master playlist, smallest first', () => {
    const playlist = masterPlaylist(planRenditions(1920, 1080), true);
    expect(playlist).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=896000,RESOLUTION=640x360,CODECS="avc1.4d401f,mp4a.40.2"',
        '360p/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=2896000,RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2"',
        '720p/index.m3u8',
        '',
      ].join('\n'),
    );
    expect(masterPlaylist(planRenditions(640, 360), false)).toContain('BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.4d401f"');
  });
});

describe('the preview thumbnails', () => {
  it('takes a tile every whole number of seconds, at most 100, 160 px wide, ten to a row', () => {
    expect(planThumbnails(1280, 720, 5)).toEqual({ everySeconds: 1, count: 5, columns: 5, rows: 1, width: 160, height: 90 });
    expect(planThumbnails(1920, 1080, 100)).toMatchObject({ everySeconds: 1, count: 100, columns: 10, rows: 10 });
    // An hour: a tile every 36 s.
    expect(planThumbnails(1920, 1080, 3600)).toMatchObject({ everySeconds: 36, count: 100, columns: 10, rows: 10 });
    expect(planThumbnails(1920, 1080, 3601)).toMatchObject({ everySeconds: 37, count: 98 });
    expect(planThumbnails(180, 320, 4)).toMatchObject({ width: 160, height: 284 });
  });

  it('indexes the tiles in WebVTT, covering the whole video, each naming its part of the sprite', () => {
    const plan = planThumbnails(1920, 1080, 25.5);
    const cues = thumbnailCues(thumbnailsIndex(plan, 25.5));
    expect(cues).toHaveLength(26);
    expect(cues[0]).toEqual({ start: 0, end: 1, image: 'thumbnails.jpg', x: 0, y: 0, w: 160, h: 90 });
    expect(cues[11]).toMatchObject({ start: 11, end: 12, x: 160, y: 90 });
    expect(cues.at(-1)).toMatchObject({ start: 25, end: 25.5, x: 5 * 160, y: 2 * 90 });
  });
});

describe('transcoding with ffmpeg', async () => {
  const ffmpeg = await findFfmpeg(process.env.FFMPEG_PATH);
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'transcode-test-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('finds an ffmpeg: the system one, or the one npm installed', () => {
    expect(ffmpeg).toBeTruthy();
  });
  it('reads the source as MP4 from the local file alone, under its memory and CPU-time caps', async () => {
    // A stand-in for ffmpeg that writes down its arguments and the kernel limits it runs under.
    const fake = path.join(work, 'fake-ffmpeg');
    await writeFile(fake, `#!/bin/sh\nprintf '%s\\n' "$@" > "$0.args"\ncat /proc/self/limits > "$0.limits"\nexit 1\n`);
    await chmod(fake, 0o755);
    const input = videoFixture('landscape-5s');
    const failure = transcodeToHls({ ffmpegPath: fake, input, outputDir: path.join(work, 'fake'), width: 320, height: 180, durationSeconds: 5, limits: { ...limits, maxMemoryMb: 512, cpuSeconds: 77, maxPixels: 3904 * 2224 } });
    await expect(failure).rejects.toBeInstanceOf(FfmpegError);
    const args = (await readFile(`${fake}.args`, 'utf8')).trim().split('\n');
    const at = args.indexOf('-i');
    expect(args.slice(at - 6, at + 2)).toEqual(['-f', 'mp4', '-protocol_whitelist', 'file', '-max_pixels', String(3904 * 2224), '-i', `file:${input}`]);
    // The one input, nothing else read.
    expect(args.filter((arg) => arg === '-i')).toHaveLength(1);
    if (await findLimitsWrapper()) {
      const kernelLimits = await readFile(`${fake}.limits`, 'utf8');
      expect(kernelLimits).toMatch(new RegExp(`Max address space\\s+${512 * 1024 * 1024}\\s+${512 * 1024 * 1024}\\s+bytes`));
      expect(kernelLimits).toMatch(/Max cpu time\s+77\s+82\s+seconds/);
    }
  });
});
