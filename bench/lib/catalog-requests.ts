/** The catalogue's request mixes, shared by the catalogue benchmarks. */
import type { CatalogueIds } from './data';
import { pick } from './load';

export const sorts = ['', 'sort=price-asc', 'sort=price-desc', 'sort=rating-asc', 'sort=rating-desc'];

/** Topics of the generated catalogue, typed without accents, with typos, by teacher, in either language. */
export const searchWords = ['python', 'programacion', 'pythn', 'diseno grafico', 'carlos castro', 'javscript', 'excel avanzado', 'fotografia', 'postgre', 'desde cero', 'machine learning', 'oratoria'];

export const suggestionPrefixes = ['py', 'pyth', 'progr', 'diseñ', 'fotog', 'javas', 'exce', 'mach', 'mong', 'orat'];

const query = (...parts: string[]) => parts.filter(Boolean).join('&');

export function catalogueRequests(ids: CatalogueIds) {
  const lastPage = Math.max(1, Math.ceil(ids.activeCourses / 9));
  const filters = ['', `categoryId=${ids.categoryIds[2]}`, `subcategoryId=${ids.subcategoryIds[7]}`, 'rating=3', `categoryId=${ids.categoryIds[4]}&rating=4`];
  const pages = [1, 2, 3, 50, 1000, lastPage].filter((page) => page <= lastPage);

  const listing: string[] = [];
  for (const filter of filters) {
    for (const sort of sorts) {
      for (const page of pages) listing.push(`/api/courses?${query(filter, sort, `page=${page}`)}`);
    }
  }
  const search: string[] = [];
  for (const word of searchWords) {
    const q = `q=${encodeURIComponent(word)}`;
    search.push(`/api/courses?${q}`, `/api/courses?${q}&page=2`, `/api/courses?${q}&sort=price-asc`, `/api/courses?${q}&categoryId=${ids.categoryIds[1]}&rating=2`);
  }
  return {
    /** Fixed filter/sort/page mixes, the same every run (a cache can hold them all). */
    listing,
    /** A random page of a random filter and sort: mostly cache misses. */
    randomListing: () => `/api/courses?${query(pick(filters), pick(sorts), `page=${1 + Math.floor(Math.random() * lastPage)}`)}`,
    search,
    randomSearch: () => `/api/courses?${query(`q=${encodeURIComponent(pick(searchWords))}`, `page=${1 + Math.floor(Math.random() * 40)}`, pick(sorts))}`,
    suggestions: suggestionPrefixes.map((prefix) => `/api/courses/suggestions?q=${encodeURIComponent(prefix)}`),
  };
}
