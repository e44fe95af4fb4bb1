/**
 * Where each page of a listing starts, kept compactly: the sort value and id of the last row of
 * every page, in two typed arrays (12 bytes a page). As objects with the value as text they
 * held 80-85 bytes a page: 0.9 MiB per (filters, sort) at 100,000 courses, 8.4 MiB at a million
 * (bench/results/anchor-memory.md). Every sort value fits a double exactly: prices and counts are int4, ratings float8,
 * and a timestamp is kept as whole microseconds since 1970 (below 2^53 until the year 2255).
 */

/** How a sort's values are kept as doubles and sent back as a statement's parameter. */
export type AnchorValueKind = 'timestamp' | 'number';

export type AnchorStart = {
  /** The sort value of the row before the page, as the statement's text parameter. */
  value: string;
  id: number;
  /** Rows between that anchor and the page's first row. */
  skip: number;
};

export class PageAnchors {
  /**
   * `values[i]` and `ids[i]` belong to row `(i + 1) * span` of the listing (counted from 1):
   * the last row of the (i + 1)-th stretch of `span` rows.
   */
  constructor(
    readonly kind: AnchorValueKind,
    readonly span: number,
    readonly values: Float64Array,
    readonly ids: Int32Array,
  ) {
    if (values.length !== ids.length) throw new Error('anchor values and ids differ in length');
    if (!Number.isInteger(span) || span < 1) throw new Error('anchor span must be a whole number >= 1');
  }

  static fromRows(kind: AnchorValueKind, span: number, rows: readonly { value: number; id: number }[]): PageAnchors {
    return new PageAnchors(
      kind,
      span,
      Float64Array.from(rows, (row) => row.value),
      Int32Array.from(rows, (row) => row.id),
    );
  }

  get length(): number {
    return this.ids.length;
  }

  /** Memory held by the arrays. */
  get byteLength(): number {
    return this.values.byteLength + this.ids.byteLength;
  }

  /**
   * The nearest anchor before the row at `offset` (counted from 0) and how many rows lie
   * between them; undefined when no anchor precedes it (the page is read from the start).
   */
  startFor(offset: number): AnchorStart | undefined {
    const before = Math.min(Math.floor(offset / this.span), this.length);
    if (before < 1) return undefined;
    const index = before - 1;
    return { value: this.valueText(index), id: this.ids[index]!, skip: offset - before * this.span };
  }

  private valueText(index: number): string {
    const value = this.values[index]!;
    return this.kind === 'timestamp' ? timestampFromMicros(value) : String(value);
  }
}

/** Whole microseconds since 1970 as an ISO timestamp PostgreSQL reads back exactly. */
export function timestampFromMicros(micros: number): string {
  const milliseconds = Math.floor(micros / 1000);
  const rest = micros - milliseconds * 1000;
  return new Date(milliseconds).toISOString().replace('Z', `${String(rest).padStart(3, '0')}Z`);
}
