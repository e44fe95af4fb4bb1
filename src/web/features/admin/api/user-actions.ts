import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserDetail } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type UserAction = 'disable' | 'enable' | 'make-admin';

/** `POST /api/admin/users/:id/disable`, `/enable` and `/make-admin`. */
export const runUserAction = (id: string, action: UserAction) => api.post<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(id)}/${action}`);

export function useUserAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction) => runUserAction(id, action),
    onSuccess: (detail) => {
      queryClient.setQueryData(adminKeys.user(id), detail);
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
