import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videoTranscodes } from '../../db/schema';
import { enqueueJob } from '../../queue/queue';

/**
 * Asking for a video's adaptive-streaming copy (HLS renditions and a poster): the one place a
 * transcode is queued, by whoever attaches a video to a course (the teacher's new course, the
 * demo data). The work itself is the media feature's (`features/media/transcode-job.ts`).
 */

export const TRANSCODE_QUEUE = 'transcode-video';
export type TranscodePayload = { storageKey: string };

/** Tries of one transcode before it is marked failed (the MP4 keeps playing either way). */
export const TRANSCODE_MAX_ATTEMPTS = 3;

/**
 * Queues the transcode of each stored video that has none yet (or whose last one failed), in
 * the caller's transaction. One row and at most one waiting job per storage key, whoever asks:
 * a demo video shared by many courses is transcoded once. `maxWaitingPerOwner` bounds the
 * owner's videos waiting at once (JOB_LIMIT_REACHED past it); the server's own (no owner) are
 * not bounded.
 */
export async function requestTranscodes(db: Database, ownerId: string | null, storageKeys: string[], maxWaitingPerOwner?: number): Promise<number> {
  let queued = 0;
  for (const storageKey of new Set(storageKeys)) {
    const claimed = await db
      .insert(videoTranscodes)
      .values({ storageKey, state: 'queued' })
      .onConflictDoUpdate({
        target: videoTranscodes.storageKey,
        set: { state: 'queued', percent: 0, error: null, updatedAt: sql`now()` },
        where: eq(videoTranscodes.state, 'failed'),
      })
      .returning({ storageKey: videoTranscodes.storageKey });
    // Already queued, under way or ready: nothing to ask for.
    if (claimed.length === 0) continue;
    const payload: TranscodePayload = { storageKey };
    await enqueueJob(db, {
      queue: TRANSCODE_QUEUE,
      payload,
      ownerId,
      dedupeKey: storageKey,
      maxAttempts: TRANSCODE_MAX_ATTEMPTS,
      ...(maxWaitingPerOwner === undefined ? {} : { maxActivePerOwner: maxWaitingPerOwner }),
    });
    queued += 1;
  }
  return queued;
}
