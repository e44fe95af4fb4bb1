import { Alert, Container, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../../shared/paths';
import { PageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/error-message';
import { useSession } from '../../../session/get-session';
import { useCategories } from '../../../entities/courses/get-categories';
import { courseKeys } from '../../../entities/courses/course-keys';
import { useCourses } from '../../../entities/courses/get-courses';
import { CourseFilters } from '../components/course-filters';
import { CourseGrid, CourseGridSkeleton } from '../../../entities/courses/course-grid';
import { CourseSearch } from '../components/course-search';
import { CreateCourseButton } from '../components/create-course-button';
import { EmptyResults } from '../components/empty-results';
import { PageLinks } from '../components/page-links';
import { listingSearch, useListingParams } from '../listing-params';

/**
 * /allcourses — search, category and subcategory, rating, sort and pages (spec sections 2
 * and 4). Everything lives in the URL; a new filter starts again at page 1.
 */
export function AllCoursesPage() {
  const { t, i18n } = useTranslation('catalog');
  const { isSignedIn } = useSession();
  const queryClient = useQueryClient();
  const { query, setFilters, setPage, clear } = useListingParams();
  const pageLink = (page: number) => paths.allCourses(listingSearch({ ...query, page }));
  const courses = useCourses(query);
  const categories = useCategories();
  const data = courses.data;

  // A page past the end (an old link, fewer courses since): show the last page instead.
  const pageCount = data?.pageCount ?? 0;
  const pastTheEnd = !courses.isPlaceholderData && pageCount > 0 && query.page > pageCount;
  useEffect(() => {
    if (pastTheEnd) setPage(pageCount, { replace: true });
  }, [pastTheEnd, pageCount, setPage]);

  const exploreAgain = () => {
    clear();
    void queryClient.invalidateQueries({ queryKey: courseKeys.all });
  };

  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" align="flex-start" mb="md">
        <PageTitle title={t('allCourses.title')} mb={0} />
        <CreateCourseButton signedIn={isSignedIn} />
      </Group>
      <Stack gap="lg">
        <CourseSearch value={query.q ?? ''} onSearch={(q) => setFilters({ q })} />
        <CourseFilters filters={query} categories={categories.data?.items ?? []} onChange={setFilters} />

        {courses.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(courses.error, i18n)}
          </Alert>
        ) : !data ? (
          <CourseGridSkeleton count={9} />
        ) : data.total === 0 ? (
          <EmptyResults onExploreAgain={exploreAgain} />
        ) : (
          <>
            <Text c="dimmed" role="status">
              {t('allCourses.total', { count: data.total })}
            </Text>
            <div aria-busy={courses.isPlaceholderData} style={{ opacity: courses.isPlaceholderData ? 0.6 : 1 }}>
              <CourseGrid courses={data.items} signedIn={isSignedIn} />
            </div>
            <PageLinks pageCount={data.pageCount} current={query.page} pageLink={pageLink} />
          </>
        )}
      </Stack>
    </Container>
  );
}
