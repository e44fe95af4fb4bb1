/**
 * A certificate's public code: 12 characters of Crockford's base32 (no I, L, O or U) in three
 * groups, `7KQ2-M9XD-4TRB`. Codes are written in capitals; a reader may type them in lower case.
 * Kept apart from the schemas (and zod): the page table reads it, and it is in every page's
 * first download.
 */
export const certificateCodePattern = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

export const normaliseCertificateCode = (value: string) => value.trim().toUpperCase();

/** Seconds of video watched as a certificate states them, the same in every language: "3 h 05 min", "12 min", "45 s". */
export function formatWatchedDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${String(minutes % 60).padStart(2, '0')} min` : `${minutes} min`;
}
