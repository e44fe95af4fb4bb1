import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';

/**
 * better-auth's password and e-mail changes. A new password ends every other session (the
 * server insists) and answers with this browser's new session cookie; a new e-mail takes effect
 * only when the link mailed to it is opened.
 */
export const changePassword = (input: { currentPassword: string; newPassword: string }) => call(endpoints.changePassword, { body: input });
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changePassword, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['auth', 'session'] }) });
}

export const changeEmail = (newEmail: string) => call(endpoints.changeEmail, { body: { newEmail } });
export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });
