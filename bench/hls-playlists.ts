/**
 * What serving HLS from a bucket costs the app per playlist: with S3_* settings the app reads
 * each rendition playlist from the bucket and writes every segment line as a presigned URL
 * (src/server/features/media/hls-playlists.ts), where it used to answer one 302. Measured here
 * on the very functions the route calls, against the S3-speaking test server (s3rver, on a free
 * loopback port), for videos of 10 minutes, 1 hour and 3 hours in 6 s segments:
 *
 * - sign: the CPU time to presign every segment line of one playlist (the app's share);
 * - read + sign: the wall time of reading the playlist from the bucket and rewriting it, which is
 *   what a player waits for once per rendition it plays (s3rver's own speed included);
 * - kept: a viewer's request that finds the rewrite another viewer's request made (the route keeps
 *   rewritten playlists, SignedPlaylistCache), which is what most requests pay;
 * - redirect: one presigned URL, what the 302 of before cost.
 *
 *   npx tsx bench/hls-playlists.ts [--rounds 50]
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readSmallFile, SignedPlaylistCache, withSegmentUrls } from '../src/server/features/media';
import { S3Storage } from '../src/server/storage/s3-storage';
import { startS3Server } from '../test/helpers/s3-server';
import { loadAverage, markdownTable, saveSection, type Table } from './lib/report';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '50' } } });
const rounds = Number(args.rounds);
const SEGMENT_SECONDS = 6;
const loadAtStart = loadAverage();

const server = await startS3Server();
const storage = await S3Storage.open({
  endpoint: server.endpoint,
  publicEndpoint: undefined,
  bucket: server.env.S3_BUCKET!,
  region: 'us-east-1',
  accessKeyId: server.env.S3_ACCESS_KEY_ID!,
  secretAccessKey: server.env.S3_SECRET_ACCESS_KEY!,
  forcePathStyle: true,
  presignedUrlTtlSeconds: 60,
});
const work = await mkdtemp(path.join(os.tmpdir(), 'bench-hls-playlists-'));

const playlistOf = (segments: number) =>
  ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`, '#EXT-X-PLAYLIST-TYPE:VOD', ...Array.from({ length: segments }, (_, index) => [`#EXTINF:${SEGMENT_SECONDS}.000000,`, `seg-${String(index).padStart(3, '0')}.ts`]).flat(), '#EXT-X-ENDLIST', ''].join('\n');

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

const table: Table = { title: 'one rendition playlist served from a bucket', columns: ['video', 'segments', 'playlist KB', 'sign: CPU ms (median)', 'read + sign: wall ms (median)', 'per segment µs', 'kept (SignedPlaylistCache hit): CPU ms (median)'], rows: [] };
const sign = (prefix: string) => (segment: string) => storage.presignedUrl(`${prefix}/${segment}`, 3600, { contentType: 'video/mp2t', cacheControl: 'private, max-age=3600' });

for (const minutes of [10, 60, 180]) {
  const segments = (minutes * 60) / SEGMENT_SECONDS;
  const prefix = `hls/bench-${minutes}`;
  const text = playlistOf(segments);
  const local = path.join(work, `${minutes}.m3u8`);
  await writeFile(local, text);
  await storage.putFile(local, `${prefix}/360p/index.m3u8`);
  const signCpu: number[] = [];
  const wall: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const cpu = process.cpuUsage();
    await withSegmentUrls(text, sign(`${prefix}/360p`));
    signCpu.push(cpuMs(cpu));
    const started = performance.now();
    await withSegmentUrls(await readSmallFile(storage, `${prefix}/360p/index.m3u8`), sign(`${prefix}/360p`));
    wall.push(performance.now() - started);
  }
  // What the route does: the first viewer's rewrite is kept, and the next viewers' requests find it.
  const cache = new SignedPlaylistCache();
  const served = () => cache.get(`private ${prefix}/360p/index.m3u8`, 3600, async (signSeconds) => withSegmentUrls(await readSmallFile(storage, `${prefix}/360p/index.m3u8`), (segment) => storage.presignedUrl(`${prefix}/360p/${segment}`, signSeconds)));
  await served();
  const hitCpu: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const cpu = process.cpuUsage();
    await served();
    hitCpu.push(cpuMs(cpu));
  }
  const signMs = median(signCpu);
  table.rows.push([`${minutes} min`, segments, (Buffer.byteLength(text) / 1024).toFixed(1), signMs.toFixed(2), median(wall).toFixed(2), ((signMs * 1000) / segments).toFixed(1), median(hitCpu).toFixed(3)]);
}

const redirect: number[] = [];
for (let round = 0; round < rounds * 20; round++) {
  const cpu = process.cpuUsage();
  await storage.presignedUrl('hls/bench-10/360p/seg-000.ts', 60, { contentType: 'video/mp2t' });
  redirect.push(cpuMs(cpu));
}

const facts = [
  `${os.cpus().length} cores; ${rounds} rounds per row; SigV4 signed ${storage.signsDirectly ? 'directly (the SDK’s signature checked at open)' : 'by the SDK'}`,
  `the 302 of before: one presigned URL, ${median(redirect).toFixed(3)} ms of CPU (median)`,
];
console.log(facts.join('\n'));
console.log(markdownTable(table));
saveSection({ name: 'hls-playlists', title: 'HLS playlists served from a bucket', facts, tables: [table], loadAtStart });

storage.close();
await server.close();
await rm(work, { recursive: true, force: true });
