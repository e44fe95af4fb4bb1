import { z } from 'zod';
import { languages, type Language } from '../languages';
import { captionLimits } from '../limits';

/** The languages a video's captions come in: the interface's. */
export const captionLanguages = languages;
export type CaptionLanguage = Language;

/** A caption track a player offers: WebVTT, served with the same protection as its video. */
export const captionTrack = z.object({ language: z.enum(captionLanguages), url: z.string() });
export type CaptionTrack = z.infer<typeof captionTrack>;

/** A caption file a teacher attached to a video (for the course editor). */
export const captionFile = z.object({
  language: z.enum(captionLanguages),
  /** The name of the file as uploaded (an SRT is stored converted to WebVTT). */
  fileName: z.string(),
  cueCount: z.number().int(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type CaptionFile = z.infer<typeof captionFile>;
export const captionFileList = z.object({ items: z.array(captionFile) });
export type CaptionFileList = z.infer<typeof captionFileList>;

/**
 * A caption file's text (WebVTT, or SRT converted on the server), read by the browser. The
 * schema only bounds the request; the size cap, the cues and their timings are checked by the
 * server, which answers a translated error naming the line.
 */
export const captionUpload = z.object({
  fileName: z.string().trim().min(1).max(200),
  text: z.string().max(captionLimits.maxBytes * 2),
});
export type CaptionUpload = z.infer<typeof captionUpload>;
