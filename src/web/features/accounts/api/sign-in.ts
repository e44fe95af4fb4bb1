import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Credentials } from '../../../../shared/schemas/auth';
import { currentLanguage } from '../../../i18n';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';

/**
 * `mode` picks the endpoint: better-auth's e-mail sign-in or sign-up (which signs in too). A
 * sign-up sends the interface's language, which the account's e-mails are written in.
 */
export const signInWithEmail = (mode: 'signIn' | 'signUp', credentials: Credentials) =>
  mode === 'signIn'
    ? call(endpoints.signInWithEmail, { body: credentials })
    : call(endpoints.signUpWithEmail, { body: { ...credentials, language: currentLanguage() } });

/**
 * Signs in or up. On success every query refetches with the new session (the session itself
 * first, so the navbar shows the user at once).
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, credentials }: { mode: 'signIn' | 'signUp'; credentials: Credentials }) => signInWithEmail(mode, credentials),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
