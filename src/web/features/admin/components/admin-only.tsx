import { Button, Center, Container, Loader, Stack, Text } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { PageTitle } from '../../../components/page-title';
import { useSession } from '../../../session/get-session';
import { SignInRedirect } from '../../../components/sign-in-redirect';

/**
 * Shows its children to admins only; a visitor goes to the sign-in form (and comes back), a
 * signed-in non-admin gets the not-allowed screen. The server
 * refuses every admin call anyway (401/403): this only spares others a page of errors.
 */
function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['admin', 'common']);
  const { isAdmin, isSignedIn, isPending } = useSession();
  if (isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('common:loading')} />
      </Center>
    );
  }
  // A visitor signs in first and comes back here; a signed-in non-admin is told no.
  if (!isSignedIn) return <SignInRedirect />;
  if (!isAdmin) {
    return (
      <Container size="sm" py="xl">
        <Stack align="center" ta="center">
          <PageTitle title={t('notAllowed.title')} mb={0} />
          <Text size="lg">{t('notAllowed.text')}</Text>
          <Button component={Link} to={paths.home()}>
            {t('notAllowed.home')}
          </Button>
        </Stack>
      </Container>
    );
  }
  return children;
}

/**
 * A page for admins only. The page's own hooks (its API queries) run only inside the gate,
 * so a non-admin's visit asks the server for nothing but the session.
 */
export function adminOnly(Page: ComponentType) {
  function AdminOnlyPage() {
    return (
      <AdminOnly>
        <Page />
      </AdminOnly>
    );
  }
  AdminOnlyPage.displayName = `adminOnly(${Page.displayName ?? Page.name})`;
  return AdminOnlyPage;
}
