import { Alert, Button, Container, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { signInPath } from '../../../lib/sign-in-path';
import { passwordField } from '../../../../shared/schemas/auth';
import { PageTitle } from '../../../components/page-title';
import { toast } from '../../../components/toasts';
import { isApiError } from '../../../lib/api-client';
import { errorMessage, fieldErrorMessage } from '../../../lib/error-message';
import { useResetPassword } from '../api/account-links';

/**
 * /reset-password?token=…, opened from the reset e-mail: a new password under the product's
 * rules. Success ends every session, so the user signs in again with it on /register.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = passwordField.safeParse(password);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    reset.mutate(
      { token, newPassword: parsed.data },
      {
        onSuccess: () => {
          toast.success(t('reset.done'));
          // The new password is for signing in: the form opens there, under the toast that says so.
          void navigate(signInPath());
        },
        onError: (error) => {
          const field = isApiError(error) ? error.fields?.newPassword?.[0] : undefined;
          if (field) setFieldError(field);
        },
      },
    );
  };

  const linkBroken = isApiError(reset.error) && (reset.error.code === 'EXPIRED_ACTION_CODE' || reset.error.code === 'INVALID_ACTION_CODE');
  return (
    <Container size={440} py="xl" px="md">
      <PageTitle title={t('reset.title')} ta="center" size="h2" />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="sm">
        {!token || linkBroken ? (
          <Stack gap="md">
            <Alert color="red" role="alert">
              {token ? errorMessage(reset.error) : t('errors:codes.INVALID_ACTION_CODE')}
            </Alert>
            <Button component={Link} to={signInPath()} variant="light">
              {t('reset.askAgain')}
            </Button>
          </Stack>
        ) : (
          <form noValidate method="post" onSubmit={submit}>
            <Stack gap="md">
              <Text size="sm">{t('reset.intro')}</Text>
              <PasswordInput
                label={t('reset.newPassword')}
                name="newPassword"
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                error={fieldError ? fieldErrorMessage(fieldError) : undefined}
                visibilityToggleButtonProps={{ 'aria-label': t('fields.togglePassword') }}
                required
              />
              {reset.isError && !fieldError ? (
                <Alert color="red" role="alert">
                  {errorMessage(reset.error)}
                </Alert>
              ) : null}
              <Button type="submit" loading={reset.isPending}>
                {t('reset.submit')}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}
