import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { courseListQuery, type CourseListQuery } from '../../../shared/schemas/catalog';

export type ListingFilters = Omit<CourseListQuery, 'page'>;

const fields = Object.keys(courseListQuery.shape) as (keyof CourseListQuery)[];

/**
 * The listing's state as the URL holds it (`/allcourses?q=python&categoryId=2&page=3`):
 * read with the API's own schema, one parameter at a time, so a bad one (`page=abc`) is
 * dropped instead of throwing the others away.
 */
export function readListingQuery(searchParams: URLSearchParams): CourseListQuery {
  const query: Record<string, unknown> = {};
  for (const field of fields) {
    const parsed = courseListQuery.shape[field].safeParse(searchParams.get(field) ?? undefined);
    if (parsed.success && parsed.data !== undefined) query[field] = parsed.data;
  }
  return courseListQuery.parse(query);
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
