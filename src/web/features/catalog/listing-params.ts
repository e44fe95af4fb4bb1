import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { courseSorts, limits, maxDatabaseId, maxPage, searchMaxLength, wholeNumberPattern, type CourseSort } from '../../../shared/limits';
import type { CourseListQuery } from '../../../shared/schemas/catalog';

export type ListingFilters = Omit<CourseListQuery, 'page'>;

/** A parameter that is absent or blank is not set (as in a form that was cleared). */
const given = (raw: string | null): string | undefined => (raw === null || raw.trim() === '' ? undefined : raw);

/** A whole number in [min, max] as the API reads one (digits only: not " 12 ", "1e1", "0x10" or "012"), else unset. */
function wholeNumber(raw: string | null, min: number, max: number): number | undefined {
  const text = given(raw);
  if (text === undefined || !wholeNumberPattern.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

/** The `page` parameter of a paged address, as the API reads it: 1 when absent or bad. */
export const readPageNumber = (searchParams: URLSearchParams): number => wholeNumber(searchParams.get('page'), 1, maxPage) ?? 1;

/**
 * The listing's state as the URL holds it (`/allcourses?q=python&categoryId=2&page=3`), read
 * as the API's schema (`courseListQuery`) reads it, one parameter at a time, so a bad one
 * (`page=abc`) is dropped instead of throwing the others away. Written without the schema so
 * that the catalogue's first download does not carry zod (26 KB gzip); a test checks the two
 * agree on every kind of value.
 */
export function readListingQuery(searchParams: URLSearchParams): CourseListQuery {
  const q = given(searchParams.get('q'))?.trim();
  const sort = searchParams.get('sort');
  const query: CourseListQuery = { page: readPageNumber(searchParams) };
  if (q !== undefined && q.length <= searchMaxLength) query.q = q;
  const categoryId = wholeNumber(searchParams.get('categoryId'), 1, maxDatabaseId);
  if (categoryId !== undefined) query.categoryId = categoryId;
  const subcategoryId = wholeNumber(searchParams.get('subcategoryId'), 1, maxDatabaseId);
  if (subcategoryId !== undefined) query.subcategoryId = subcategoryId;
  const rating = wholeNumber(searchParams.get('rating'), limits.ratingMin, limits.ratingMax);
  if (rating !== undefined) query.rating = rating;
  if (courseSorts.includes(sort as CourseSort)) query.sort = sort as CourseSort;
  return query;
}

/** The URL of a listing state: defaults (page 1, no sort, no filter) are left out. */
export function listingSearch(query: CourseListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.categoryId !== undefined) params.set('categoryId', String(query.categoryId));
  if (query.subcategoryId !== undefined) params.set('subcategoryId', String(query.subcategoryId));
  if (query.rating !== undefined) params.set('rating', String(query.rating));
  if (query.sort) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/**
 * Filters, sort and page live in the URL, so reload, back and a shared link show the same
 * page. Changing a filter or the sort goes back to page 1.
 */
export function useListingParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => readListingQuery(searchParams), [searchParams]);

  const setFilters = useCallback(
    (changes: Partial<ListingFilters>) => {
      setSearchParams(listingSearch({ ...query, ...changes, page: 1 }));
    },
    [query, setSearchParams],
  );
  const setPage = useCallback(
    (page: number, options?: { replace?: boolean }) => {
      setSearchParams(listingSearch({ ...query, page }), options);
    },
    [query, setSearchParams],
  );
  const clear = useCallback(() => setSearchParams(new URLSearchParams()), [setSearchParams]);

  return { query, setFilters, setPage, clear };
}
