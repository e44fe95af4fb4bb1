/**
 * A minimal WebVTT reader for the player: the transcript (caption cues) and the timeline's
 * preview thumbnails (cues whose payload is `sprite.jpg#xywh=x,y,w,h`). Cue settings, styles,
 * regions and notes are skipped; tags in cue text (<v Ana>, <i>) are dropped.
 */
export type VttCue = { start: number; end: number; text: string };

/** "01:02:03.450" or "02:03.450" → seconds; NaN when it is not a timestamp. */
export function parseVttTime(value: string): number {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})$/.exec(value.trim());
  if (!match) return Number.NaN;
  const [, hours = '0', minutes = '0', seconds = '0', fraction = '0'] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(fraction.padEnd(3, '0')) / 1000;
}

const decodeEntities = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');

/** The cues of a WebVTT file, in file order; blocks that are not cues are ignored. */
export function parseVtt(source: string): VttCue[] {
  const cues: VttCue[] = [];
  const blocks = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split('\n').filter((line) => line.length > 0);
    const timingIndex = lines.findIndex((line) => line.includes('-->'));
    // NOTE/STYLE/REGION blocks have no timing line (and a cue's timing is its first or second line).
    if (timingIndex < 0 || timingIndex > 1) continue;
    const [from = '', rest = ''] = lines[timingIndex]!.split('-->');
    const start = parseVttTime(from);
    const end = parseVttTime(rest.trim().split(/\s+/)[0] ?? '');
    if (!Number.isFinite(start) || !Number.isFinite(end)) continue;
    const text = decodeEntities(lines.slice(timingIndex + 1).join('\n').replace(/<[^>]*>/g, '')).trim();
    cues.push({ start, end, text });
  }
  return cues;
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
