import { z } from 'zod';
import { maxDatabaseId } from '../limits';

/** A course's two videos, as the player names them (stored as positions 1 and 2). */
export const videoKinds = ['intro', 'main'] as const;
export type VideoKind = (typeof videoKinds)[number];

/** Longer than any course video may be; bounds what a player may claim. */
export const maxVideoSeconds = 24 * 60 * 60;
/** One save covers every video a player has open, with room for several tabs. */
export const maxProgressBatch = 20;
/** Share of a video's duration from which it counts as watched. */
export const watchedShare = 0.9;

export const progressPositionSchema = z.object({
  /** A JSON number: a string (`"3"`, `"0x3"`) is refused. */
  courseId: z.number().int().positive().max(maxDatabaseId),
  video: z.enum(videoKinds),
  /** Fractions are rounded to whole seconds; a position past the end counts as the end. */
  positionSeconds: z.number().min(0).max(maxVideoSeconds),
  durationSeconds: z.number().positive().max(maxVideoSeconds),
});
export type ProgressPosition = z.infer<typeof progressPositionSchema>;

export const saveProgressBody = z.object({ positions: z.array(progressPositionSchema).min(1).max(maxProgressBatch) });

export const saveProgressResponse = z.object({ saved: z.number().int() });

export const videoProgressSchema = z.object({
  video: z.enum(videoKinds),
  positionSeconds: z.number().int(),
  durationSeconds: z.number().int(),
  /** When the video first reached 90 %; stays set when the viewer seeks back. */
  watchedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type VideoProgress = z.infer<typeof videoProgressSchema>;

export const courseProgressResponse = z.object({ courseId: z.number().int(), videos: z.array(videoProgressSchema) }).meta({ id: 'CourseProgress' });
