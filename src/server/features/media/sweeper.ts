import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { BackgroundJob } from '../../jobs';
import { removeUnreferencedFiles } from './video-files';
import { deleteUnattachedUploadsBefore, deleteUploadsIdleSince, knownUploadsInProgress } from './service';
import type { VideoStorage } from '../../storage/video-storage';
import type { UploadStore } from './upload-stores';

/** Uploads no course has claimed after this long are removed. */
export const UNATTACHED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export type SweepResult = { uploads: number; incompleteFiles: number };

type SweepOptions = {
  db: Database;
  storage: VideoStorage;
  /** The tus store's unfinished uploads (files in DATA_DIR/uploads-incoming, or objects in the bucket). */
  uploads: Pick<UploadStore, 'listIds' | 'discard'>;
  now?: Date;
  maxAgeMs?: number;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Removes finished uploads that were never attached to a course, and unfinished uploads
 * (tus files and their `.json` descriptions, or multipart uploads in the bucket with their
 * `.info` and `.part` objects) that received nothing for the same time, going
 * by the last write the server recorded (`uploads_in_progress`), never by a file's
 * modification time, which anyone with access to the disk, a clock or a storage without
 * mtimes could change. Files of no recorded upload belong to nobody and go too (a row is
 * written before an upload's files and removed after them).
 */
export async function sweepAbandonedUploads({ db, storage, uploads, now = new Date(), maxAgeMs = UNATTACHED_UPLOAD_MAX_AGE_MS }: SweepOptions): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - maxAgeMs);
  const keys = await deleteUnattachedUploadsBefore(db, cutoff);
  await removeUnreferencedFiles(db, storage, keys);

  const idle = await deleteUploadsIdleSince(db, cutoff);
  // Listed before the rows are read, so an upload created meanwhile is not taken for an
  // orphan: its row was committed before its files.
  const ids = await uploads.listIds();
  const known = await knownUploadsInProgress(
    db,
    ids.filter((id) => UUID.test(id)),
  );
  const removed = new Set(idle);
  for (const id of ids) if (!known.has(id)) removed.add(id);
  for (const id of removed) await uploads.discard(id);
  return { uploads: keys.length, incompleteFiles: removed.size };
}

/** Abandoned uploads go after a day: swept once at start, then every hour. */
export function abandonedUploadsJob(options: Omit<SweepOptions, 'now' | 'maxAgeMs'> & { log: FastifyBaseLogger }): BackgroundJob {
  return {
    name: 'sweeping abandoned uploads',
    intervalMs: SWEEP_INTERVAL_MS,
    runAtStart: true,
    run: async () => {
      const result = await sweepAbandonedUploads(options);
      if (result.uploads || result.incompleteFiles) options.log.info(result, 'swept abandoned uploads');
    },
  };
}
