import { Alert, Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailField, passwordField } from '../../../../shared/schemas/auth';
import { toast } from '../../../components/toasts';
import { isApiError } from '../../../lib/api-client';
import { errorMessage, fieldErrorMessage } from '../../../lib/error-message';
import { useSession } from '../../../session/get-session';
import { useChangePassword, useRequestEmailChange } from '../api/account-credentials';

/** "Mis Datos": change the password (the product's rules) and the e-mail (approved by the current address, then proved by the new one). */
export function AccountCredentials() {
  return (
    <>
      <ChangePasswordForm />
      <ChangeEmailForm />
    </>
  );
}

/**
 * better-auth answers a wrong current password as a failed sign-in (INVALID_CREDENTIALS, "Invalid
 * e-mail and/or password!"); here the only thing that can be wrong is the current password, so it
 * says so, and marks that field.
 */
export const isWrongCurrentPassword = (error: unknown) => isApiError(error) && error.code === 'INVALID_CREDENTIALS';

function ChangePasswordForm() {
  const { t } = useTranslation(['users', 'auth']);
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const wrongCurrent = isWrongCurrentPassword(change.error);

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
      <form noValidate method="post" onSubmit={submit} aria-labelledby="change-password-title">
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
            // Marked wrong; the alert below says why (and is read out). A password field leaves aria-invalid to us.
            error={wrongCurrent}
            aria-invalid={wrongCurrent || undefined}
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
              {wrongCurrent ? t('credentials.wrongCurrentPassword') : errorMessage(change.error)}
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

/**
 * The e-mail change: the new address and the current password (empty for an account that signs
 * in only through a provider, which must have signed in within the last minutes). The current
 * address is mailed a link to approve; nothing changes until then and the new address's confirmation.
 */
function ChangeEmailForm() {
  const { t } = useTranslation(['users', 'auth']);
  const { user } = useSession();
  const change = useRequestEmailChange();
  const [newEmail, setNewEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ newEmail?: string; currentPassword?: string }>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = emailField.safeParse(newEmail);
    if (!parsed.success) {
      setFieldErrors({ newEmail: parsed.error.issues[0]?.message });
      return;
    }
    setFieldErrors({});
    change.mutate(
      { newEmail: parsed.data, ...(currentPassword ? { currentPassword } : {}) },
      {
        onSuccess: () => setCurrentPassword(''),
        onError: (error) => {
          if (isApiError(error) && error.fields) setFieldErrors({ newEmail: error.fields.newEmail?.[0], currentPassword: error.fields.currentPassword?.[0] });
        },
      },
    );
  };
  const hasFieldError = Boolean(fieldErrors.newEmail || fieldErrors.currentPassword);
  // The same answer for a wrong current password here (the server's own check).
  const wrongCurrent = isWrongCurrentPassword(change.error);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="sm" mt="lg">
      <form noValidate method="post" onSubmit={submit} aria-labelledby="change-email-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="change-email-title">
            {t('credentials.emailTitle')}
          </Title>
          {change.isSuccess ? (
            <Alert color="teal" role="status">
              {t('credentials.emailSent', { email: user?.email ?? '' })} {t('credentials.emailConfirmNext', { email: change.data.newEmail })}
            </Alert>
          ) : null}
          <TextInput
            label={t('credentials.newEmail')}
            type="email"
            name="newEmail"
            autoComplete="email"
            value={newEmail}
            onChange={(event) => setNewEmail(event.currentTarget.value)}
            error={fieldErrors.newEmail ? fieldErrorMessage(fieldErrors.newEmail) : undefined}
            required
          />
          <PasswordInput
            label={t('credentials.emailPassword')}
            description={t('credentials.emailPasswordHint')}
            name="currentPassword"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.currentTarget.value)}
            error={fieldErrors.currentPassword ? fieldErrorMessage(fieldErrors.currentPassword) : wrongCurrent}
            aria-invalid={Boolean(fieldErrors.currentPassword) || wrongCurrent || undefined}
            visibilityToggleButtonProps={{ 'aria-label': t('auth:fields.togglePassword') }}
          />
          {change.isError && !hasFieldError ? (
            <Alert color="red" role="alert">
              {wrongCurrent ? t('credentials.wrongCurrentPassword') : errorMessage(change.error)}
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
