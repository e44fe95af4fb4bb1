import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { courseVideos, videoTranscodes } from '../../db/schema';

/** What removing stored files needs of the video storage (storage/video-storage.ts). */
export type StoredFileRemover = { remove(key: string): Promise<void> };

/**
 * Removes stored files that no row points at any more: the one way a video's files go,
 * whoever removed its row (an unclaimed upload deleted or swept, a course's video lesson
 * removed). Demo videos are shared by many courses under one key, so a key is only removed
 * once nothing refers to it. Call it after the transaction that removed the rows committed.
 */
export async function removeUnreferencedFiles(db: Database, storage: StoredFileRemover, storageKeys: string[]) {
  if (storageKeys.length === 0) return;
  const stillUsed = await db
    .selectDistinct({ storageKey: courseVideos.storageKey })
    .from(courseVideos)
    .where(inArray(courseVideos.storageKey, storageKeys));
  const used = new Set(stillUsed.map((row) => row.storageKey));
  const unused = [...new Set(storageKeys)].filter((key) => !used.has(key));
  if (unused.length === 0) return;
  // Their HLS copies go with them: the row lists every file written.
  const transcodes = await db.delete(videoTranscodes).where(inArray(videoTranscodes.storageKey, unused)).returning({ hlsPrefix: videoTranscodes.hlsPrefix, files: videoTranscodes.files });
  for (const { hlsPrefix, files } of transcodes) if (hlsPrefix) for (const file of files) await storage.remove(`${hlsPrefix}/${file}`);
  for (const key of unused) await storage.remove(key);
}
