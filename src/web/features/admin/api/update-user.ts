import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserDetail, AdminUserEdit } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const updateUser = (id: string, input: AdminUserEdit) => api.patch<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(id)}`, input);

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminUserEdit) => updateUser(id, input),
    onSuccess: (detail) => {
      queryClient.setQueryData(adminKeys.user(id), detail);
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
