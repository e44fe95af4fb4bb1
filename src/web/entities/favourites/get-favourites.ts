import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { favouriteKeys } from './favourite-keys';

/**
 * The signed-in user's favourite courses. Shared (not a feature's): the favourite heart on
 * every course card reads it, and the favourites page lists it.
 */
export const getFavourites = ({ signal }: { signal?: AbortSignal } = {}) => call(endpoints.getFavourites, { signal });

export const getFavouritesQueryOptions = () =>
  queryOptions({
    queryKey: favouriteKeys.all,
    queryFn: ({ signal }) => getFavourites({ signal }),
  });

/** Only for a signed-in user: a visitor has no favourites to ask for. */
export function useFavourites({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getFavouritesQueryOptions(), enabled });
}
