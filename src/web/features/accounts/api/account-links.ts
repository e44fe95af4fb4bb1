import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../session/get-session';

/**
 * The account e-mails' endpoints (better-auth's, under /api/auth/*): ask for a reset link, set a
 * new password with one, open a verification link (asking for it again: src/web/session/send-verification-email.ts).
 */
export const requestPasswordReset = (email: string) => call(endpoints.requestPasswordReset, { body: { email } });
export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

export const resetPassword = (input: { token: string; newPassword: string }) => call(endpoints.resetPassword, { body: input });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

export const verifyEmail = (token: string) => call(endpoints.verifyEmail, { query: { token } });
/** On success the session (which carries `emailVerified`) is read again, so the reminder goes away. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: verifyEmail, onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }) });
}
