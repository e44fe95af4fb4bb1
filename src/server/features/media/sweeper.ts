import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/client';
import { deleteUnattachedUploadsBefore, removeUnreferencedFiles } from './service';
import type { VideoStorage } from './storage';

/** Uploads no course has claimed after this long are removed. */
export const UNATTACHED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export type SweepResult = { uploads: number; incompleteFiles: number };

type SweepOptions = {
  db: Database;
  storage: VideoStorage;
  /** The tus store's folder of unfinished uploads. */
  incomingDir: string;
  now?: Date;
  maxAgeMs?: number;
};

/**
 * Removes finished uploads that were never attached to a course, and unfinished uploads
 * (tus files and their `.json` descriptions) not touched for the same time.
 */
export async function sweepAbandonedUploads({ db, storage, incomingDir, now = new Date(), maxAgeMs = UNATTACHED_UPLOAD_MAX_AGE_MS }: SweepOptions): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - maxAgeMs);
  const keys = await deleteUnattachedUploadsBefore(db, cutoff);
  await removeUnreferencedFiles(db, storage, keys);

  let incompleteFiles = 0;
  let names: string[] = [];
  try {
    names = await readdir(incomingDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const present = new Set(names);
  for (const name of names) {
    // An upload is its data file `<id>` plus `<id>.json`; the data file's time is the last byte received.
    const isDescription = name.endsWith('.json');
    if (isDescription && present.has(name.slice(0, -'.json'.length))) continue;
    const file = path.join(incomingDir, name);
    try {
      const info = await stat(file);
      if (!info.isFile() || info.mtime >= cutoff) continue;
      await rm(file, { force: true });
      if (!isDescription) {
        await rm(`${file}.json`, { force: true });
        incompleteFiles += 1;
      }
    } catch {
      // Gone meanwhile (finished or removed by another sweep): nothing to do.
    }
  }
  return { uploads: keys.length, incompleteFiles };
}
