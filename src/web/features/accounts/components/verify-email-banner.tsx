import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useSendVerificationEmail } from '../../../session/send-verification-email';
import { useSession } from '../../../session/get-session';

/** Reminds a signed-in user whose address is not verified yet, with a "send again" button (limited by the server). */
export function VerifyEmailBanner() {
  const { t } = useTranslation('auth');
  const { user } = useSession();
  const send = useSendVerificationEmail();
  if (!user || user.emailVerified !== false) return null;
  return (
    <Alert color="yellow" radius={0} py="xs" aria-label={t('banner.label')}>
      <Group justify="center" gap="sm">
        <Text size="sm">{t('banner.text', { email: user.email })}</Text>
        {send.isSuccess ? (
          <Text size="sm" fw={600} role="status">
            {t('banner.sent')}
          </Text>
        ) : (
          <Button size="compact-sm" variant="white" color="dark" loading={send.isPending} onClick={() => send.mutate(user.email)}>
            {t('banner.sendAgain')}
          </Button>
        )}
        {send.isError ? (
          <Text size="sm" c="red.9" role="alert">
            {errorMessage(send.error)}
          </Text>
        ) : null}
      </Group>
    </Alert>
  );
}
