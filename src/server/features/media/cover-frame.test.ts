import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVideoSource } from '../../../../test/helpers/videos';
import { bestCoverFrame, coverSampleFilter, coverSampleSize, judgeFrame, splitFrames, type FrameJudgement } from './cover-frame';
import { findFfmpeg } from './transcode';

const run = promisify(execFile);
const ffmpeg = await findFfmpeg(process.env.FFMPEG_PATH);
const size = { width: 320, height: 180 };
const sample = coverSampleSize(size.width, size.height);

/**
 * The judgement of a frame of a lavfi source, made as an upload would be (H.264 in MP4) and
 * sampled as the transcode samples it.
 */
async function judgeSource(work: string, name: string, source: string): Promise<FrameJudgement> {
  const file = path.join(work, `${name}.mp4`);
  await run(ffmpeg!, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', source, '-frames:v', '12', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file]);
  const { stdout } = await run(ffmpeg!, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-ss', '0.5', '-i', file, '-frames:v', '1', '-vf', coverSampleFilter(sample), '-f', 'rawvideo', 'pipe:1'], { encoding: 'buffer', maxBuffer: 1 << 20 });
  const [frame] = splitFrames(stdout, sample.width, sample.height);
  return judgeFrame(frame!, sample.width, sample.height);
}

const lavfi = (filter: string) => `${filter}=size=${size.width}x${size.height}:rate=12`;

describe.runIf(ffmpeg)('which frame may be a cover, on frames ffmpeg made', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'cover-frame-test-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it.each(['testsrc', 'testsrc2', 'smptebars', 'smptehdbars', 'pal75bars', 'rgbtestsrc', 'yuvtestsrc'])('%s is a test pattern', async (pattern) => {
    expect((await judgeSource(work, pattern, lavfi(pattern))).kind).toBe('pattern');
  });

  it.each(['intro-landscape', 'intro-portrait'])('the demo video %s, colour bars with captions, is a test pattern all along', async (name) => {
    const file = path.join(import.meta.dirname, '../../../../assets/demo-videos', `${name}.mp4`);
    const { stdout: probe } = await run(ffmpeg!, ['-hide_banner', '-nostdin', '-i', file], { encoding: 'utf8' }).catch((error: { stderr: string }) => ({ stdout: error.stderr }));
    const [width, height] = /Video: .*?, (\d+)x(\d+)/.exec(probe)!.slice(1).map(Number) as [number, number];
    const demoSample = coverSampleSize(width, height);
    const { stdout } = await run(ffmpeg!, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', file, '-vf', `fps=1,${coverSampleFilter(demoSample)}`, '-f', 'rawvideo', 'pipe:1'], { encoding: 'buffer', maxBuffer: 1 << 22 });
    const judgements = splitFrames(stdout, demoSample.width, demoSample.height).map((frame) => judgeFrame(frame, demoSample.width, demoSample.height));
    expect(judgements.length).toBeGreaterThanOrEqual(10);
    expect(judgements.map((judgement) => judgement.kind)).toEqual(judgements.map(() => 'pattern'));
    expect(bestCoverFrame(judgements)).toBeNull();
  });

  it.each([
    ['black', 'color=c=black'],
    ['white', 'color=c=white'],
    ['plain blue', 'color=c=0x2050a0'],
  ])('a %s frame is blank', async (name, filter) => {
    expect((await judgeSource(work, name.replaceAll(' ', '-'), `${filter}:size=${size.width}x${size.height}:rate=12`)).kind).toBe('blank');
  });

  it.each([
    ['a Mandelbrot zoom', lavfi('mandelbrot')],
    ['a Mandelbrot zoom with grain', testVideoSource('natural', { ...size, fps: 12, seconds: 1 })],
  ])('%s is a picture', async (_, source) => {
    const judgement = await judgeSource(work, `natural-${source.length}`, source);
    expect(judgement.kind).toBe('picture');
    expect(judgement.entropy).toBeGreaterThan(5);
  });
});

describe('choosing the cover among sampled frames', () => {
  const judged = (kind: FrameJudgement['kind'], entropy: number): FrameJudgement => ({ kind, entropy, flatShare: 0, vividShare: 0, vividHues: 0 });

  it('takes the picture with the most to see, never a test pattern or a blank frame however busy', () => {
    expect(bestCoverFrame([judged('blank', 0), judged('pattern', 7.9), judged('picture', 5.1), judged('picture', 6.3), judged('picture', 4)])).toBe(3);
  });

  it('takes none when no frame is a picture, so the course keeps its drawn cover', () => {
    expect(bestCoverFrame([judged('pattern', 4), judged('blank', 1)])).toBeNull();
    expect(bestCoverFrame([])).toBeNull();
  });

  it('samples a frame point by point, keeping its shape, 64 samples on the long side', () => {
    expect(coverSampleSize(1920, 1080)).toEqual({ width: 64, height: 36 });
    expect(coverSampleSize(360, 640)).toEqual({ width: 36, height: 64 });
    expect(coverSampleFilter({ width: 64, height: 36 })).toBe('scale=64:36:flags=neighbor,format=rgb24');
  });

  it('cuts raw frames apart and drops a partial one', () => {
    const frames = splitFrames(new Uint8Array(2 * 2 * 3 * 2 + 5), 2, 2);
    expect(frames.map((frame) => frame.length)).toEqual([12, 12]);
  });
});
