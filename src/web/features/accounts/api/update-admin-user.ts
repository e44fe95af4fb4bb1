import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserEdit } from '../../../../shared/schemas/admin';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { adminKeys } from '../../admin';

export const updateUser = (id: string, input: AdminUserEdit) => call(endpoints.updateAdminUser, { params: { id }, body: input });

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
