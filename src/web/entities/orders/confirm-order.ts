import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderKeys } from './order-keys';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';

/** How often the success page asks again while the payment is being confirmed, and for how long. */
export const CONFIRM_POLL_MS = 2000;
export const CONFIRM_MAX_ATTEMPTS = 30;

/**
 * The success page's check: the server asks the payment provider about this session and
 * fulfils the order when it is paid. Idempotent, so asking again is safe.
 */
export const confirmOrder = (sessionId: string, { signal }: { signal?: AbortSignal } = {}) =>
  call(endpoints.confirmOrder, { body: { sessionId }, signal });

export const confirmOrderQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: orderKeys.confirmation(sessionId),
    queryFn: ({ signal }) => confirmOrder(sessionId, { signal }),
    staleTime: 0,
    // Ask again while the provider has not confirmed, up to a limit.
    refetchInterval: (query) => {
      const order = query.state.data;
      const stillWaiting = order?.status === 'unpaid' && query.state.dataUpdateCount < CONFIRM_MAX_ATTEMPTS;
      return stillWaiting ? CONFIRM_POLL_MS : false;
    },
  });

export function useConfirmOrder(sessionId: string | null) {
  return useQuery({ ...confirmOrderQueryOptions(sessionId ?? ''), enabled: Boolean(sessionId) });
}
