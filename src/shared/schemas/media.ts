import { z } from 'zod';
import { captionTrack } from './captions';

/** A video I uploaded that no course uses yet; `url` is a short-lived link to watch it. */
export const uploadedVideo = z.object({
  id: z.uuid(),
  width: z.number().int(),
  height: z.number().int(),
  durationSeconds: z.number().int(),
  sizeBytes: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  url: z.string(),
});
export type UploadedVideo = z.infer<typeof uploadedVideo>;

export const uploadedVideoList = z.object({ items: z.array(uploadedVideo) });
export type UploadedVideoList = z.infer<typeof uploadedVideoList>;

/** The main video of a course, for a buyer, the owner or an admin. */
export const mainVideo = z.object({
  /** The MP4, always there (and the fallback while the HLS renditions are not ready, or fail to play). */
  url: z.string(),
  /** The HLS master playlist once the renditions are ready, under the same signed link; null until then. */
  hlsUrl: z.string().nullish(),
  /** A frame of the video, once transcoded; null until then. */
  posterUrl: z.string().nullish(),
  /** Its captions per language (WebVTT), under the same signed link. */
  captions: z.array(captionTrack).nullish(),
  /** The timeline's preview thumbnails: a WebVTT index of a sprite's tiles (`thumbnails.jpg#xywh=…`), once transcoded. */
  thumbnailsUrl: z.string().nullish(),
  width: z.number().int(),
  height: z.number().int(),
  durationSeconds: z.number().int(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type MainVideo = z.infer<typeof mainVideo>;

/** Portrait videos (taller than wide) play at 220×385, the others at 350×300 (spec section 9). */
export const isPortrait = (video: { width: number; height: number }) => video.height > video.width;

/**
 * Where a video's adaptive-streaming copy is: `queued` (waiting for a worker), `processing`
 * (with its percent), `ready`, or `failed` (with the reason; the MP4 plays on).
 */
export const videoProcessingStates = ['queued', 'processing', 'ready', 'failed'] as const;
export type VideoProcessingState = (typeof videoProcessingStates)[number];
/** Why processing failed: an unreadable file, one that passed a cap (the wall clock, memory, CPU time), a worker that kept dying, anything else. */
export const videoProcessingFailures = ['unreadable', 'timeout', 'memory', 'cpu', 'interrupted', 'error'] as const;

/** One video of a course (1 intro, 2 main) and its processing; `state` null for a video never queued (stored before transcoding existed). */
export const videoProcessing = z.object({
  courseId: z.number().int(),
  position: z.number().int(),
  state: z.enum(videoProcessingStates).nullable(),
  percent: z.number().int(),
  failure: z.enum(videoProcessingFailures).nullable(),
});
export type VideoProcessing = z.infer<typeof videoProcessing>;
export const videoProcessingList = z.object({ items: z.array(videoProcessing) });
export type VideoProcessingList = z.infer<typeof videoProcessingList>;
