import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const deleteMessage = (id: number) => api.delete<{ ok: true }>(`/api/admin/messages/${id}`);

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
