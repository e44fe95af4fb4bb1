import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cuePlainText, formatTimestamp, parseCaptions, sanitizeCueText, serializeWebVtt, type Cue } from './captions';

const cuesOf = (text: string, options = {}) => {
  const parsed = parseCaptions(text, options);
  if (!parsed.ok) throw new Error(`refused: ${JSON.stringify(parsed.problem)}`);
  return parsed;
};
const problemOf = (text: string, options = {}) => {
  const parsed = parseCaptions(text, options);
  if (parsed.ok) throw new Error('accepted');
  return parsed.problem;
};

describe('parseCaptions: WebVTT', () => {
  it('reads cues, skipping the header, NOTE, STYLE and REGION blocks, and identifiers', () => {
    const file = [
      'WEBVTT - a lesson',
      'Kind: captions',
      '',
      'STYLE',
      '::cue { color: yellow }',
      '',
      'NOTE a comment',
      'that runs on',
      '',
      'intro-1',
      '00:01.000 --> 00:02.500 align:start line:0 bogus',
      'Hola <b>a todos</b>',
      '',
      '01:00:02.000 --> 01:00:03.000',
      'Two',
      'lines',
      '',
    ].join('\n');
    const { format, cues } = cuesOf(file);
    expect(format).toBe('webvtt');
    expect(cues).toEqual([
      { start: 1, end: 2.5, text: 'Hola <b>a todos</b>', settings: 'align:start line:0' },
      { start: 3602, end: 3603, text: 'Two\nlines' },
    ]);
  });

  it('takes a byte order mark and CRLF or CR line ends', () => {
    expect(cuesOf('\uFEFFWEBVTT\r\n\r\n00:00:01.000 --> 00:00:02.000\r\nHi\r\n').cues).toEqual([{ start: 1, end: 2, text: 'Hi' }]);
    expect(cuesOf('WEBVTT\r\r00:00:01.000 --> 00:00:02.000\rHi\r').cues).toEqual([{ start: 1, end: 2, text: 'Hi' }]);
  });

  it('keeps only the harmless tags, and escapes a lone <', () => {
    const text = '<v Ana>Hi</v> <c.loud>there</c> <lang es>hola</lang> <script>alert(1)</script><img src=x onerror=alert(1)> a < b';
    expect(cuesOf(`WEBVTT\n\n00:01.000 --> 00:02.000\n${text}`).cues[0]!.text).toBe('<v Ana>Hi</v> <c.loud>there</c> <lang es>hola</lang> alert(1) a &lt; b');
  });

  it('names the line of a malformed timing, of a cue ending before it starts, and of a cue run into the header', () => {
    expect(problemOf('WEBVTT\n\n00:01.000 --> 00:02.000\nok\n\n00:03,000 --> 00:04.000\nbad')).toEqual({ code: 'cue-invalid', line: 6 });
    expect(problemOf('WEBVTT\n\nid\n00:05.000 --> 00:04.000\nbackwards')).toEqual({ code: 'cue-invalid', line: 4 });
    expect(problemOf('WEBVTT\n\nid\nno timing here')).toEqual({ code: 'cue-invalid', line: 4 });
    expect(problemOf('WEBVTT\n\njust one line')).toEqual({ code: 'cue-invalid', line: 3 });
    expect(problemOf('WEBVTT\n00:01.000 --> 00:02.000\nstuck')).toEqual({ code: 'cue-invalid', line: 2 });
    expect(problemOf('WEBVTT\n\n00:01.000 --> 00:02.000\ntext\n00:02.000 --> 00:03.000')).toEqual({ code: 'cue-invalid', line: 5 });
  });
});

describe('parseCaptions: SRT', () => {
  it('reads numbered blocks with comma milliseconds, and drops SRT markup', () => {
    const file = '1\n00:00:01,000 --> 00:00:02,500\n<font color="red">Hola</font> & adiós\n\n2\n00:00:03,000 --> 00:00:04,000\n<i>Two</i>\n';
    const { format, cues } = cuesOf(file);
    expect(format).toBe('srt');
    expect(cues).toEqual([
      { start: 1, end: 2.5, text: 'Hola & adiós' },
      { start: 3, end: 4, text: '<i>Two</i>' },
    ]);
    expect(serializeWebVtt(cues)).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHola & adiós\n\n00:00:03.000 --> 00:00:04.000\n<i>Two</i>\n');
  });

  it('takes a BOM and CRLF, and names the line of a bad block', () => {
    expect(cuesOf('\uFEFF1\r\n00:00:01,000 --> 00:00:02,000\r\nHi\r\n').cues).toHaveLength(1);
    expect(problemOf('1\n00:00:01,000 --> 00:00:02,000\nHi\n\n2\n00:00:0x,000 --> 00:00:03,000\nBad')).toEqual({ code: 'cue-invalid', line: 6 });
    expect(problemOf('1\n00:00:01,000 --> 00:00:02,000\nHi\n\nstray text\nmore')).toEqual({ code: 'cue-invalid', line: 5 });
  });
});

describe('parseCaptions: the checks', () => {
  it('refuses what is neither format, or empty', () => {
    expect(problemOf('')).toEqual({ code: 'unreadable' });
    expect(problemOf('\n\n  \n')).toEqual({ code: 'unreadable' });
    expect(problemOf('hello world')).toEqual({ code: 'unreadable' });
    expect(problemOf('WEBVTT\n\nNOTE only a note')).toEqual({ code: 'unreadable' });
  });

  it('caps the bytes (UTF-8), the cues and the text of a cue', () => {
    expect(problemOf(`WEBVTT\n\n00:01.000 --> 00:02.000\n${'ñ'.repeat(60)}`, { maxBytes: 100 })).toEqual({ code: 'too-large' });
    const three = 'WEBVTT\n\n00:01.000 --> 00:02.000\na\n\n00:02.000 --> 00:03.000\nb\n\n00:03.000 --> 00:04.000\nc';
    expect(problemOf(three, { maxCues: 2 })).toEqual({ code: 'too-large' });
    expect(cuesOf(three, { maxCues: 3 }).cues).toHaveLength(3);
    // Tags do not count towards the text's length.
    expect(cuesOf('WEBVTT\n\n00:01.000 --> 00:02.000\n<b>abcde</b>', { maxCueChars: 5 }).cues).toHaveLength(1);
    expect(problemOf('WEBVTT\n\n00:01.000 --> 00:02.000\nabcdef', { maxCueChars: 5 })).toEqual({ code: 'cue-invalid', line: 3 });
  });

  it("refuses a cue ending past the video's end, beyond the tolerance", () => {
    const file = (end: string) => `WEBVTT\n\n00:01.000 --> 00:02.000\na\n\n00:09.000 --> ${end}\nb`;
    expect(cuesOf(file('00:10.900'), { durationSeconds: 10 }).cues).toHaveLength(2);
    expect(problemOf(file('00:11.001'), { durationSeconds: 10 })).toEqual({ code: 'cue-outside-video', line: 6 });
    expect(problemOf(file('00:10.500'), { durationSeconds: 10, toleranceSeconds: 0 })).toEqual({ code: 'cue-outside-video', line: 6 });
  });
});

describe('cue text helpers', () => {
  it('reads plain text out of cue text', () => {
    expect(cuePlainText('<v Ana>Tom &amp; Jerry</v> &lt;3')).toBe('Tom & Jerry <3');
    expect(sanitizeCueText('<b onclick="x">bold</b>')).toBe('bold</b>');
  });

  it('formats timestamps with hours', () => {
    expect(formatTimestamp(0)).toBe('00:00:00.000');
    expect(formatTimestamp(3723.456)).toBe('01:02:03.456');
    expect(formatTimestamp(360000)).toBe('100:00:00.000');
  });
});

describe('serializeWebVtt', () => {
  const line = fc.stringMatching(/^[a-zA-Z0-9áéñ,.!?' ]{0,20}[a-zA-Z0-9]$/);
  const cue = fc
    .record({ startMs: fc.integer({ min: 0, max: 400_000_000 }), lengthMs: fc.integer({ min: 1, max: 60_000 }), lines: fc.array(line, { minLength: 1, maxLength: 3 }) })
    .map(({ startMs, lengthMs, lines }): Cue => ({ start: startMs / 1000, end: (startMs + lengthMs) / 1000, text: lines.join('\n') }));

  it('writes what parseCaptions reads back the same', () => {
    fc.assert(
      fc.property(fc.array(cue, { minLength: 1, maxLength: 20 }), (cues) => {
        const parsed = parseCaptions(serializeWebVtt(cues), { maxBytes: Infinity });
        expect(parsed).toEqual({ ok: true, format: 'webvtt', cues });
      }),
    );
  });
});
