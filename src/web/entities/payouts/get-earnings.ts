import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import type { TeacherEarnings } from '../../../shared/schemas/payouts';
import { call } from '../../lib/api-client';
import { payoutKeys } from './payout-keys';

/** My earnings as a teacher, with my payout account's state. */
export const getEarnings = ({ signal }: { signal?: AbortSignal } = {}) => call(endpoints.getEarnings, { signal });

export const earningsQueryOptions = () => queryOptions({ queryKey: payoutKeys.earnings(), queryFn: ({ signal }) => getEarnings({ signal }) });

type EarningsOptions = {
  /** Ask again every this many milliseconds while it returns true (the account's state after onboarding). */
  pollWhile?: (earnings: TeacherEarnings | undefined, answers: number) => boolean;
  pollMs?: number;
};

export const useEarnings = ({ pollWhile, pollMs = 3000 }: EarningsOptions = {}) =>
  useQuery({
    ...earningsQueryOptions(),
    refetchInterval: pollWhile ? (query) => (pollWhile(query.state.data, query.state.dataUpdateCount) ? pollMs : false) : false,
  });
