import type { AssignmentFileType } from '../../../shared/limits';

/** 20971520 → "20 MB", 1536 → "1.5 KB": the file sizes the forms and lists show. */
export function formatBytes(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

const extensions: Record<AssignmentFileType, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'application/zip': ['zip'],
};

/** What the file inputs offer to choose. */
export const acceptedFiles = (types: readonly AssignmentFileType[]) => [...types, ...types.flatMap((type) => extensions[type].map((extension) => `.${extension}`))].join(',');

/**
 * The browser's check of a chosen file, before anything is sent: a type or extension the
 * server accepts, and a size within its bound. The server still knows the file by its content.
 */
export function fileProblem(file: File, { maxBytes, fileTypes }: { maxBytes: number; fileTypes: readonly AssignmentFileType[] }): 'fileType' | 'fileTooLarge' | null {
  const extension = file.name.split('.').at(-1)?.toLowerCase() ?? '';
  const known = fileTypes.some((type) => type === file.type || extensions[type].includes(extension));
  if (!known) return 'fileType';
  if (file.size > maxBytes) return 'fileTooLarge';
  return null;
}

/** A date and time as the reader's language writes them. */
export const formatDateTime = (iso: string, language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
