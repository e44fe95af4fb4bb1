import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { salesKeys } from '../../../entities/sales/sales-keys';
import { adminKeys } from '../../admin';

/** The named lines (by course) of a paid order, or, without `courseIds`, every line not refunded yet. */
export type RefundRequest = { orderId: string; courseIds?: number[] };

export const refundOrder = ({ orderId, courseIds }: RefundRequest) =>
  call(endpoints.refundOrder, { params: { id: orderId }, body: courseIds ? { courseIds } : {} });

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
