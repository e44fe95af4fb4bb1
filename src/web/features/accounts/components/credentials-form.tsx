import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import type { FieldErrors } from '../../../../shared/errors';
import { credentialsSchema, type Credentials } from '../../../../shared/schemas/auth';
import { languageOrDefault } from '../../../../shared/languages';
import { isApiError } from '../../../lib/api-client';
import { useSignIn } from '../api/sign-in';
import { showAuthErrorDialog, showWrongFieldsDialog } from './auth-error-dialog';
import { fieldErrorMessage } from '../../../lib/error-message';
import type { AuthMode } from '../../../lib/sign-in-path';

type Field = keyof Credentials;

const emptyForm: Credentials = { email: '', password: '' };

/** The first message of each field, as field-error keys (`validation.passwordUppercase`). */
function validate(values: Credentials): Partial<Record<Field, string>> {
  const parsed = credentialsSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

const firstOf = (fields: FieldErrors | undefined) => ({ email: fields?.email?.[0], password: fields?.password?.[0] });

/**
 * E-mail and password, validated with the server's own schema (spec section 5: the password
 * rules in the spec's order, the first failing one under the field). A submit with errors
 * raises "Wrong fields"; a submit that goes out clears the form (spec section 4).
 *
 * Until the app takes over (or without JavaScript) it is a plain form posted to the server
 * (`method="post"`: never a GET, whose query would put the password in the address bar, the
 * history and the request log), which answers with the same rules and comes back to `returnTo`.
 */
export function CredentialsForm({ mode, returnTo }: { mode: AuthMode; returnTo?: string }) {
  // The page's own instance: on the server, the language this page is drawn in.
  const { t, i18n } = useTranslation('auth');
  const queryClient = useQueryClient();
  const signIn = useSignIn();
  const [values, setValues] = useState<Credentials>(emptyForm);
  // Messages show after the first submit, then follow the typing.
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});

  const clientErrors = showErrors ? validate(values) : {};
  const errorOf = (field: Field) => {
    const key = clientErrors[field] ?? serverErrors[field];
    return key ? fieldErrorMessage(key) : undefined;
  };

  const change = (field: Field) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const parsed = credentialsSchema.safeParse(values);
    if (!parsed.success) {
      setShowErrors(true);
      void showWrongFieldsDialog();
      return;
    }
    setValues(emptyForm);
    setShowErrors(false);
    setServerErrors({});
    signIn.mutate(
      { mode, credentials: parsed.data },
      {
        onError: (error) => {
          if (isApiError(error) && error.code === 'VALIDATION_FAILED') setServerErrors(firstOf(error.fields));
          void showAuthErrorDialog(error, queryClient);
        },
      },
    );
  };

  return (
    <form noValidate method="post" action={mode === 'signIn' ? endpoints.signInForm.path : endpoints.signUpForm.path} onSubmit={submit}>
      {returnTo ? <input type="hidden" name="next" value={returnTo} /> : null}
      {/* The account's e-mails are written in the page's language, as the app's sign-up asks. */}
      {mode === 'signUp' ? <input type="hidden" name="language" value={languageOrDefault(i18n.resolvedLanguage ?? i18n.language)} /> : null}
      <Stack gap="md">
        <TextInput
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onChange={change('email')}
          error={errorOf('email')}
          required
        />
        <PasswordInput
          label={t('fields.password')}
          name="password"
          autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
          value={values.password}
          onChange={change('password')}
          error={errorOf('password')}
          visibilityToggleButtonProps={{ 'aria-label': t('fields.togglePassword') }}
          required
        />
        <Button type="submit" size="md" fullWidth loading={signIn.isPending}>
          {t(`${mode}.submit`)}
        </Button>
      </Stack>
    </form>
  );
}
