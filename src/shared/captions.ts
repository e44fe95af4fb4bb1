import { captionLimits } from './limits';

/**
 * Caption files: WebVTT, or SRT converted to it. The server checks an uploaded file with
 * `parseCaptions` and stores `serializeWebVtt` of its cues; the web app's transcript reads the
 * stored WebVTT with the same parser. No dependencies, so it runs on both sides.
 */

/** One cue: when it shows (seconds, to the millisecond) and its text (WebVTT cue text: only harmless tags). */
export type Cue = { start: number; end: number; text: string; settings?: string };

export type CaptionFormat = 'webvtt' | 'srt';

/**
 * Why a file was refused; `line` (1-based, in the file as sent) for a problem in one cue:
 * - `too-large`: more bytes, or more cues, than the caps;
 * - `unreadable`: neither WebVTT nor SRT, or no cue at all;
 * - `cue-invalid`: a cue without a well-formed timing, ending before it starts, or too long;
 * - `cue-outside-video`: a cue ending past the video's end.
 */
export type CaptionProblem = { code: 'too-large' | 'unreadable' | 'cue-invalid' | 'cue-outside-video'; line?: number };

export type ParsedCaptions = { ok: true; format: CaptionFormat; cues: Cue[] } | { ok: false; problem: CaptionProblem };

export type ParseOptions = {
  /** The video's length: cues must end within it (plus the tolerance). */
  durationSeconds?: number;
  /** How far past the end a cue may go (rounded durations, a last cue held a little longer). */
  toleranceSeconds?: number;
  maxBytes?: number;
  maxCues?: number;
  maxCueChars?: number;
};

const VTT_TIME = String.raw`(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})`;
const VTT_TIMING = new RegExp(String.raw`^${VTT_TIME}[ \t]+-->[ \t]+${VTT_TIME}(?:[ \t]+(.*))?$`);
const SRT_TIME = String.raw`(\d{1,}):([0-5]?\d):([0-5]?\d)[,.](\d{1,3})`;
const SRT_TIMING = new RegExp(String.raw`^[ \t]*${SRT_TIME}[ \t]*-->[ \t]*${SRT_TIME}(?:[ \t].*)?$`);
const VTT_HEADER = /^WEBVTT(?:[ \t].*)?$/;
const CUE_SETTING = /^(?:vertical|line|position|size|align|region):\S+$/;

const seconds = (hours: string | undefined, minutes: string, secs: string, millis: string) =>
  (Number(hours ?? 0) * 3600_000 + Number(minutes) * 60_000 + Number(secs) * 1000 + Number(millis.padEnd(3, '0'))) / 1000;

/** `HH:MM:SS.mmm` (more hour digits past 99 hours). */
export function formatTimestamp(totalSeconds: number): string {
  const ms = Math.round(totalSeconds * 1000);
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(Math.floor(ms / 3600_000), 2)}:${pad(Math.floor(ms / 60_000) % 60, 2)}:${pad(Math.floor(ms / 1000) % 60, 2)}.${pad(ms % 1000, 3)}`;
}

/** A tag WebVTT cue text may carry, none of which a browser runs: b, i, u, c, v and lang (with classes), and their ends. */
const ALLOWED_TAG = /^<(?:(?:b|i|u|c)(?:\.[\w-]+)*|(?:v|lang)(?:\.[\w-]+)*(?:[ \t][^<>]*)?|\/(?:b|i|u|c|v|lang))>$/;

/**
 * Cue text with only the allowed tags: any other tag (an SRT's `<font>`, a `<script>`) goes, and
 * a `<` that opens no tag is escaped, so what is left reads the same in every WebVTT parser.
 */
export function sanitizeCueText(text: string): string {
  return text
    .replace(/<[^<>]*>/g, (tag) => (ALLOWED_TAG.test(tag) ? tag : ''))
    .replace(/<(?![^<>]*>)/g, '&lt;');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: '\u00a0', lrm: '\u200e', rlm: '\u200f' };

/** What a cue says, for reading or searching (a transcript): tags removed, entities decoded. */
export function cuePlainText(text: string): string {
  return text.replace(/<[^<>]*>/g, '').replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (_, name: string) => ENTITIES[name]!);
}

type Block = { firstLine: number; lines: string[] };

/** The file's blocks, split at blank lines, each with the number of its first line. */
function blocksOf(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  lines.forEach((line, index) => {
    if (line.trim() === '') {
      current = null;
    } else if (current) {
      current.lines.push(line);
    } else {
      current = { firstLine: index + 1, lines: [line] };
      blocks.push(current);
    }
  });
  return blocks;
}

/** A caption file's cues, checked; WebVTT or SRT is told from its first lines. */
export function parseCaptions(input: string, options: ParseOptions = {}): ParsedCaptions {
  const { maxBytes = captionLimits.maxBytes, maxCues = captionLimits.maxCues, maxCueChars = captionLimits.maxCueChars, toleranceSeconds = 1 } = options;
  const fail = (code: CaptionProblem['code'], line?: number): ParsedCaptions => ({ ok: false, problem: line === undefined ? { code } : { code, line } });
  if (new TextEncoder().encode(input).length > maxBytes) return fail('too-large');
  const lines = input.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const blocks = blocksOf(lines);
  if (blocks.length === 0) return fail('unreadable');

  const first = blocks[0]!;
  let format: CaptionFormat;
  if (lines[0] !== undefined && VTT_HEADER.test(lines[0])) {
    format = 'webvtt';
    // A cue run into the header (no blank line after it) would be lost: say where it is.
    const stray = first.lines.findIndex((line) => line.includes('-->'));
    if (stray >= 0) return fail('cue-invalid', first.firstLine + stray);
    blocks.shift();
  } else if (SRT_TIMING.test(first.lines[0]!) || (/^\d+$/.test(first.lines[0]!.trim()) && first.lines[1] !== undefined && SRT_TIMING.test(first.lines[1]))) {
    format = 'srt';
  } else {
    return fail('unreadable');
  }

  const cues: Cue[] = [];
  for (const block of blocks) {
    const [head, second] = block.lines as [string, string | undefined];
    if (format === 'webvtt' && /^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/.test(head)) continue;
    // An identifier (WebVTT) or a number (SRT) may come before the timing.
    const timingIndex = head.includes('-->') ? 0 : 1;
    const timingLine = block.firstLine + timingIndex;
    const timingText = timingIndex === 0 ? head : second;
    if (format === 'srt' && timingIndex === 1 && !/^\d+$/.test(head.trim())) return fail('cue-invalid', block.firstLine);
    const match = timingText === undefined ? null : (format === 'webvtt' ? VTT_TIMING : SRT_TIMING).exec(timingText);
    if (!match) return fail('cue-invalid', timingText === undefined ? block.firstLine : timingLine);
    const [, h1, m1, s1, ms1, h2, m2, s2, ms2, rest] = match as unknown as [string, string | undefined, string, string, string, string | undefined, string, string, string, string | undefined];
    const start = seconds(h1, m1, s1, ms1);
    const end = seconds(h2, m2, s2, ms2);
    if (!(start < end)) return fail('cue-invalid', timingLine);
    if (options.durationSeconds !== undefined && end > options.durationSeconds + toleranceSeconds) return fail('cue-outside-video', timingLine);
    const textLines = block.lines.slice(timingIndex + 1);
    const arrow = textLines.findIndex((line) => line.includes('-->'));
    if (arrow >= 0) return fail('cue-invalid', timingLine + 1 + arrow);
    const text = sanitizeCueText(textLines.join('\n'));
    if (cuePlainText(text).length > maxCueChars) return fail('cue-invalid', timingLine);
    const settings = format === 'webvtt' && rest ? rest.split(/[ \t]+/).filter((setting) => CUE_SETTING.test(setting)).join(' ') : '';
    cues.push(settings ? { start, end, text, settings } : { start, end, text });
    if (cues.length > maxCues) return fail('too-large');
  }
  if (cues.length === 0) return fail('unreadable');
  return { ok: true, format, cues };
}

/** Cues as a WebVTT file (no identifiers; the settings kept). */
export function serializeWebVtt(cues: readonly Cue[]): string {
  const body = cues.map((cue) => `${formatTimestamp(cue.start)} --> ${formatTimestamp(cue.end)}${cue.settings ? ` ${cue.settings}` : ''}\n${cue.text}`.trimEnd());
  return `WEBVTT\n\n${body.join('\n\n')}\n`;
}
