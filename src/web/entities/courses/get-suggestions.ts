import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { courseKeys } from './course-keys';

export const getSuggestions = (q: string, { signal }: { signal?: AbortSignal } = {}) =>
  call(endpoints.getSuggestions, { signal, query: { q } });

export const getSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: courseKeys.suggestions(q),
    queryFn: ({ signal }) => getSuggestions(q, { signal }),
  });

/** Titles for what has been typed (already debounced by the caller); nothing for blank text. */
export function useSuggestions(q: string) {
  const text = q.trim();
  return useQuery({ ...getSuggestionsQueryOptions(text), enabled: text.length > 0, placeholderData: keepPreviousData });
}
