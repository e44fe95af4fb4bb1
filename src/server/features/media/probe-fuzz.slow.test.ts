import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser } from '../../../../test/helpers/auth';
import { allBoxes, makeBox, nestedBoxes } from '../../../../test/helpers/mp4';
import { uploadFile, videoFixture } from '../../../../test/helpers/videos';
import { errorStatus } from '../../../shared/errors';
import { uploadsInProgress } from '../../db/schema';
import { AppError } from '../../errors';
import { probeVideo } from './probe';
import { createVideoProber } from './video-prober';

/**
 * Mutates the real MP4 fixtures (box sizes, table counts, nesting, truncation, stray bytes)
 * and checks that the probe never crashes, never answers a 5xx, and answers within its time
 * limit. Seeded, so a failure replays: fast-check prints the seed and the shrunk mutations.
 * FUZZ_RUNS multiplies the runs for a deeper local search; FUZZ_SEED picks another seed.
 */
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_124);
const PROBE_TIMEOUT_MS = 10_000;

const fixtures = (['landscape-5s', 'portrait-4s', 'landscape-62s-moov-at-end', 'rotated-phone-5s', 'audio-only'] as const).map((name) =>
  readFileSync(videoFixture(name)),
);

const u32 = fc.oneof(
  fc.constantFrom(0, 1, 7, 8, 9, 16, 0x7fffffff, 0x80000000, 0xffffffff),
  fc.integer({ min: 0, max: 0xffffffff }),
);

type Mutation =
  | { kind: 'size'; box: number; value: number | 'grow' | 'shrink' }
  | { kind: 'field'; box: number; offset: number; value: number }
  | { kind: 'nest'; box: number; type: string; depth: number }
  | { kind: 'flood'; box: number; count: number }
  | { kind: 'bytes'; box: number; offset: number; bytes: Uint8Array }
  | { kind: 'truncate'; at: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('size' as const), box: fc.nat(), value: fc.oneof(u32, fc.constantFrom('grow' as const, 'shrink' as const)) }),
  // Counts sit 4 (stts, stco, stss, ctts, stsc, stsd) or 8 (stsz) bytes into a full box's payload.
  fc.record({ kind: fc.constant('field' as const), box: fc.nat(), offset: fc.constantFrom(0, 4, 8, 12), value: u32 }),
  fc.record({ kind: fc.constant('nest' as const), box: fc.nat(), type: fc.constantFrom('moov', 'trak', 'mdia', 'minf', 'stbl', 'udta', 'edts'), depth: fc.integer({ min: 1, max: 5000 }) }),
  fc.record({ kind: fc.constant('flood' as const), box: fc.nat(), count: fc.integer({ min: 1, max: 20_000 }) }),
  fc.record({ kind: fc.constant('bytes' as const), box: fc.nat(), offset: fc.nat({ max: 64 }), bytes: fc.uint8Array({ minLength: 1, maxLength: 16 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
);

/** Applies the mutations one after the other, each to a box of the tree as it then is. */
function mutate(original: Buffer, mutations: Mutation[]): Buffer {
  let bytes = Buffer.from(original);
  for (const change of mutations) {
    const boxes = allBoxes(bytes);
    if (boxes.length === 0) break;
    if (change.kind === 'truncate') {
      bytes = bytes.subarray(0, Math.floor(bytes.length * change.at));
      continue;
    }
    const box = boxes[change.box % boxes.length]!;
    if (change.kind === 'size') {
      const value = change.value === 'grow' ? box.size + 1 : change.value === 'shrink' ? box.size - 1 : change.value;
      bytes.writeUInt32BE(value >>> 0, box.start);
    } else if (change.kind === 'field') {
      if (box.payload + change.offset + 4 <= box.start + box.size) bytes.writeUInt32BE(change.value, box.payload + change.offset);
    } else if (change.kind === 'bytes') {
      const at = Math.min(box.payload + change.offset, bytes.length);
      Buffer.from(change.bytes).copy(bytes, at);
    } else {
      // Grow a box by children inserted at its start: deep nesting, or a flood of empty boxes.
      const inserted = change.kind === 'nest' ? nestedBoxes(change.type, change.depth) : Buffer.concat(Array.from({ length: change.count }, () => makeBox('free')));
      const grown = Buffer.concat([bytes.subarray(0, box.payload), inserted, bytes.subarray(box.payload)]);
      for (const enclosing of boxes) {
        if (enclosing.start <= box.start && enclosing.start + enclosing.size >= box.start + box.size) {
          grown.writeUInt32BE((enclosing.size + inserted.length) >>> 0, enclosing.start);
        }
      }
      bytes = grown;
    }
  }
  return bytes;
}

const hostileFile = fc.record({ fixture: fc.nat({ max: fixtures.length - 1 }), mutations: fc.array(mutation, { minLength: 1, maxLength: 4 }) });

const scratch = mkdtempSync(path.join(tmpdir(), 'probe-fuzz-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let fileCount = 0;
const writeScratch = (bytes: Buffer) => {
  const file = path.join(scratch, `${(fileCount += 1)}.mp4`);
  writeFileSync(file, bytes);
  return file;
};

/** A refusal in the API's vocabulary, below 500; anything else is a bug. */
const expectRefusal = (error: unknown) => {
  expect(error).toBeInstanceOf(AppError);
  expect(errorStatus[(error as AppError).code]).toBeLessThan(500);
};

const expectVideoInfo = (info: { width: number; height: number; durationSeconds: number }) => {
  for (const value of Object.values(info)) expect(Number.isInteger(value) && value > 0).toBe(true);
};

describe('fuzzing the video probe with mutated MP4s', () => {
  it('the parser itself: every mutated file is read or refused with VIDEO_NOT_MP4 or VIDEO_INCONSISTENT, quickly, never an unexpected error', async () => {
    // mp4box describes each malformed box on console.error (the worker silences it the same way).
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await fc.assert(
      fc.asyncProperty(hostileFile, async ({ fixture, mutations }) => {
        const file = writeScratch(mutate(fixtures[fixture]!, mutations));
        const started = performance.now();
        try {
          expectVideoInfo(await probeVideo(file));
        } catch (error) {
          expect((error as AppError).code).toMatch(/^VIDEO_(NOT_MP4|INCONSISTENT)$/);
        } finally {
          rmSync(file, { force: true });
        }
        expect(performance.now() - started).toBeLessThan(2000);
      }),
      { seed: SEED, numRuns: 1500 * SCALE },
    );
  });

  it('in its worker, as uploads use it: read or refused with a 4xx within the time limit', async () => {
    const log = { warn: vi.fn(), error: vi.fn() };
    const probe = createVideoProber({ timeoutMs: PROBE_TIMEOUT_MS, maxMemoryMb: 128, log });
    await fc.assert(
      fc.asyncProperty(hostileFile, async ({ fixture, mutations }) => {
        const file = writeScratch(mutate(fixtures[fixture]!, mutations));
        const started = performance.now();
        try {
          expectVideoInfo(await probe(file));
        } catch (error) {
          expectRefusal(error);
        } finally {
          rmSync(file, { force: true });
        }
        // The time limit and the worker's start and stop, with room for a loaded machine.
        expect(performance.now() - started).toBeLessThan(PROBE_TIMEOUT_MS + 5000);
      }),
      { seed: SEED + 1, numRuns: 80 * SCALE },
    );
    // No worker crashed, ran out of memory or out of time on these files.
    expect(log.error).not.toHaveBeenCalled();
    expect(log.warn).not.toHaveBeenCalled();
  });

  describe('through the upload route', () => {
    const ctx = useTestApp();

    it('never answers a 5xx, and a refused upload leaves nothing behind', async () => {
      const user = await signedInUser(ctx.app);
      const incomingDir = path.join(ctx.dataDir, 'uploads-incoming');
      await fc.assert(
        fc.asyncProperty(hostileFile, async ({ fixture, mutations }) => {
          const bytes = mutate(fixtures[fixture]!, mutations);
          if (bytes.length === 0) return;
          const { id, response } = await uploadFile(ctx.app, user, bytes);
          expect([200, 415, 422]).toContain(response.statusCode);
          if (response.statusCode !== 200) {
            expect(response.json().error.code).toMatch(/^VIDEO_(NOT_MP4|UNREADABLE|INCONSISTENT|TOO_LARGE_PICTURE|ASPECT_RATIO_UNSUPPORTED|TOO_LONG)$/);
            expect(existsSync(incomingDir) ? readdirSync(incomingDir) : []).toEqual([]);
            expect(await ctx.db.select().from(uploadsInProgress)).toEqual([]);
          } else {
            // Accepted: remove it, so the unused-videos limit never refuses the next one.
            await ctx.app.inject({ method: 'DELETE', url: `/api/videos/uploads/${id}`, headers: user.headers });
          }
        }),
        { seed: SEED + 2, numRuns: 30 * SCALE },
      );
    });
  });
});
