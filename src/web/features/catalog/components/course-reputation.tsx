import { Box, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import type { CourseReputation } from '../../../../shared/schemas/course-reputation';
import { StarRating } from '../../../components/star-rating';
import { CourseThumb } from '../../../entities/courses/course-thumb';
import { usePriceLabel } from '../../../lib/money';
import { useCourseReputation } from '../../../entities/reviews/get-course-reputation';
import { RatingDistribution } from '../../../entities/reviews/rating-distribution';
import { numberFormat } from '../../../lib/intl-formats';

/** How the course's reviews split over 1 to 5 stars (count and share of each), and how many students it has; `reserve` px high while it loads. */
export function CourseRatings({ courseId, reserve }: { courseId: number; reserve: number }) {
  const { t, i18n } = useTranslation('catalog');
  const headingId = useId();
  const reputation = useCourseReputation(courseId);
  if (reputation.isPending) return <Box mih={reserve} />;
  // The page is complete without it: a reputation that cannot be read is left out.
  if (reputation.isError) return null;
  const { ratings, students } = reputation.data;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} id={headingId} mb="md">
        {t('reputation.ratings')}
      </Title>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack maw={420} style={{ flex: '1 1 280px' }}>
          <RatingDistribution ratings={ratings} />
        </Stack>
        <Paper withBorder radius="md" p="md" miw={160}>
          <Text fw={800} size="xl">
            {numberFormat(i18n.language).format(students)}
          </Text>
          <Text size="sm" c="dimmed">
            {t('reputation.students', { count: students })}
          </Text>
        </Paper>
      </Group>
    </section>
  );
}

/** "Los estudiantes también compraron" and the teacher's other courses, each up to four; a list with none is left out. */
export function RelatedCourses({ courseId, teacherName }: { courseId: number; teacherName: string }) {
  const { t } = useTranslation('catalog');
  const reputation = useCourseReputation(courseId);
  if (!reputation.data) return null;
  const { alsoBought, teacherCourses } = reputation.data;
  return (
    <Stack gap={48}>
      {alsoBought.length > 0 ? <CourseRow title={t('reputation.alsoBought')} courses={alsoBought} /> : null}
      {teacherCourses.length > 0 ? <CourseRow title={t('reputation.teacherCourses', { name: teacherName })} courses={teacherCourses} /> : null}
    </Stack>
  );
}

type RelatedCourse = CourseReputation['alsoBought'][number];

function CourseRow({ title, courses }: { title: string; courses: RelatedCourse[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} id={headingId} mb="md">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {courses.map((course) => (
          <li key={course.id}>
            <RelatedCourseCard course={course} />
          </li>
        ))}
      </SimpleGrid>
    </section>
  );
}

function RelatedCourseCard({ course }: { course: RelatedCourse }) {
  const price = usePriceLabel();
  return (
    <Card withBorder radius="md" padding="sm" h="100%">
      <Card.Section>
        <CourseThumb src={course.imageUrl} h={120} radius={0} />
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Text component={Link} to={paths.course(course.id)} fw={700} c="inherit" lineClamp={2}>
          {course.title}
        </Text>
        <Text size="sm" c="dimmed">
          {course.teacherName}
        </Text>
        {/* Without reviews the average is 0: say so rather than "0,0 de 5". */}
        <StarRating average={course.ratingAverage} count={course.ratingAverage === 0 ? 0 : undefined} size={14} withValue />
        <Text fw={700}>{price(course.priceCents)}</Text>
      </Stack>
    </Card>
  );
}
