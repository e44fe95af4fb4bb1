import { useMutation, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { endpoints } from '../../shared/endpoints/endpoint-table';
import { call } from '../lib/api-client';
import { isServerDrawn } from '../lib/server-drawn-queries';
import { sessionQueryKey } from './get-session';

/** Ends the session; better-auth expects a JSON body, even an empty one. */
export const signOut = () => call(endpoints.signOut, { body: {} });

/**
 * Forgets everything cached for the user (cart, favourites, courses): the next visitor on
 * this browser must not see it. Pages still on screen refetch as a visitor; what they still show
 * as the server drew it (a visitor's view) stays.
 */
export async function forgetUser(queryClient: QueryClient) {
  queryClient.setQueryData(sessionQueryKey, null);
  const isUsers = (query: Query) => (query.queryKey[0] !== sessionQueryKey[0] || query.queryKey[1] !== sessionQueryKey[1]) && !isServerDrawn(query);
  queryClient.removeQueries({ type: 'inactive', predicate: isUsers });
  await queryClient.resetQueries({ type: 'active', predicate: isUsers });
}

/** Signs out, then forgets the user's cached data. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => forgetUser(queryClient),
  });
}
