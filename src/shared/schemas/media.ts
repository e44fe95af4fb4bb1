import { z } from 'zod';

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
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  durationSeconds: z.number().int(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type MainVideo = z.infer<typeof mainVideo>;

/** Portrait videos (taller than wide) play at 220×385, the others at 350×300 (spec section 9). */
export const isPortrait = (video: { width: number; height: number }) => video.height > video.width;
