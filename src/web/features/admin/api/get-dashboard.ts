import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const getDashboard = ({ signal }: { signal?: AbortSignal } = {}) => call(endpoints.getAdminDashboard, { signal });

export const getDashboardQueryOptions = () => queryOptions({ queryKey: adminKeys.dashboard(), queryFn: ({ signal }) => getDashboard({ signal }), staleTime: 0 });

export const useDashboard = () => useQuery(getDashboardQueryOptions());
