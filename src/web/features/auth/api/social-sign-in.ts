import { useMutation } from '@tanstack/react-query';
import type { SocialProviderId } from '../../../../shared/schemas/auth';
import { paths } from '../../../../shared/paths';
import { api } from '../../../lib/api-client';

/**
 * Starts a social sign-in: the server answers the provider's address, where the browser goes.
 * The provider sends it back to the server, which signs the user in and redirects to `/`, or
 * to `/register?error=<code>` when the sign-in fails.
 */
export const startSocialSignIn = (provider: SocialProviderId) =>
  api.post<{ url: string; redirect: boolean }>('/api/auth/sign-in/social', {
    provider,
    callbackURL: paths.home(),
    errorCallbackURL: paths.register(),
  });

export function useSocialSignIn() {
  return useMutation({
    mutationFn: startSocialSignIn,
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
}
