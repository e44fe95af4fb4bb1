import { adminPageSize, type Page } from '../../../shared/schemas/admin';

export const offsetOf = (page: number) => (page - 1) * adminPageSize;

export function pageOf<T>(items: T[], total: number, page: number): Page<T> {
  return { items, total, page, pageCount: Math.max(1, Math.ceil(total / adminPageSize)), pageSize: adminPageSize };
}

/** A search text as a LIKE pattern that matches it literally anywhere in the value. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Walks an error's causes for a PostgreSQL error code (drizzle wraps driver errors). */
export function pgErrorCode(error: unknown): string | undefined {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
  }
  return undefined;
}
