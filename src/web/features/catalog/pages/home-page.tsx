import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { limits } from '../../../../shared/limits';
import { paths } from '../../../../shared/paths';
import { CourseCard } from '../../../entities/courses/course-card';
import { useDocumentTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/error-message';
import { useSession } from '../../../session/get-session';
import { useCourses } from '../../../entities/courses/get-courses';
import { CourseCardSkeleton } from '../../../entities/courses/course-grid';
import { DragScrollRow } from '../components/drag-scroll-row';
import { WhyChooseUs } from '../components/why-choose-us';

/** / — Home: hero, the first 8 courses in a row, a link to all courses, "why choose us" (spec section 2). */
export function HomePage() {
  const { t, i18n } = useTranslation('catalog');
  // The home tab shows the brand alone, as the server does.
  useDocumentTitle();
  const { isSignedIn } = useSession();
  // The listing's first page (newest first), shared with /allcourses' cache.
  const courses = useCourses({ page: 1 });

  return (
    <Container size="lg" py={48}>
      <Stack gap={56}>
        <section>
          <Title order={1} maw={720}>
            {t('home.title')}
          </Title>
          <Text size="xl" c="dimmed" mt="md" maw={640}>
            {t('home.subtitle')}
          </Text>
          <Button component={Link} to={paths.allCourses()} size="lg" mt="xl">
            {t('home.seeAll')}
          </Button>
        </section>

        <section aria-labelledby="latest-courses">
          <Title order={2} id="latest-courses" mb="xs">
            {t('home.latest')}
          </Title>
          {courses.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(courses.error, i18n)}
            </Alert>
          ) : (
            <DragScrollRow label={t('home.latest')}>
              {courses.data
                ? courses.data.items.slice(0, limits.homeCourses).map((course, index) => (
                    <li key={course.id}>
                      <CourseCard course={course} signedIn={isSignedIn} lazyImage={index >= 4} />
                    </li>
                  ))
                : Array.from({ length: 4 }, (_, index) => (
                    // Keys apart from the course ids: a placeholder keyed 1 would be reused for
                    // course 1 and move across the row, a layout shift.
                    <li key={`placeholder-${index}`}>
                      <CourseCardSkeleton />
                    </li>
                  ))}
            </DragScrollRow>
          )}
          <Button component={Link} to={paths.allCourses()} variant="light" mt="md">
            {t('home.seeAll')}
          </Button>
        </section>

        <WhyChooseUs />
      </Stack>
    </Container>
  );
}
