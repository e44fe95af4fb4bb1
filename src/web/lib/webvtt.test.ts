import { describe, expect, it } from 'vitest';
import { cueIndexAt, parseThumbnails, parseVtt } from './webvtt';

describe('parseVtt', () => {
  it('reads cues with or without identifiers, skips notes and styles, drops tags', () => {
    const cues = parseVtt('WEBVTT\n\nNOTE a comment\n\nSTYLE\n::cue { color: red }\n\n1\n00:00:01.000 --> 00:00:02.500 line:90%\n<v Ana>Hola &amp; adiós</v>\n\n01:00:00.000 --> 01:00:03.000\nDos\nlíneas\n');
    expect(cues).toEqual([
      { start: 1, end: 2.5, text: 'Hola & adiós' },
      { start: 3600, end: 3603, text: 'Dos\nlíneas' },
    ]);
    expect(cueIndexAt(cues, 2)).toBe(0);
    expect(cueIndexAt(cues, 3)).toBe(-1);
  });

  it('resolves thumbnail tiles against the index’s URL', () => {
    const tiles = parseThumbnails('WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nthumbnails.jpg#xywh=0,0,160,90\n\n00:00:05.000 --> 00:00:10.000\nthumbnails.jpg#xywh=160,0,160,90\n', 'http://localhost/api/videos/hls/abc/thumbnails.vtt');
    expect(tiles[1]).toEqual({ start: 5, end: 10, url: 'http://localhost/api/videos/hls/abc/thumbnails.jpg', x: 160, y: 0, width: 160, height: 90 });
  });
});
