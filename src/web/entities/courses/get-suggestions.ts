import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SuggestionsResponse } from '../../../shared/schemas/catalog';
import { api } from '../../lib/api-client';
import { courseKeys } from './course-keys';

export const getSuggestions = (q: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<SuggestionsResponse>('/api/courses/suggestions', { signal, query: { q } });

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
