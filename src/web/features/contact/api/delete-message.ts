import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { adminKeys } from '../../admin';

export const deleteMessage = (id: number) => call(endpoints.deleteMessage, { params: { id } });

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.messages() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
