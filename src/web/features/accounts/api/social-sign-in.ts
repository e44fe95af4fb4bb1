import { useMutation } from '@tanstack/react-query';
import type { SocialProviderId } from '../../../../shared/schemas/auth';
import { paths } from '../../../../shared/paths';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { signInPath } from '../../../lib/sign-in-path';

/**
 * Starts a social sign-in: the server answers the provider's address, where the browser goes.
 * The provider sends it back to the server, which signs the user in and redirects to
 * `returnTo` (a path `safeReturnPath` accepted; better-auth also refuses any callback outside
 * PUBLIC_URL), or to the sign-in form with `error=<code>` (keeping `next`) when the sign-in fails.
 */
export const startSocialSignIn = ({ provider, returnTo }: { provider: SocialProviderId; returnTo?: string }) =>
  call(endpoints.startSocialSignIn, {
    body: { provider, callbackURL: returnTo ?? paths.home(), errorCallbackURL: signInPath(returnTo) },
  });

export function useSocialSignIn() {
  return useMutation({
    mutationFn: startSocialSignIn,
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
}
