import { Alert, Anchor, Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { limits, type CourseSort } from '../../../../shared/limits';
import { paths } from '../../../../shared/paths';
import { CourseCard } from '../../../entities/courses/course-card';
import { CourseCardSkeleton } from '../../../entities/courses/course-grid';
import { useCourses } from '../../../entities/courses/get-courses';
import { errorMessage } from '../../../lib/error-message';
import { DragScrollRow } from './drag-scroll-row';

type CourseRowProps = {
  /** The heading's id, for the section's name. */
  id: string;
  title: string;
  /** The catalogue's order the row shows the start of; none is the newest first. */
  sort?: CourseSort;
  signedIn: boolean;
  /** The first row on the page: its covers load at once. */
  first?: boolean;
};

/** The first courses of the catalogue in one order, in a row that scrolls sideways, and a link to the rest. */
export function CourseRow({ id, title, sort, signedIn, first = false }: CourseRowProps) {
  const { t, i18n } = useTranslation('catalog');
  // The catalogue's first page in this order, shared with /allcourses' cache.
  const courses = useCourses(sort ? { page: 1, sort } : { page: 1 });
  return (
    <section aria-labelledby={id}>
      <Group justify="space-between" align="baseline" mb="xs">
        <Title order={2} id={id}>
          {title}
        </Title>
        <Anchor component={Link} to={paths.allCourses(sort ? { sort } : undefined)} aria-label={t('home.seeRowNamed', { title })}>
          {t('home.seeRow')}
        </Anchor>
      </Group>
      {courses.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(courses.error, i18n)}
        </Alert>
      ) : (
        <DragScrollRow label={title}>
          {courses.data
            ? courses.data.items.slice(0, limits.homeCourses).map((course, index) => (
                <li key={course.id}>
                  <CourseCard course={course} signedIn={signedIn} lazyImage={!first || index >= 4} />
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
    </section>
  );
}
