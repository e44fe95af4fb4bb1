import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { payoutKeys } from '../../../entities/payouts/payout-keys';
import { call } from '../../../lib/api-client';

/** Tries a failed transfer again, with its first idempotency key: it can never pay twice. */
export const retryPayoutTransfer = (id: string) => call(endpoints.retryPayoutTransfer, { params: { id } });

export function useRetryPayoutTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryPayoutTransfer,
    // Sent or failed again, the balances and the list of failed transfers may have moved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}
