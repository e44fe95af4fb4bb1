import { Alert, Anchor, Button, Container, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { formNoticeFrom, successNotices, type FormNotice } from '../../../../shared/form-notices';
import { paths } from '../../../../shared/paths';
import { safeReturnPath } from '../../../../shared/return-path';
import { PageTitle } from '../../../components/page-title';
import { useSession } from '../../../session/get-session';
import { useHydrated } from '../../../lib/use-hydrated';
import { peekPendingAction } from '../../../lib/pending-action';
import { authModeFrom, type AuthMode } from '../../../lib/sign-in-path';
import { showSocialErrorDialog } from '../components/auth-error-dialog';
import { CredentialsForm } from '../components/credentials-form';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { SocialSignInButtons } from '../components/social-sign-in-buttons';

/**
 * /register — sign-up (the default) or sign-in, toggled by a button, plus social sign-in
 * (spec sections 2 and 4). `?mode=signin` opens on sign-in: every "sign in" link and every
 * redirect of a visitor does, with a line saying what will be done once signed in. A signed-in user is sent to the home page, or back to the page
 * named by `?next=` (a visitor sent here by "add to cart", say), where the action they
 * started is finished (PendingActionRunner).
 */
export function RegisterPage() {
  const { t } = useTranslation(['auth', 'common']);
  // The form shows at once (the server draws it): a signed-in user is sent on as soon as the session is known.
  const { isSignedIn } = useSession();
  const [searchParams] = useSearchParams();
  // Where the visitor was when an action needed an account; only a path of this app.
  const returnTo = safeReturnPath(searchParams.get('next')) ?? undefined;
  const [mode, setMode] = useState<AuthMode>(() => authModeFrom(searchParams.get('mode')));
  // `mode=forgot`: the reset request, where a form posted without JavaScript comes back to.
  const [forgot, setForgot] = useState(() => searchParams.get('mode') === 'forgot');
  const notice = formNoticeFrom(searchParams.get('notice'));
  useSocialSignInError();

  if (isSignedIn) return <Navigate to={returnTo ?? paths.home()} replace />;

  const other: AuthMode = mode === 'signUp' ? 'signIn' : 'signUp';
  return (
    <Container size={440} py="xl" px="md">
      <PageTitle title={t('title')} ta="center" size="h2" documentTitle={t(`${mode}.title`)} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="sm">
        <Stack gap="lg">
          <Title order={2} size="h3" ta="center">
            {forgot ? t('forgot.title') : t(`${mode}.title`)}
          </Title>
          {notice ? <FormNoticeAlert notice={notice} /> : null}
          {forgot ? null : <PendingActionLine />}
          {forgot ? (
            <>
              <ForgotPasswordForm />
              <Button variant="transparent" onClick={() => setForgot(false)}>
                {t('forgot.back')}
              </Button>
            </>
          ) : (
            <>
              {/* A new form per mode: switching starts clean. */}
              <CredentialsForm key={mode} mode={mode} returnTo={returnTo} />
              {/* Transparent: a subtle button's hover tint leaves its text below 4.5:1. */}
              <Button variant="transparent" onClick={() => setMode(other)}>
                {t(`${mode}.toggle`)}
              </Button>
              <Button variant="transparent" size="compact-sm" onClick={() => setForgot(true)}>
                {t('forgot.link')}
              </Button>
            </>
          )}
          <Divider label={t('or')} labelPosition="center" />
          <SocialSignInButtons returnTo={returnTo} />
        </Stack>
      </Paper>
    </Container>
  );
}

/**
 * What a form posted without JavaScript came back with (`?notice=<code>`, src/shared/form-notices.ts),
 * drawn by the server in the words of the app's dialogs. A wrong password's notice links to the
 * reset request, which without JavaScript the page's own button cannot open.
 */
function FormNoticeAlert({ notice }: { notice: FormNotice }) {
  const { t } = useTranslation(['auth', 'errors']);
  const texts: Record<FormNotice, { title: string; text?: string }> = {
    INVALID_CREDENTIALS: { title: t('auth:invalidCredentials.title'), text: t('auth:invalidCredentials.text') },
    EMAIL_TAKEN: { title: t('errors:emailExists.title'), text: t('errors:emailExists.text') },
    RATE_LIMITED: { title: t('auth:tooManyAttempts.title'), text: t('auth:tooManyAttempts.text') },
    VALIDATION_FAILED: { title: t('auth:wrongFields'), text: t('auth:formNotice.checkFields') },
    RESET_LINK_SENT: { title: t('auth:forgot.sentTitle'), text: t('auth:forgot.sentText') },
    ACCOUNT_DISABLED: { title: t('errors:codes.ACCOUNT_DISABLED') },
    EXPIRED_ACTION_CODE: { title: t('errors:codes.EXPIRED_ACTION_CODE') },
    INVALID_ACTION_CODE: { title: t('errors:codes.INVALID_ACTION_CODE') },
    // The contact form's; never sent back here.
    MESSAGE_SENT: { title: t('auth:formNotice.failed') },
    FAILED: { title: t('auth:formNotice.failed') },
  };
  const { title, text } = texts[notice];
  const success = successNotices.has(notice);
  return (
    <Alert color={success ? 'teal' : 'red'} title={title} role={success ? 'status' : 'alert'}>
      {text}
      {notice === 'INVALID_CREDENTIALS' ? (
        <>
          {' '}
          <Anchor href={paths.register({ mode: 'forgot' })}>{t('auth:forgot.link')}</Anchor>
        </>
      ) : null}
    </Alert>
  );
}

/**
 * "Sign in to add «…» to your cart": what the visitor asked for before being sent here, which
 * PendingActionRunner does once they are signed in. Only the browser knows it (session
 * storage), so it shows once the server's HTML is hydrated.
 */
export function PendingActionLine() {
  const { t } = useTranslation('auth');
  const hydrated = useHydrated();
  const action = hydrated ? peekPendingAction() : null;
  if (!action) return null;
  return (
    <Text ta="center" fw={500} role="status">
      {action.title ? t(`intent.${action.kind}`, { title: action.title }) : t(`intent.${action.kind}Untitled`)}
    </Text>
  );
}

/** A social sign-in that failed returns here with `?error=<code>`: show why, once, then tidy the address. */
function useSocialSignInError() {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const shown = useRef<string | null>(null);
  const code = searchParams.get('error');

  useEffect(() => {
    // A dialog is a side effect of arriving with the parameter, not state to derive.
    if (!code || shown.current === code) return;
    shown.current = code;
    void showSocialErrorDialog(code, queryClient);
    setSearchParams(
      (params) => {
        params.delete('error');
        params.delete('error_description');
        return params;
      },
      { replace: true },
    );
  }, [code, queryClient, setSearchParams]);
}
