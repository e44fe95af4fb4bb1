import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const getDashboard = ({ signal }: { signal?: AbortSignal } = {}) => api.get<AdminDashboard>('/api/admin/dashboard', { signal });

export const getDashboardQueryOptions = () => queryOptions({ queryKey: adminKeys.dashboard(), queryFn: ({ signal }) => getDashboard({ signal }), staleTime: 0 });

export const useDashboard = () => useQuery(getDashboardQueryOptions());
