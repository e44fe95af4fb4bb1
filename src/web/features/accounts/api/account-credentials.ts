import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../session/get-session';

/**
 * The password change (better-auth's) and the e-mail change (the app's own). A new password ends
 * every other session (the server insists) and answers with this browser's new session cookie.
 * A new e-mail asks for the current password; the current address approves the change by a mailed
 * link, then the new address confirms itself by another, and only then does the e-mail change.
 */
export const changePassword = (input: { currentPassword: string; newPassword: string }) => call(endpoints.changePassword, { body: input });
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changePassword, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['auth', 'session'] }) });
}

export const requestEmailChange = (input: { newEmail: string; currentPassword?: string }) => call(endpoints.requestEmailChange, { body: input });
export const useRequestEmailChange = () => useMutation({ mutationFn: requestEmailChange });

export const approveEmailChange = (token: string) => call(endpoints.approveEmailChange, { body: { token } });
export const useApproveEmailChange = () => useMutation({ mutationFn: approveEmailChange });

export const confirmEmailChange = (token: string) => call(endpoints.confirmEmailChange, { body: { token } });
/** The session carries the e-mail: it is read again once the address changed. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmEmailChange, onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }) });
}
