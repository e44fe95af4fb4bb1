import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useS3Server } from '../../../../test/helpers/s3';
import { loadConfig } from '../../config';
import { createVideoStorage, openVideoStorage, readBytes, type VideoStorage } from './storage';

/**
 * What every video storage promises, checked on the local disk and on an S3-speaking server
 * (s3rver, started here on a free port with its bucket in a temporary folder).
 */
const s3 = useS3Server();

const backends: [string, (dataDir: string) => Promise<VideoStorage>][] = [
  ['the local disk', async (dataDir) => createVideoStorage(dataDir)],
  ['an S3 bucket', (dataDir) => openVideoStorage(loadConfig({ DATA_DIR: dataDir, ...s3.env }))],
];

describe.each(backends)('video storage on %s', (_name, open) => {
  let storage: VideoStorage;
  let work: string;
  let sequence = 0;
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'storage-contract-'));
    storage = await open(path.join(work, 'data'));
  });
  afterAll(() => {
    storage?.close?.();
    rmSync(work, { recursive: true, force: true });
  });

  /** A local file with random bytes. */
  const localFile = (bytes = randomBytes(100_000)) => {
    sequence += 1;
    const file = path.join(work, `file-${sequence}.bin`);
    writeFileSync(file, bytes);
    return { file, bytes };
  };
  const key = (name: string) => `contract/${sequence}-${name}`;
  const readAll = async (storageKey: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of storage.read(storageKey)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  it('stores a copy of a file (putFile keeps it), with its size and time, and reads it whole or in ranges', async () => {
    const { file, bytes } = localFile();
    const target = key('copy.mp4');
    expect(await storage.stat(target)).toBeNull();
    const before = Date.now() - 2000;
    await storage.putFile(file, target);
    expect(existsSync(file)).toBe(true);
    const stored = await storage.stat(target);
    expect(stored?.size).toBe(bytes.length);
    expect(stored!.modifiedAt.getTime()).toBeGreaterThan(before);
    expect(await readAll(target)).toEqual(bytes);
    expect(await readBytes(storage, target, { start: 10, end: 19 })).toEqual(bytes.subarray(10, 20));
    expect(await readBytes(storage, target, { start: bytes.length - 1, end: bytes.length - 1 })).toEqual(bytes.subarray(-1));
  });

  it('takes a file over (importFile removes it) and replaces what the key held, whole', async () => {
    const target = key('taken.mp4');
    await storage.putFile(localFile(Buffer.from('old contents')).file, target);
    const { file, bytes } = localFile();
    await storage.importFile(file, target);
    expect(existsSync(file)).toBe(false);
    expect(await readAll(target)).toEqual(bytes);
  });

  it('stores a file larger than one upload part (a long video, a big rendition) whole', async () => {
    const { file, bytes } = localFile(randomBytes(65 * 1024 * 1024 + 123));
    const target = key('large.mp4');
    await storage.putFile(file, target);
    expect((await storage.stat(target))?.size).toBe(bytes.length);
    const tail = await readBytes(storage, target, { start: bytes.length - 1000, end: bytes.length - 1 });
    expect(tail).toEqual(bytes.subarray(-1000));
    rmSync(file);
    await storage.remove(target);
  }, 60_000);

  it('removes an object, and takes an absent one for removed', async () => {
    const target = key('gone.mp4');
    await storage.putFile(localFile().file, target);
    await storage.remove(target);
    expect(await storage.stat(target)).toBeNull();
    await expect(storage.remove(target)).resolves.toBeUndefined();
    await expect(storage.remove(key('never-there.mp4'))).resolves.toBeUndefined();
  });

  it('removes every file under a prefix (all of a transcoded video), and nothing beside it', async () => {
    const { file } = localFile(Buffer.from('segment'));
    const video = key('hls');
    for (const name of ['index.m3u8', '720p/segment-1.m4s', '720p/segment-2.m4s']) await storage.putFile(file, `${video}/${name}`);
    await storage.putFile(file, `${video}-other/index.m3u8`);
    expect(await storage.removePrefix(video)).toBe(3);
    expect(await storage.stat(`${video}/720p/segment-1.m4s`)).toBeNull();
    expect(await storage.stat(`${video}-other/index.m3u8`)).not.toBeNull();
    expect(await storage.removePrefix(key('nothing-here'))).toBe(0);
  });

  it('fails reading a key that holds nothing', async () => {
    await expect(readAll(key('missing.mp4'))).rejects.toThrow();
  });

  it('refuses keys that could leave its folder or bucket prefix', async () => {
    for (const bad of ['../escape.mp4', '/absolute.mp4', 'a//b.mp4', 'a/./b.mp4', 'a/../b.mp4', '']) {
      await expect(storage.stat(bad), bad).rejects.toThrow(/invalid storage key/);
      await expect(storage.putFile(localFile().file, bad), bad).rejects.toThrow();
    }
  });

  it('hands browsers presigned URLs where it can serve them itself (a bucket), with ranges, and only until they expire', async () => {
    if (!storage.presignedUrl) {
      // The local disk streams through the app (or nginx): it has its own fast path instead.
      expect(storage.writeTo).toBeTypeOf('function');
      expect(storage.mediaOrigin).toBeUndefined();
      return;
    }
    const { file, bytes } = localFile();
    const target = key('presigned.mp4');
    await storage.putFile(file, target);
    const url = await storage.presignedUrl(target, 60, { contentType: 'video/mp4', cacheControl: 'private, max-age=60' });
    expect(new URL(url).origin).toBe(storage.mediaOrigin);
    expect(storage.mediaOrigin).toBe(s3.endpoint);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('60');

    const slice = await fetch(url, { headers: { range: 'bytes=100-199' } });
    expect(slice.status).toBe(206);
    expect(slice.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(slice.headers.get('content-type')).toBe('video/mp4');
    expect(slice.headers.get('cache-control')).toBe('private, max-age=60');
    expect(Buffer.from(await slice.arrayBuffer())).toEqual(bytes.subarray(100, 200));

    const shortLived = await storage.presignedUrl(target, 1);
    expect((await fetch(shortLived, { headers: { range: 'bytes=0-0' } })).status).toBe(206);
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect((await fetch(shortLived, { headers: { range: 'bytes=0-0' } })).status).toBe(403);
  });
});
