import { useSearchParams } from 'react-router';
import { maxPage, wholeNumberPattern } from '../../../../shared/limits';
import { activityFilters, type ActivityFilter } from '../../../../shared/schemas/admin';

/** The page as the API reads it (digits only, 1 to `maxPage`); anything else is the first. */
const toPage = (value: string | null) => {
  const page = value !== null && wholeNumberPattern.test(value) ? Number(value) : 0;
  return page >= 1 && page <= maxPage ? page : 1;
};

/**
 * A list's filter, search text and page, kept in the address (so Back and a reload keep
 * them). A new filter or search starts again at page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const status: ActivityFilter = activityFilters.includes(rawStatus as ActivityFilter) ? (rawStatus as ActivityFilter) : 'active';
  const q = params.get('q') ?? '';
  const page = toPage(params.get('page'));

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  return {
    status,
    q,
    page,
    setStatus: (value: ActivityFilter) => update({ status: value === 'active' ? undefined : value, page: undefined }),
    setQ: (value: string) => update({ q: value || undefined, page: undefined }),
    setPage: (value: number) => update({ page: value > 1 ? String(value) : undefined }),
    /** For lists with other filters (orders). */
    get: (key: string) => params.get(key),
    set: (key: string, value: string | undefined) => update({ [key]: value, page: undefined }),
  };
}
