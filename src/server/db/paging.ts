import { adminPageSize, type Page } from '../../shared/schemas/admin';

export const offsetOf = (page: number) => (page - 1) * adminPageSize;

export function pageOf<T>(items: T[], total: number, page: number): Page<T> {
  return { items, total, page, pageCount: Math.max(1, Math.ceil(total / adminPageSize)), pageSize: adminPageSize };
}

/** A search text as a LIKE pattern that matches it literally anywhere in the value. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export const iso = (date: Date | null) => (date ? date.toISOString() : null);
