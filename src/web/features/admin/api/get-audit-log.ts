import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const getAuditLog = (page: number, { signal }: { signal?: AbortSignal } = {}) =>
  call(endpoints.getAuditLog, { query: { page }, signal });

export const getAuditLogQueryOptions = (page: number) =>
  queryOptions({ queryKey: adminKeys.auditList(page), queryFn: ({ signal }) => getAuditLog(page, { signal }), placeholderData: keepPreviousData });

export const useAuditLog = (page: number) => useQuery(getAuditLogQueryOptions(page));
