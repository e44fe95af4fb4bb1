import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { findBox } from '../../../../test/helpers/mp4';
import { videoFixture } from '../../../../test/helpers/videos';
import { createVideoProber } from './video-prober';

const scratch = mkdtempSync(path.join(tmpdir(), 'prober-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const logger = () => ({ warn: vi.fn(), error: vi.fn() });

describe('probing uploads in a worker thread', () => {
  it('reads a real video', async () => {
    const probe = createVideoProber({ timeoutMs: 30_000, maxMemoryMb: 64, log: logger() });
    await expect(probe(videoFixture('portrait-4s'))).resolves.toEqual({ width: 180, height: 320, durationSeconds: 4 });
  });

  it('passes on the refusal the file earned (a sample table claiming 2^31 entries)', async () => {
    const bytes = Buffer.from(await readFile(videoFixture('landscape-5s')));
    const stsz = findBox(bytes, 'moov/trak/mdia/minf/stbl/stsz');
    bytes.writeUInt32BE(1, stsz.payload + 4);
    bytes.writeUInt32BE(0x7fffffff, stsz.payload + 8);
    const file = path.join(scratch, 'hostile.mp4');
    writeFileSync(file, bytes);
    const probe = createVideoProber({ timeoutMs: 30_000, maxMemoryMb: 64, log: logger() });
    await expect(probe(file)).rejects.toMatchObject({ code: 'VIDEO_NOT_MP4', statusCode: 415 });
  });

  it('stops a worker that takes longer than its time limit, and refuses the file with 422 VIDEO_UNREADABLE', async () => {
    const log = logger();
    // No worker starts, let alone reads a file, within a millisecond.
    const probe = createVideoProber({ timeoutMs: 1, maxMemoryMb: 64, log });
    await expect(probe(videoFixture('landscape-5s'))).rejects.toMatchObject({ code: 'VIDEO_UNREADABLE', statusCode: 422 });
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ timeoutMs: 1 }), 'video probe took too long: stopped');
  });

  it('refuses the file with 422 VIDEO_UNREADABLE when the worker runs out of memory, and the process lives on', async () => {
    const log = logger();
    const probe = createVideoProber({ timeoutMs: 30_000, maxMemoryMb: 1, log });
    await expect(probe(videoFixture('landscape-5s'))).rejects.toMatchObject({ code: 'VIDEO_UNREADABLE', statusCode: 422 });
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ maxMemoryMb: 1 }), 'video probe ran out of memory: stopped');
    // The next file, in a worker of its own, is read as usual.
    const roomy = createVideoProber({ timeoutMs: 30_000, maxMemoryMb: 64, log });
    await expect(roomy(videoFixture('landscape-5s'))).resolves.toMatchObject({ width: 320 });
  });

});
