import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CourseSummary } from '../../../shared/schemas/catalog';
import { CourseCard } from './course-card';

const columns = { base: 1, xs: 2, md: 3 };

/** Courses as cards, three to a row on wide screens. */
export function CourseGrid({ courses, signedIn }: { courses: CourseSummary[]; signedIn: boolean }) {
  return (
    <SimpleGrid cols={columns} spacing="lg" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {courses.map((course, index) => (
        <li key={course.id}>
          <CourseCard course={course} signedIn={signedIn} headingOrder={2} lazyImage={index >= 3} />
        </li>
      ))}
    </SimpleGrid>
  );
}

/** The grid's shape while its courses load. */
export function CourseGridSkeleton({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={columns} spacing="lg" role="status" aria-label={t('loading')}>
      {Array.from({ length: count }, (_, index) => (
        <CourseCardSkeleton key={index} />
      ))}
    </SimpleGrid>
  );
}

export function CourseCardSkeleton() {
  return (
    <Card withBorder padding="md" radius="md" aria-hidden="true">
      <Card.Section>
        <Skeleton style={{ aspectRatio: '16 / 9' }} radius={0} />
      </Card.Section>
      <Stack gap="xs" mt="sm">
        <Skeleton height={18} width="85%" />
        <Skeleton height={12} width="50%" />
        <Skeleton height={12} width="40%" />
        <Skeleton height={22} width="30%" mt="xs" />
      </Stack>
    </Card>
  );
}
