import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrder, Page } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys, type OrderListParams } from './keys';

export const getOrders = (params: OrderListParams, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<Page<AdminOrder>>('/api/admin/orders', { query: { status: params.status, page: params.page }, signal });

export const getOrdersQueryOptions = (params: OrderListParams) =>
  queryOptions({ queryKey: adminKeys.orderList(params), queryFn: ({ signal }) => getOrders(params, { signal }), placeholderData: keepPreviousData });

export const useAdminOrders = (params: OrderListParams) => useQuery(getOrdersQueryOptions(params));
