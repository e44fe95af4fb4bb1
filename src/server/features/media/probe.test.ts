import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appendInside, findBox, makeBox, nestedBoxes, withDeclaredSize } from '../../../../test/helpers/mp4';
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

describe('probeVideo on crafted files', () => {
  const STBL = 'moov/trak/mdia/minf/stbl';
  const fixture = () => readFile(videoFixture('landscape-5s')).then((bytes) => Buffer.from(bytes));

  /** The fixture with the 32-bit field at `offset` bytes into the payload of the first box at `path` set to `value`. */
  const withField = async (path: string, offset: number, value: number) => {
    const bytes = await fixture();
    bytes.writeUInt32BE(value, findBox(bytes, path).payload + offset);
    return bytes;
  };

  it.each([
    // stsz: version/flags · sample_size · sample_count. One byte per sample needs no table: the count alone is the attack.
    ['a sample size table claiming 2^31 one-byte samples', async () => {
      const bytes = await withField(`${STBL}/stsz`, 4, 1);
      bytes.writeUInt32BE(0x7fffffff, findBox(bytes, `${STBL}/stsz`).payload + 8);
      return bytes;
    }],
    ['a sample size table claiming 2^31 sizes in a few bytes', () => withField(`${STBL}/stsz`, 8, 0x7fffffff)],
    ['a chunk offset table claiming 2^31 entries', () => withField(`${STBL}/stco`, 4, 0x7fffffff)],
    ['a time-to-sample table claiming 2^31 entries', () => withField(`${STBL}/stts`, 4, 0x7fffffff)],
    ['a sample-to-chunk table claiming 2^31 entries', () => withField(`${STBL}/stsc`, 4, 0x7fffffff)],
    ['a sync sample table claiming 2^31 entries', () => withField(`${STBL}/stss`, 4, 0x7fffffff)],
    ['a composition offset table claiming 2^31 entries', () => withField(`${STBL}/ctts`, 4, 0x7fffffff)],
    ['a sample description table claiming 2^31 entries', () => withField(`${STBL}/stsd`, 4, 0x7fffffff)],
    ['a track box larger than the movie box', async () => {
      const bytes = await fixture();
      const trak = findBox(bytes, 'moov/trak');
      bytes.writeUInt32BE(trak.size + 100_000, trak.start);
      return bytes;
    }],
    ['a box of size 0 inside the movie box', async () => {
      const bytes = await fixture();
      bytes.writeUInt32BE(0, findBox(bytes, 'moov/trak/tkhd').start);
      return bytes;
    }],
    ['a box smaller than its own header', async () => {
      const bytes = await fixture();
      bytes.writeUInt32BE(4, findBox(bytes, 'moov/trak/mdia/mdhd').start);
      return bytes;
    }],
    ['a 64-bit box size far beyond the file', async () => {
      const bytes = await fixture();
      const mdhd = findBox(bytes, 'moov/trak/mdia/mdhd');
      bytes.writeUInt32BE(1, mdhd.start);
      bytes.writeBigUInt64BE(0xffff_ffff_ffffn, mdhd.payload);
      return bytes;
    }],
    ['boxes nested 10 000 deep', async () => appendInside(await fixture(), 'moov', nestedBoxes('udta', 10_000))],
    ['20 000 boxes in the movie box', async () => appendInside(await fixture(), 'moov', Buffer.concat(Array.from({ length: 20_000 }, () => makeBox('free'))))],
    ['a track without its sample tables', async () => {
      const bytes = await fixture();
      for (const table of ['stts', 'stsc']) bytes.write('skip', findBox(bytes, `${STBL}/${table}`).start + 4, 'latin1');
      return bytes;
    }],
    ['a movie box cut short by the end of the file', async () => {
      const bytes = await readFile(videoFixture('landscape-62s-moov-at-end'));
      const moov = findBox(bytes, 'moov');
      return bytes.subarray(0, moov.start + Math.floor(moov.size / 2));
    }],
  ])('refuses %s as VIDEO_NOT_MP4, at once', async (name, craft) => {
    const file = write(`${name.replace(/\W+/g, '-')}.mp4`, await craft());
    const started = performance.now();
    await expect(probeVideo(file)).rejects.toMatchObject({ code: 'VIDEO_NOT_MP4', statusCode: 415 });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('reads a file whose extra boxes it does not need (user data with the QuickTime terminator, metadata, free space)', async () => {
    const userData = makeBox('udta', Buffer.concat([makeBox('©nam', Buffer.from('title')), Buffer.alloc(4)]));
    const bytes = appendInside(appendInside(await fixture(), 'moov', userData), 'moov/trak', makeBox('free', Buffer.alloc(64)));
    await expect(probeVideo(write('extras.mp4', bytes))).resolves.toEqual({ width: 320, height: 180, durationSeconds: 5 });
  });
});

describe('probeVideo on files that would starve the transcoder', () => {
  const STBL = 'moov/trak/mdia/minf/stbl';
  const limits = { maxWidth: 3840, maxHeight: 2160, maxAspectRatio: 4, maxDurationSeconds: 4 * 3600 };
  const fixture = () => readFile(videoFixture('landscape-5s')).then((bytes) => Buffer.from(bytes));
  const probeCrafted = async (name: string, bytes: Buffer) => probeVideo(write(`${name}.mp4`, bytes), limits);

  it('refuses an MP4 whose header declares 32768×720 with 422 VIDEO_TOO_LARGE_PICTURE', async () => {
    const bytes = withDeclaredSize(await fixture(), { track: [32768, 720], entry: [32768, 720] });
    await expect(probeCrafted('wide', bytes)).rejects.toMatchObject({ code: 'VIDEO_TOO_LARGE_PICTURE', statusCode: 422 });
  });

  it('measures a portrait picture turned, and refuses one larger than 4K either way', async () => {
    const portrait4k = withDeclaredSize(await fixture(), { track: [2160, 3840], entry: [2160, 3840] });
    // Within the caps, so only the disagreement with the H.264 stream (320×180) refuses it.
    await expect(probeCrafted('portrait-4k', portrait4k)).rejects.toMatchObject({ code: 'VIDEO_INCONSISTENT' });
    const portrait5k = withDeclaredSize(await fixture(), { track: [2880, 5120], entry: [2880, 5120] });
    await expect(probeCrafted('portrait-5k', portrait5k)).rejects.toMatchObject({ code: 'VIDEO_TOO_LARGE_PICTURE' });
  });

  it('refuses a picture narrower than 4:1 with 422 VIDEO_ASPECT_RATIO_UNSUPPORTED', async () => {
    const bytes = withDeclaredSize(await fixture(), { track: [3200, 180], entry: [3200, 180] });
    await expect(probeCrafted('strip', bytes)).rejects.toMatchObject({ code: 'VIDEO_ASPECT_RATIO_UNSUPPORTED', statusCode: 422 });
  });

  it('refuses a movie declaring more than the longest duration with 422 VIDEO_TOO_LONG', async () => {
    const bytes = await fixture();
    const mvhd = findBox(bytes, 'moov/mvhd');
    // mvhd version 0: version/flags · creation · modification · timescale · duration.
    const timescale = bytes.readUInt32BE(mvhd.payload + 12);
    bytes.writeUInt32BE(Math.min(0xffffffff, timescale * 5 * 3600), mvhd.payload + 16);
    await expect(probeCrafted('long', bytes)).rejects.toMatchObject({ code: 'VIDEO_TOO_LONG', statusCode: 422 });
  });

  it.each([
    ['a track header that declares another size than the sample entry', async () => withDeclaredSize(await fixture(), { track: [1280, 720] })],
    ['a sample entry that declares another size than the H.264 stream codes', async () => withDeclaredSize(await fixture(), { track: [1280, 720], entry: [1280, 720] })],
    ['a time-to-sample table timing 1000 times the samples there are', async () => {
      const bytes = await fixture();
      // stts: version/flags · entry_count · (sample_count · sample_delta)…
      const stts = findBox(bytes, `${STBL}/stts`);
      bytes.writeUInt32BE(bytes.readUInt32BE(stts.payload + 8) * 1000, stts.payload + 8);
      return bytes;
    }],
    ['a composition offset table offsetting more samples than there are', async () => {
      const bytes = await fixture();
      const ctts = findBox(bytes, `${STBL}/ctts`);
      bytes.writeUInt32BE(0x7fffffff, ctts.payload + 8);
      return bytes;
    }],
    ['40 000 one-byte frames in a 5-second video', async () => {
      const bytes = await fixture();
      const stsz = findBox(bytes, `${STBL}/stsz`);
      bytes.writeUInt32BE(1, stsz.payload + 4);
      bytes.writeUInt32BE(40_000, stsz.payload + 8);
      return bytes;
    }],
    ['sample sizes that add up to more than the file', async () => {
      const bytes = await fixture();
      bytes.writeUInt32BE(0x7fffffff, findBox(bytes, `${STBL}/stsz`).payload + 12);
      return bytes;
    }],
  ])('refuses %s with 422 VIDEO_INCONSISTENT, limits or none', async (name, craft) => {
    const bytes = await craft();
    await expect(probeCrafted(name.replace(/\W+/g, '-'), bytes)).rejects.toMatchObject({ code: 'VIDEO_INCONSISTENT', statusCode: 422 });
    await expect(probeVideo(write(`${name.replace(/\W+/g, '-')}-any.mp4`, bytes))).rejects.toMatchObject({ code: 'VIDEO_INCONSISTENT' });
  });

  it('reads every fixture within the default limits', async () => {
    for (const name of ['landscape-5s', 'portrait-4s', 'landscape-62s-moov-at-end', 'rotated-phone-5s'] as const) await expect(probeVideo(videoFixture(name), limits)).resolves.toMatchObject({});
  });
});
