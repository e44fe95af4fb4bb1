import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { salesKeys } from '../../../entities/sales/sales-keys';
import { adminKeys } from './keys';

export const refundOrder = (id: string) => call(endpoints.refundOrder, { params: { id }, body: {} });

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
      // The refunded courses' teachers earn that much less.
      void queryClient.invalidateQueries({ queryKey: salesKeys.all });
    },
  });
}
