import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * better-auth's password and e-mail changes. A new password ends every other session (the
 * server insists) and answers with this browser's new session cookie; a new e-mail takes effect
 * only when the link mailed to it is opened.
 */
export const changePassword = (input: { currentPassword: string; newPassword: string }) => api.post<{ token: string | null }>('/api/auth/change-password', input);
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changePassword, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['auth', 'session'] }) });
}

export const changeEmail = (newEmail: string) => api.post<{ status: boolean }>('/api/auth/change-email', { newEmail });
export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });
