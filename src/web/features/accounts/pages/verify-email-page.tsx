import { Alert, Button, Center, Container, Loader, Paper, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../../shared/paths';
import { PageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/error-message';
import { useVerifyEmail } from '../api/account-links';

/**
 * /verify-email?token=…, opened from a verification e-mail (sign-up, or a new address): the
 * page proves the address by sending the token, once, and says how it went.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verify = useVerifyEmail();
  const sent = useRef(false);

  useEffect(() => {
    // Opening the link is the action; a re-render must not send it twice.
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  return (
    <Container size={440} py="xl" px="md">
      <PageTitle title={t('verify.title')} ta="center" size="h2" />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="sm">
        <Stack gap="md">
          {verify.isSuccess ? (
            <Alert color="teal" role="status" title={t('verify.doneTitle')}>
              {t('verify.doneText')}
            </Alert>
          ) : verify.isError || !token ? (
            <Alert color="red" role="alert">
              {token ? errorMessage(verify.error) : t('errors:codes.INVALID_ACTION_CODE')}
            </Alert>
          ) : (
            <Center py="md">
              <Loader aria-label={t('common:loading')} />
            </Center>
          )}
          <Button component={Link} to={paths.home()} variant="light">
            {t('verify.home')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
