import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { emailField } from '../../../../shared/schemas/auth';
import { errorMessage, fieldErrorMessage } from '../../../lib/error-message';
import { useRequestPasswordReset } from '../api/account-links';

/**
 * "Forgot your password?": asks for a reset link. The answer is the same whether or not the
 * address has an account (the server answers alike), so the page says "if". Without JavaScript it
 * is posted to the server, which comes back to /register?mode=forgot with the same answer.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = emailField.safeParse(email);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    request.mutate(parsed.data);
  };

  if (request.isSuccess) {
    return (
      <Alert color="teal" title={t('forgot.sentTitle')} role="status">
        {t('forgot.sentText')}
      </Alert>
    );
  }
  return (
    <form noValidate method="post" action={endpoints.passwordResetRequestForm.path} onSubmit={submit} aria-label={t('forgot.title')}>
      <Stack gap="sm">
        <TextInput
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={fieldError ? fieldErrorMessage(fieldError) : undefined}
          required
        />
        {request.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(request.error)}
          </Alert>
        ) : null}
        <Button type="submit" loading={request.isPending}>
          {t('forgot.submit')}
        </Button>
      </Stack>
    </form>
  );
}
