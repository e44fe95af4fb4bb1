/**
 * A certificate's public code: 12 characters of Crockford's base32 (no I, L, O or U) in three
 * groups, `7KQ2-M9XD-4TRB`. Codes are written in capitals; a reader may type them in lower case.
 * Kept apart from the schemas (and zod): the page table reads it, and it is in every page's
 * first download.
 */
export const certificateCodePattern = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

export const normaliseCertificateCode = (value: string) => value.trim().toUpperCase();
