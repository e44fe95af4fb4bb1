import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { adminKeys, type OrderListParams } from '../../admin';

export const getOrders = (params: OrderListParams, { signal }: { signal?: AbortSignal } = {}) =>
  call(endpoints.getAdminOrders, { query: { status: params.status, page: params.page, number: params.number }, signal });

export const getOrdersQueryOptions = (params: OrderListParams) =>
  queryOptions({ queryKey: adminKeys.orderList(params), queryFn: ({ signal }) => getOrders(params, { signal }), placeholderData: keepPreviousData });

export const useAdminOrders = (params: OrderListParams) => useQuery(getOrdersQueryOptions(params));
