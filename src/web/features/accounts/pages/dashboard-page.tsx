import { Avatar, Badge, Button, Center, Container, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { paths } from '../../../../shared/paths';
import type { UpdateProfileInput } from '../../../../shared/schemas/users';
import { showDialog } from '../../../components/dialogs';
import { PageTitle } from '../../../components/page-title';
import { toast } from '../../../components/toasts';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useMe } from '../api/get-me';
import { useUpdateMe } from '../api/update-me';
import { AccountCredentials } from '../components/account-credentials';
import { ProfileForm } from '../components/profile-form';
import { SignInRedirect } from '../../../components/sign-in-redirect';
import { useSession } from '../../../session/get-session';
import { useSendVerificationEmail } from '../../../session/send-verification-email';

/**
 * /{userName} — "Mis Datos": the signed-in user's name, e-mail and picture, with an edit
 * mode for the name and picture (spec section 2). Only ever the user's own data: another
 * name in the address leads to the user's own dashboard, a visitor to the sign-in form, and back.
 */
export function DashboardPage() {
  const { t } = useTranslation(['users', 'common']);
  const { userName } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();
  const update = useUpdateMe();
  const [editing, setEditing] = useState(false);
  // Saved and on the way home: the new name must not send the page to its new address first.
  const [leaving, setLeaving] = useState(false);

  if (me.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common:loading')} />
      </Center>
    );
  }
  if (me.isError) {
    // A visitor signs in first; ACCOUNT_DISABLED is handled app-wide (dialog and sign-out).
    if (isApiError(me.error) && (me.error.code === 'UNAUTHENTICATED' || me.error.code === 'ACCOUNT_DISABLED')) {
      return <SignInRedirect />;
    }
    throw me.error;
  }
  if (userName !== me.data.name && !leaving) return <Navigate to={paths.dashboard(me.data.name)} replace />;

  const save = (values: UpdateProfileInput) => {
    update.mutate(values, {
      onSuccess: async () => {
        setLeaving(true);
        await showDialog({ icon: 'success', title: t('dashboard.updated.title'), text: t('dashboard.updated.text') });
        // Spec: "Enviar" saves and goes to /. The new name and picture reach the navbar then.
        await navigate(paths.home());
        await queryClient.invalidateQueries();
      },
      onError: (error) => {
        if (!isApiError(error) || error.code !== 'VALIDATION_FAILED') toast.error(errorMessage(error));
      },
    });
  };

  const user = me.data;
  return (
    <Container size={560} py="xl" px="md">
      <PageTitle title={t('dashboard.title')} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="sm">
        <Stack gap="lg">
          <Group gap="lg" wrap="nowrap" align="center">
            <Avatar
              src={user.image}
              alt={user.image ? t('dashboard.pictureAlt') : undefined}
              name={user.name}
              // Initials in one readable color (a name-derived one can be yellow on white).
              color="indigo"
              variant="filled"
              size={96}
              radius={96}
            />
            <Stack gap={4} miw={0}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {t('dashboard.name')}
              </Text>
              <Text size="lg" fw={700} style={{ overflowWrap: 'anywhere' }}>
                {user.name}
              </Text>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700} mt="xs">
                {t('dashboard.email')}
              </Text>
              <Text style={{ overflowWrap: 'anywhere' }}>{user.email}</Text>
              <EmailStatus email={user.email} />
              {user.image ? null : (
                <Text size="sm" c="dimmed" mt="xs">
                  {t('dashboard.noPicture')}
                </Text>
              )}
            </Stack>
          </Group>
          {editing ? (
            <ProfileForm
              me={user}
              saving={update.isPending}
              saveError={update.error}
              onSubmit={save}
              onCancel={() => {
                update.reset();
                setEditing(false);
              }}
            />
          ) : (
            <Group justify="flex-end">
              <Button onClick={() => setEditing(true)}>{t('dashboard.edit')}</Button>
            </Group>
          )}
        </Stack>
      </Paper>
      <AccountCredentials />
    </Container>
  );
}

/** Whether the address is verified (the session says), with "send the link again" while it is not. */
function EmailStatus({ email }: { email: string }) {
  const { t } = useTranslation('users');
  const { user } = useSession();
  const send = useSendVerificationEmail();
  // Unknown (the session has not said): nothing rather than a guess.
  if (user?.emailVerified === undefined) return null;
  if (user.emailVerified) {
    return (
      <Badge variant="default" mt={4}>
        {t('emailStatus.verified')}
      </Badge>
    );
  }
  return (
    <Group gap="xs" mt={4}>
      <Badge variant="default">
        {t('emailStatus.unverified')}
      </Badge>
      {send.isSuccess ? (
        <Text size="sm" fw={600} role="status">
          {t('emailStatus.sent')}
        </Text>
      ) : (
        <Button size="compact-sm" variant="transparent" loading={send.isPending} onClick={() => send.mutate(email)}>
          {t('emailStatus.sendAgain')}
        </Button>
      )}
      {send.isError ? (
        <Text size="sm" c="red.9" role="alert">
          {errorMessage(send.error)}
        </Text>
      ) : null}
    </Group>
  );
}
