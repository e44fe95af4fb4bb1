import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entityTag, ifRangeHolds, noneMatchHits, notModifiedSince, parseRange } from './http-range';

describe('parseRange', () => {
  it.each([
    [undefined, { kind: 'full' }],
    ['items=0-5', { kind: 'full' }],
    ['bytes=0-1,5-6', { kind: 'full' }],
    ['bytes=0-0', { kind: 'partial', start: 0, end: 0 }],
    ['bytes=10-', { kind: 'partial', start: 10, end: 99 }],
    ['bytes=-10', { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-500', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=90-500', { kind: 'partial', start: 90, end: 99 }],
    [' BYTES = 5-6', { kind: 'partial', start: 5, end: 6 }],
    ['bytes=100-', { kind: 'unsatisfiable' }],
    ['bytes=6-5', { kind: 'unsatisfiable' }],
    ['bytes=-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=a-b', { kind: 'unsatisfiable' }],
    ['bytes=1.5-2', { kind: 'unsatisfiable' }],
  ])('%s on 100 bytes', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });

  it('only ever answers a range inside the file', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.string(), (size, spec) => {
        const answer = parseRange(`bytes=${spec}`, size);
        if (answer.kind !== 'partial') return true;
        return answer.start >= 0 && answer.start <= answer.end && answer.end < size;
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.nat(20_000), fc.nat(20_000), (size, a, b) => {
        const answer = parseRange(`bytes=${a}-${b}`, size);
        return answer.kind === 'partial' ? answer.start === a && answer.end === Math.min(b, size - 1) : a >= size || b < a;
      }),
    );
  });
});

describe('validators', () => {
  const modified = new Date('2024-05-01T10:00:00.750Z');
  const etag = entityTag(1234, modified);

  it('makes a strong tag from time and size', () => {
    expect(etag).toBe(`"${Math.floor(modified.getTime() / 1000).toString(16)}-4d2"`);
  });

  it('compares If-None-Match weakly', () => {
    expect(noneMatchHits(etag, etag)).toBe(true);
    expect(noneMatchHits(`W/${etag}`, etag)).toBe(true);
    expect(noneMatchHits(`"a", ${etag}`, etag)).toBe(true);
    expect(noneMatchHits('*', etag)).toBe(true);
    expect(noneMatchHits('"a"', etag)).toBe(false);
    expect(noneMatchHits(undefined, etag)).toBe(false);
  });

  it('compares If-Modified-Since by whole seconds', () => {
    expect(notModifiedSince(modified.toUTCString(), modified)).toBe(true);
    expect(notModifiedSince(new Date(modified.getTime() - 1000).toUTCString(), modified)).toBe(false);
    expect(notModifiedSince('not a date', modified)).toBe(false);
  });

  it('honours If-Range only for a strong match or the exact date', () => {
    expect(ifRangeHolds(undefined, etag, modified)).toBe(true);
    expect(ifRangeHolds(etag, etag, modified)).toBe(true);
    expect(ifRangeHolds(`W/${etag}`, etag, modified)).toBe(false);
    expect(ifRangeHolds('"other"', etag, modified)).toBe(false);
    expect(ifRangeHolds(modified.toUTCString(), etag, modified)).toBe(true);
    expect(ifRangeHolds(new Date(modified.getTime() + 5000).toUTCString(), etag, modified)).toBe(false);
  });
});
