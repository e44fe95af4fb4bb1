import { Alert, Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailField, passwordField } from '../../../../shared/schemas/auth';
import { toast } from '../../../components/toasts';
import { isApiError } from '../../../lib/api-client';
import { errorMessage, fieldErrorMessage } from '../../../lib/error-message';
import { useChangeEmail, useChangePassword } from '../api/account-credentials';

/** "Mis Datos": change the password (the product's rules) and the e-mail (proved by a mailed link first). */
export function AccountCredentials() {
  return (
    <>
      <ChangePasswordForm />
      <ChangeEmailForm />
    </>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation(['users', 'auth']);
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [fieldError, setFieldError] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = passwordField.safeParse(newPassword);
    if (!parsed.success || !currentPassword) {
      setFieldError(parsed.success ? undefined : parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    change.mutate(
      { currentPassword, newPassword: parsed.data },
      {
        onSuccess: () => {
          setCurrentPassword('');
          setNewPassword('');
          toast.success(t('credentials.passwordChanged'));
        },
        onError: (error) => {
          const field = isApiError(error) ? error.fields?.newPassword?.[0] : undefined;
          if (field) setFieldError(field);
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="sm" mt="lg">
      <form noValidate onSubmit={submit} aria-labelledby="change-password-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="change-password-title">
            {t('credentials.passwordTitle')}
          </Title>
          <PasswordInput
            label={t('credentials.currentPassword')}
            name="currentPassword"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': t('auth:fields.togglePassword') }}
            required
          />
          <PasswordInput
            label={t('credentials.newPassword')}
            name="newPassword"
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.currentTarget.value)}
            error={fieldError ? fieldErrorMessage(fieldError) : undefined}
            visibilityToggleButtonProps={{ 'aria-label': t('auth:fields.togglePassword') }}
            required
          />
          {change.isError && !fieldError ? (
            <Alert color="red" role="alert">
              {errorMessage(change.error)}
            </Alert>
          ) : null}
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-end' }}>
            {t('credentials.passwordSubmit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function ChangeEmailForm() {
  const { t } = useTranslation(['users', 'auth']);
  const change = useChangeEmail();
  const [newEmail, setNewEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = emailField.safeParse(newEmail);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    change.mutate(parsed.data);
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="sm" mt="lg">
      <form noValidate onSubmit={submit} aria-labelledby="change-email-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="change-email-title">
            {t('credentials.emailTitle')}
          </Title>
          {change.isSuccess ? (
            <Alert color="teal" role="status">
              {t('credentials.emailSent', { email: change.variables })}
            </Alert>
          ) : null}
          <TextInput
            label={t('credentials.newEmail')}
            type="email"
            name="newEmail"
            autoComplete="email"
            value={newEmail}
            onChange={(event) => setNewEmail(event.currentTarget.value)}
            error={fieldError ? fieldErrorMessage(fieldError) : undefined}
            required
          />
          {change.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(change.error)}
            </Alert>
          ) : null}
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-end' }}>
            {t('credentials.emailSubmit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
