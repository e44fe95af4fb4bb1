import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { cartKeys } from './cart-keys';

/** The signed-in user's cart, kept on the server (the same on every device). */
export const getCart = ({ signal }: { signal?: AbortSignal } = {}) => call(endpoints.getCart, { signal });

export const getCartQueryOptions = () =>
  queryOptions({
    queryKey: cartKeys.all,
    queryFn: ({ signal }) => getCart({ signal }),
  });

/** Only for a signed-in user: a visitor has no cart (the API answers 401). */
export function useCart({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCartQueryOptions(), enabled });
}
