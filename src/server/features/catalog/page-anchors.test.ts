import { describe, expect, it } from 'vitest';
import { PageAnchors, timestampFromMicros } from './page-anchors';

describe('page anchors', () => {
  // Rows 9, 18 and 27 of a listing of 30 (three full pages of nine, then three rows).
  const anchors = PageAnchors.fromRows('number', 9, [
    { value: 4.333333333333333, id: 90 },
    { value: 3.5, id: 17 },
    { value: 1999, id: 5 },
  ]);

  it('starts each page after the last row of the page before, with nothing to skip', () => {
    expect(anchors.startFor(0)).toBeUndefined();
    expect(anchors.startFor(9)).toEqual({ value: '4.333333333333333', id: 90, skip: 0 });
    expect(anchors.startFor(18)).toEqual({ value: '3.5', id: 17, skip: 0 });
    expect(anchors.startFor(27)).toEqual({ value: '1999', id: 5, skip: 0 });
  });

  it('answers how far past the nearest anchor an offset between anchors lies', () => {
    expect(anchors.startFor(8)).toBeUndefined();
    expect(anchors.startFor(13)).toEqual({ value: '4.333333333333333', id: 90, skip: 4 });
  });

  it('starts past the last anchor from that anchor, however far the offset', () => {
    expect(anchors.startFor(36)).toEqual({ value: '1999', id: 5, skip: 9 });
    expect(anchors.startFor(1_000_000)).toEqual({ value: '1999', id: 5, skip: 1_000_000 - 27 });
  });

  it('has no anchor at all for a listing of one page', () => {
    const none = PageAnchors.fromRows('number', 9, []);
    expect(none.length).toBe(0);
    expect(none.startFor(9)).toBeUndefined();
  });

  it('keeps twelve bytes a page', () => {
    const rows = Array.from({ length: 111_112 }, (_, index) => ({ value: index * 1.5, id: index + 1 }));
    expect(PageAnchors.fromRows('number', 9, rows).byteLength).toBe(111_112 * 12);
  });

  it('gives timestamps back to the microsecond, before 1970 included', () => {
    const micros = Date.UTC(2025, 2, 1, 12, 34, 56, 789) * 1000 + 12;
    const stamps = PageAnchors.fromRows('timestamp', 9, [{ value: micros, id: 1 }]);
    expect(stamps.startFor(9)?.value).toBe('2025-03-01T12:34:56.789012Z');
    expect(timestampFromMicros(1)).toBe('1970-01-01T00:00:00.000001Z');
    expect(timestampFromMicros(-1)).toBe('1969-12-31T23:59:59.999999Z');
  });

  it('refuses arrays of different lengths', () => {
    expect(() => new PageAnchors('number', 9, new Float64Array(2), new Int32Array(1))).toThrow();
  });
});
