import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { adminKeys } from '../../admin';

export type UserAction = 'disable' | 'enable' | 'make-admin';

const userActionEndpoints = { disable: endpoints.disableUser, enable: endpoints.enableUser, 'make-admin': endpoints.makeAdmin };

/** Disable, enable or make an admin of a user. */
export const runUserAction = (id: string, action: UserAction) => call(userActionEndpoints[action], { params: { id } });

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
