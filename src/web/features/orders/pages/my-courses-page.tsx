import { Button, Container, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { OrderHistory } from '../../../entities/orders/order-history';
import { PageTitle } from '../../../components/page-title';
import { useSession } from '../../../session/get-session';
import { MyCoursesList } from '../components/my-courses-list';
import { SignInRedirect } from '../../../components/sign-in-redirect';
import { MyAssignmentsTab } from '../../assignments';

/** /mycourses — tabs "Mis Cursos" (this page) and "Mis Favoritos" (/favourites), then my orders. */
export function MyCoursesPage() {
  const { t } = useTranslation('orders');
  const { isSignedIn, isPending } = useSession();
  if (!isPending && !isSignedIn) return <SignInRedirect />;
  return (
    <Container size="lg" py="xl">
      <PageTitle title={t('myCourses.title')} />
      <Stack gap="xl">
        <nav aria-label={t('myCourses.tabs')}>
          <Group gap="xs">
            <Button component={Link} to={paths.myCourses()} aria-current="page" variant="filled">
              {t('myCourses.title')}
            </Button>
            <Button component={Link} to={paths.favourites()} variant="subtle">
              {t('favourites.title')}
            </Button>
            <MyAssignmentsTab />
          </Group>
        </nav>
        {isSignedIn ? <MyCoursesList /> : null}
        {isSignedIn ? <OrderHistory /> : null}
      </Stack>
    </Container>
  );
}
