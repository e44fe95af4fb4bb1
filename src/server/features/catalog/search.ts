/**
 * Turns what a visitor typed into the two forms the database matches against
 * (see migration 0002_catalog_search): a full-text query over the folded title,
 * teacher and description, and plain folded text for the trigram title match.
 */
export type SearchTerms = {
  /** Lowercase, accent-free words joined by spaces: the trigram side and the cache key. */
  text: string;
  /** Every word as a prefix (`'pyth':* & 'des':*`): over title, teacher and description; over a title alone in `course_titles`. */
  documentQuery: string;
  /** The same, restricted to the title's weight (A): "is this a title match?". */
  titleQuery: string;
};

/** Letters that Unicode does not decompose but PostgreSQL's unaccent folds. */
const extraFolds: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd', ħ: 'h', ı: 'i', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th', ð: 'd' };

/** Lowercase and strip accents the way the stored search columns were folded. */
export function foldText(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[øłđħıßæœþð]/g, (char) => extraFolds[char] ?? char);
}

/** Words beyond this add nothing to a course search but cost query time. */
const MAX_WORDS = 8;

/**
 * Null when the text holds no letter or digit (then there is nothing to search for).
 * Words keep only letters and digits, so they can be quoted into a tsquery safely.
 */
export function parseSearch(input: string | undefined): SearchTerms | null {
  if (!input) return null;
  const words = (foldText(input).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  return {
    text: words.join(' '),
    documentQuery: words.map((word) => `'${word}':*`).join(' & '),
    titleQuery: words.map((word) => `'${word}':*A`).join(' & '),
  };
}
