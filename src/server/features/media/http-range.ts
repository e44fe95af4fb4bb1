/**
 * The parts of HTTP range and conditional requests (RFC 9110 §13, §14) that video
 * streaming needs, as pure functions so they can be tested on their own.
 */

export type RangeAnswer = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const rangeSpec = /^(\d*)-(\d*)$/;

/**
 * What to send for a `Range` header on a resource of `size` bytes. Units other than bytes
 * and several ranges at once are ignored (the whole file, which RFC 9110 allows); a
 * malformed byte range or one that starts past the end is unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'full' };
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return { kind: 'full' };
  const specs = match[1]!.split(',').map((spec) => spec.trim());
  if (specs.length > 1) return { kind: 'full' };
  const parts = rangeSpec.exec(specs[0]!);
  if (!parts) return { kind: 'unsatisfiable' };
  const [, first = '', last = ''] = parts;
  if (first === '' && last === '') return { kind: 'unsatisfiable' };
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return { kind: 'unsatisfiable' };
  if (last === '') return { kind: 'partial', start, end: size - 1 };
  const end = Number(last);
  if (end < start) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}

/** A strong validator from size and modification time (the same recipe as nginx). */
export function entityTag(size: number, modifiedAt: Date): string {
  return `"${Math.floor(modifiedAt.getTime() / 1000).toString(16)}-${size.toString(16)}"`;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** `If-None-Match` uses the weak comparison: `W/"x"` matches `"x"`. */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => opaque(candidate) === opaque(etag));
}

/** `If-Modified-Since`: true when the resource has not changed since the given date. */
export function notModifiedSince(header: string | undefined, modifiedAt: Date): boolean {
  if (!header) return false;
  const since = Date.parse(header);
  if (Number.isNaN(since)) return false;
  return Math.floor(modifiedAt.getTime() / 1000) <= Math.floor(since / 1000);
}

/**
 * `If-Range`: honour the range only if the client's copy is current. An entity tag must
 * match strongly (a weak tag never does); a date must equal Last-Modified exactly.
 */
export function ifRangeHolds(header: string | undefined, etag: string, modifiedAt: Date): boolean {
  if (header === undefined) return true;
  const value = header.trim();
  if (value.startsWith('W/')) return false;
  if (value.startsWith('"')) return value === etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(date / 1000) === Math.floor(modifiedAt.getTime() / 1000);
}
