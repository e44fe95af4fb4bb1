import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { orderKeys } from './order-keys';

/** My orders, newest first. */
export const getOrders = ({ signal }: { signal?: AbortSignal } = {}) => call(endpoints.getOrders, { signal }).then((body) => body.items);

export const getOrdersQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.list(),
    queryFn: ({ signal }) => getOrders({ signal }),
  });

export function useOrders({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getOrdersQueryOptions(), enabled });
}
