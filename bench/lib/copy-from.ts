/**
 * `COPY table (columns) FROM STDIN` through node-postgres, for bulk loads.
 *
 * node-postgres speaks the copy sub-protocol only through a "submittable" query object (what
 * the pg-copy-streams package provides). The rows of a batch are already in memory here, so a
 * small submittable that writes them as copy data and ends the copy is all that is needed.
 */
import type { PoolClient } from 'pg';

/** What pg's client calls on the active query; only the copy-in path is expected here. */
type CopyConnection = {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
};

class CopyIn {
  callback: ((error: Error | null, rowCount?: number) => void) | undefined;
  private rowCount = 0;

  constructor(
    private readonly text: string,
    private readonly chunks: Buffer[],
  ) {}

  submit(connection: CopyConnection) {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: CopyConnection) {
    for (const chunk of this.chunks) connection.sendCopyFromChunk(chunk);
    connection.endCopyFrom();
  }

  handleCommandComplete(message: { text?: string }) {
    this.rowCount = Number(/^COPY (\d+)/.exec(message.text ?? '')?.[1] ?? 0);
  }

  handleReadyForQuery() {
    this.callback?.(null, this.rowCount);
  }

  /** pg's client forgets the query before calling this: no readyForQuery reaches it afterwards. */
  handleError(error: Error) {
    this.callback?.(error);
  }

  handleRowDescription() {}
  handleDataRow() {}
  handlePortalSuspended() {}
  handleEmptyQuery() {}
  handleCopyData() {}
}

export type CopyValue = string | number | boolean | null | undefined | Date | readonly string[];

/** One value in COPY's text format: backslash escapes, `\N` for null. */
function copyText(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return escapeText(`{${value.map((item) => `"${String(item).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`);
  if (typeof value === 'string') return escapeText(value);
  return String(value);
}

function escapeText(text: string): string {
  return /[\\\t\n\r]/.test(text) ? text.replaceAll('\\', '\\\\').replaceAll('\t', '\\t').replaceAll('\n', '\\n').replaceAll('\r', '\\r') : text;
}

/** Chunks of about this size keep each copy-data message small and the whole batch in few writes. */
const CHUNK_CHARS = 256 * 1024;

/** Rows as COPY text, one line each, in chunks. */
export function copyChunks(rows: Iterable<readonly CopyValue[]>): Buffer[] {
  const chunks: Buffer[] = [];
  let lines: string[] = [];
  let size = 0;
  for (const row of rows) {
    const line = `${row.map(copyText).join('\t')}\n`;
    lines.push(line);
    size += line.length;
    if (size >= CHUNK_CHARS) {
      chunks.push(Buffer.from(lines.join(''), 'utf8'));
      lines = [];
      size = 0;
    }
  }
  if (lines.length > 0) chunks.push(Buffer.from(lines.join(''), 'utf8'));
  return chunks;
}

/**
 * Copies `rows` (values in the order of `columns`) into `table` on `client`; answers the
 * number of rows the server stored. Table and column names are trusted (written in code).
 */
export function copyRows(client: PoolClient, table: string, columns: readonly string[], rows: Iterable<readonly CopyValue[]>): Promise<number> {
  const statement = `copy ${table} (${columns.join(', ')}) from stdin`;
  const copy = new CopyIn(statement, copyChunks(rows));
  return new Promise((resolve, reject) => {
    copy.callback = (error, rowCount) => (error ? reject(error) : resolve(rowCount ?? 0));
    void client.query(copy as never);
  });
}
