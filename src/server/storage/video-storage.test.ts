import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useS3Server } from '../../../test/helpers/s3';
import { loadConfig } from '../config';
import { DeleteBucketCorsCommand, PutBucketCorsCommand } from '@aws-sdk/client-s3';
import { TEST_BUCKET } from '../../../test/helpers/s3';
import { corsAllowsPlayback, s3ClientConfig, type S3Storage } from './s3-storage';
import { createVideoStorage, openVideoStorage, readBytes, type VideoStorage } from './video-storage';

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
    expect((storage as S3Storage).signsDirectly).toBe(true);

    const slice = await fetch(url, { headers: { range: 'bytes=100-199' } });
    expect(slice.status).toBe(206);
    expect(slice.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(slice.headers.get('content-type')).toBe('video/mp4');
    expect(slice.headers.get('cache-control')).toBe('private, max-age=60');
    expect(Buffer.from(await slice.arrayBuffer())).toEqual(bytes.subarray(100, 200));

    const shortLived = await storage.presignedUrl(target, 1);
    expect((await fetch(shortLived, { headers: { range: 'bytes=0-0' } })).status).toBe(206);
    // The S3 server (in this process) reads the time from Date: 2.2 s later for it, without waiting them.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 2200);
      expect((await fetch(shortLived, { headers: { range: 'bytes=0-0' } })).status).toBe(403);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('presigned URLs signed without the SDK round trip', () => {
  const bucket = { S3_BUCKET: 'videos.example', S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret/with+odd=chars' };
  const variants: [string, Record<string, string>][] = [
    ['AWS, host style', { ...bucket, S3_BUCKET: 'videos-example' }],
    ['AWS, a bucket name with dots (path style)', bucket],
    ['a custom endpoint with a port (path style)', { ...bucket, S3_ENDPOINT: 'http://127.0.0.1:9000' }],
    ['a public endpoint for browsers', { ...bucket, S3_ENDPOINT: 'http://minio:9000', S3_PUBLIC_ENDPOINT: 'https://media.example.com' }],
    ['a custom endpoint, host style', { ...bucket, S3_BUCKET: 'videos-example', S3_ENDPOINT: 'https://s3.example.net', S3_FORCE_PATH_STYLE: 'false' }],
  ];

  it.each(variants)('match the SDK’s own signature: %s', async (_name, env) => {
    const storage = (await openVideoStorage(loadConfig(env))) as S3Storage;
    try {
      expect(storage.signsDirectly).toBe(true);
      const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
      const { GetObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
      const sdk = new S3Client(s3ClientConfig(storage.settings, storage.settings.publicEndpoint ?? storage.settings.endpoint));
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-03-04T05:06:07Z'));
      try {
        for (const [key, options] of [
          ['uploads/0b5ad7a4-1c1e-4a8e-9a47-3d2f1a9c0e11.mp4', { contentType: 'video/mp4', cacheControl: 'private, max-age=3542' }],
          ['hls/v1/720p/segment-00001.m4s', {}],
        ] as const) {
          const ours = new URL(await storage.presignedUrl(key, 60, options));
          const theirs = new URL(
            await getSignedUrl(sdk, new GetObjectCommand({ Bucket: storage.bucket, Key: key, ResponseContentType: 'contentType' in options ? options.contentType : undefined, ResponseCacheControl: 'cacheControl' in options ? options.cacheControl : undefined }), { expiresIn: 60 }),
          );
          expect(`${ours.origin}${ours.pathname}`).toBe(`${theirs.origin}${theirs.pathname}`);
          expect(Object.fromEntries([...ours.searchParams].sort())).toEqual(Object.fromEntries([...theirs.searchParams].sort()));
        }
      } finally {
        vi.useRealTimers();
        sdk.destroy();
      }
    } finally {
      storage.close?.();
    }
  });
});

describe("the bucket's CORS rule, checked at start", () => {
  const app = 'https://cursos.example.com';

  it('allows playback when a rule lets the origin GET with the Range header', () => {
    const rule = { AllowedOrigins: [app], AllowedMethods: ['GET', 'HEAD'], AllowedHeaders: ['Range'] };
    expect(corsAllowsPlayback([rule], app)).toBe(true);
    expect(corsAllowsPlayback([{ ...rule, AllowedOrigins: ['*'], AllowedHeaders: ['*'] }], app)).toBe(true);
    expect(corsAllowsPlayback([{ ...rule, AllowedOrigins: ['https://*.example.com'] }], app)).toBe(true);
    expect(corsAllowsPlayback([], app)).toBe(false);
    expect(corsAllowsPlayback([{ ...rule, AllowedOrigins: ['https://other.example.org'] }], app)).toBe(false);
    expect(corsAllowsPlayback([{ ...rule, AllowedMethods: ['PUT'] }], app)).toBe(false);
    expect(corsAllowsPlayback([{ ...rule, AllowedHeaders: [] }], app)).toBe(false);
  });

  it('reads the rule from the bucket, and names what is missing', async () => {
    const storage = (await openVideoStorage(loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'storage-cors-')), ...s3.env }))) as S3Storage;
    try {
      expect(await storage.browserAccessProblem(`${app}/`)).toMatch(new RegExp(`^bucket ${TEST_BUCKET} has no CORS rule allowing GET with the Range header from ${app}: `));
      await s3.client.send(
        new PutBucketCorsCommand({ Bucket: TEST_BUCKET, CORSConfiguration: { CORSRules: [{ AllowedOrigins: [app], AllowedMethods: ['GET', 'HEAD'], AllowedHeaders: ['Range'], MaxAgeSeconds: 3600 }] } }),
      );
      expect(await storage.browserAccessProblem(`${app}/`)).toBeNull();
      expect(await storage.browserAccessProblem('http://localhost:3000')).toContain('from http://localhost:3000');
    } finally {
      await s3.client.send(new DeleteBucketCorsCommand({ Bucket: TEST_BUCKET }));
      storage.close?.();
    }
  });
});
