import { cuePlainText, parseCaptions } from '../../shared/captions';

/**
 * WebVTT for the player, through the caption reader the server checks uploads with: the
 * transcript (caption cues as plain text) and the timeline's preview thumbnails (cues whose
 * payload is `sprite.jpg#xywh=x,y,w,h`).
 */
export type VttCue = { start: number; end: number; text: string };

/** The cues of a WebVTT file, as plain text; nothing when it cannot be read (the server checked and normalised it). */
export function parseVtt(source: string): VttCue[] {
  const parsed = parseCaptions(source, { maxBytes: Number.POSITIVE_INFINITY, maxCues: Number.POSITIVE_INFINITY, maxCueChars: Number.POSITIVE_INFINITY });
  return parsed.ok ? parsed.cues.map(({ start, end, text }) => ({ start, end, text: cuePlainText(text).trim() })) : [];
}

/** The cue shown at `time`, or -1. */
export function cueIndexAt(cues: readonly VttCue[], time: number): number {
  return cues.findIndex((cue) => time >= cue.start && time < cue.end);
}

export type ThumbnailTile = { start: number; end: number; url: string; x: number; y: number; width: number; height: number };

/** The tiles of a thumbnails index: each cue's payload resolved against the index's own URL. */
export function parseThumbnails(source: string, indexUrl: string): ThumbnailTile[] {
  const base = new URL(indexUrl, typeof window === 'undefined' ? 'http://localhost/' : window.location.href);
  const tiles: ThumbnailTile[] = [];
  for (const cue of parseVtt(source)) {
    const [file = '', hash = ''] = cue.text.split('#');
    const match = /xywh=(\d+),(\d+),(\d+),(\d+)/.exec(hash);
    if (!file || !match) continue;
    const [, x, y, width, height] = match.map(Number) as [number, number, number, number, number];
    tiles.push({ start: cue.start, end: cue.end, url: new URL(file, base).href, x, y, width, height });
  }
  return tiles;
}
