import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { useFavourites } from '../../../entities/favourites/get-favourites';
import { MyCoursesTabs } from '../../../components/my-courses-tabs';
import { PageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/error-message';
import { useSession } from '../../../session/get-session';
import { CourseGrid, CourseGridSkeleton } from '../../../entities/courses/course-grid';
import { SignInRedirect } from '../../../components/sign-in-redirect';

/** /favourites — the "Mis Favoritos" tab: my favourite courses, each linking to its page (spec section 2). */
export function FavouritesPage() {
  const { t } = useTranslation('catalog');
  const { isSignedIn, isPending } = useSession();
  const favourites = useFavourites({ enabled: isSignedIn });

  if (!isPending && !isSignedIn) return <SignInRedirect />;

  return (
    <Container size="lg" py="xl">
      <PageTitle title={t('favourites.title')} />
      <MyCoursesTabs active="favourites">
        {favourites.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(favourites.error)}
          </Alert>
        ) : !favourites.data ? (
          <CourseGridSkeleton count={3} />
        ) : favourites.data.items.length === 0 ? (
          <Stack align="flex-start" gap="md">
            <Text size="lg">{t('favourites.empty')}</Text>
            <Button component={Link} to={paths.allCourses()}>
              {t('favourites.browse')}
            </Button>
          </Stack>
        ) : (
          <CourseGrid courses={favourites.data.items} signedIn />
        )}
      </MyCoursesTabs>
    </Container>
  );
}
