import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry, Page } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const getAuditLog = (page: number, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<Page<AuditEntry>>('/api/admin/audit', { query: { page }, signal });

export const getAuditLogQueryOptions = (page: number) =>
  queryOptions({ queryKey: adminKeys.auditList(page), queryFn: ({ signal }) => getAuditLog(page, { signal }), placeholderData: keepPreviousData });

export const useAuditLog = (page: number) => useQuery(getAuditLogQueryOptions(page));
