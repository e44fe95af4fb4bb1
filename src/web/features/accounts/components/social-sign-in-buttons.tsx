import { Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialProviderId } from '../../../../shared/schemas/auth';
import { useAuthProviders } from '../api/get-auth-providers';
import { useSocialSignIn } from '../api/social-sign-in';
import { showAuthErrorDialog } from './auth-error-dialog';
import { FacebookIcon, GitHubIcon, GoogleIcon, XBrandIcon } from './provider-icons';

const buttons: { id: SocialProviderId; label: 'google' | 'social.github' | 'social.facebook' | 'social.twitter'; Icon: ComponentType }[] = [
  { id: 'google', label: 'google', Icon: GoogleIcon },
  { id: 'github', label: 'social.github', Icon: GitHubIcon },
  { id: 'facebook', label: 'social.facebook', Icon: FacebookIcon },
  { id: 'twitter', label: 'social.twitter', Icon: XBrandIcon },
];

const GOOGLE_HINT_ID = 'google-unavailable-hint';

/**
 * `returnTo`: the page the visitor came from, where the provider's answer brings them back.
 * "Sign in with Google" always (the spec's button; disabled with a note while the server has
 * no Google credentials), and GitHub, Facebook and X only when the server has theirs.
 */
export function SocialSignInButtons({ returnTo }: { returnTo?: string }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const providers = useAuthProviders();
  const socialSignIn = useSocialSignIn();
  // After success the browser is on its way to the provider: keep the spinner.
  const busyWith = socialSignIn.isPending || socialSignIn.isSuccess ? socialSignIn.variables?.provider : undefined;
  const googleUnavailable = providers.data?.google === false;

  return (
    <Stack gap="sm" role="group" aria-label={t('social.label')}>
      {buttons
        .filter(({ id }) => id === 'google' || providers.data?.[id] === true)
        .map(({ id, label, Icon }) => (
          <Button
            key={id}
            variant="default"
            size="md"
            fullWidth
            leftSection={<Icon />}
            loading={busyWith === id}
            disabled={(id === 'google' && googleUnavailable) || (busyWith !== undefined && busyWith !== id)}
            aria-describedby={id === 'google' && googleUnavailable ? GOOGLE_HINT_ID : undefined}
            onClick={() => {
              socialSignIn.mutate({ provider: id, returnTo }, { onError: (error) => void showAuthErrorDialog(error, queryClient) });
            }}
          >
            {busyWith === id ? t('social.redirecting') : t(label)}
          </Button>
        ))}
      {googleUnavailable ? (
        <Text id={GOOGLE_HINT_ID} size="sm" c="dimmed" ta="center">
          {t('social.googleUnavailable')}
        </Text>
      ) : null}
    </Stack>
  );
}
