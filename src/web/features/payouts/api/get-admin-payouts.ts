import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { payoutKeys } from '../../../entities/payouts/payout-keys';
import { call } from '../../../lib/api-client';

/** Every teacher's balance, the totals, failed transfers and the last reconciliation. */
export const getAdminPayouts = ({ signal }: { signal?: AbortSignal } = {}) => call(endpoints.getAdminPayouts, { signal });

export const adminPayoutsQueryOptions = () => queryOptions({ queryKey: payoutKeys.admin(), queryFn: ({ signal }) => getAdminPayouts({ signal }) });

export const useAdminPayouts = () => useQuery(adminPayoutsQueryOptions());
