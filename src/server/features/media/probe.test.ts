import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { videoFixture } from '../../../../test/helpers/videos';
import { probeVideo } from './probe';

const scratch = mkdtempSync(path.join(tmpdir(), 'probe-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const write = (name: string, bytes: Buffer | string) => {
  const file = path.join(scratch, name);
  writeFileSync(file, bytes);
  return file;
};

describe('probeVideo', () => {
  it('reads width, height and duration of MP4 files, moov first or last', async () => {
    await expect(probeVideo(videoFixture('landscape-5s'))).resolves.toEqual({ width: 320, height: 180, durationSeconds: 5 });
    await expect(probeVideo(videoFixture('portrait-4s'))).resolves.toEqual({ width: 180, height: 320, durationSeconds: 4 });
    await expect(probeVideo(videoFixture('landscape-62s-moov-at-end'))).resolves.toEqual({ width: 160, height: 90, durationSeconds: 62 });
  });

  it('reports a quarter-turned phone video with its displayed shape', async () => {
    await expect(probeVideo(videoFixture('rotated-phone-5s'))).resolves.toEqual({ width: 180, height: 320, durationSeconds: 5 });
  });

  it.each([
    ['a text file named .mp4', () => write('notes.mp4', 'just some text, not a movie at all')],
    ['an empty file', () => write('empty.mp4', '')],
    ['a PNG named .mp4', () => write('image.mp4', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))],
    ['an audio-only MP4', () => videoFixture('audio-only')],
  ])('refuses %s as VIDEO_NOT_MP4', async (_name, file) => {
    await expect(probeVideo(file())).rejects.toMatchObject({ code: 'VIDEO_NOT_MP4', statusCode: 415 });
  });

  it('refuses a truncated MP4 whose moov never arrived', async () => {
    const bytes = await readFile(videoFixture('landscape-62s-moov-at-end'));
    await expect(probeVideo(write('cut.mp4', bytes.subarray(0, Math.floor(bytes.length / 2))))).rejects.toMatchObject({ code: 'VIDEO_NOT_MP4' });
  });

  it('refuses a file whose ftyp names no MP4 brand (QuickTime only)', async () => {
    const bytes = Buffer.from(await readFile(videoFixture('landscape-5s')));
    // ftyp: size(4) 'ftyp'(4) major(4) minor(4) compatible brands…: make every brand 'qt  '.
    const ftypSize = bytes.readUInt32BE(0);
    for (let offset = 8; offset < ftypSize; offset += 4) if (offset !== 12) bytes.write('qt  ', offset, 'latin1');
    await expect(probeVideo(write('movie.mov.mp4', bytes))).rejects.toMatchObject({ code: 'VIDEO_NOT_MP4' });
  });
});
