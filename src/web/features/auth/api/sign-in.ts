import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Credentials } from '../../../../shared/schemas/auth';
import { api } from '../../../lib/api-client';

type AuthResult = { token: string | null; user: { id: string; name: string; email: string } };

/** `mode` picks the endpoint: better-auth's e-mail sign-in or sign-up (which signs in too). */
export const signInWithEmail = (mode: 'signIn' | 'signUp', credentials: Credentials) =>
  api.post<AuthResult>(mode === 'signIn' ? '/api/auth/sign-in/email' : '/api/auth/sign-up/email', credentials);

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
