import { Center, Container, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../../../shared/paths';
import { PageTitle } from '../../../components/page-title';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../session/get-session';
import { useEnrolledCourse } from '../../../entities/enrollments/get-enrolled-course';
import { CourseVideo } from '../components/course-video';
import { ReviewForm } from '../components/review-form';
import { ReviewList } from '../../../entities/reviews/review-list';

/**
 * /mycourses/:id — the player of a bought course: title, main video (and its intro, to choose),
 * resumed where the viewer stopped, "Acerca de este curso",
 * "Reseñas del curso" and the review form. "Cargando..." until the course is found among the
 * user's courses; a course not bought sends the user to its public page.
 */
export function CoursePlayerPage() {
  const { t } = useTranslation('orders');
  const { t: tc } = useTranslation();
  const courseId = Number(useParams().id);
  const { isSignedIn, isPending: sessionPending } = useSession();
  const course = useEnrolledCourse(courseId, { enabled: isSignedIn });

  if (!sessionPending && !isSignedIn) return <Navigate to={paths.register({ next: paths.player(courseId) })} replace />;
  if (course.isError && isApiError(course.error) && ['NOT_ENROLLED', 'FORBIDDEN', 'COURSE_NOT_FOUND', 'NOT_FOUND'].includes(course.error.code)) {
    return <Navigate to={paths.course(courseId)} replace />;
  }
  if (!course.data) {
    return (
      <Container size="lg" py="xl">
        <Center py="xl" role="status">
          <Stack align="center" gap="sm">
            <Loader aria-hidden="true" />
            <Text>{course.isError ? t('player.loadFailed') : t('player.loading')}</Text>
          </Stack>
        </Center>
      </Container>
    );
  }

  const data = course.data;
  const facts: [string, string][] = [
    [t('player.teacher'), data.teacherName],
    [t('player.duration'), tc('course.durationHours', { count: data.durationHours })],
    [t('player.language'), tc(`course.languages.${data.language}`)],
    [t('player.level'), tc(`course.levels.${data.level}`)],
  ];
  return (
    <Container size="lg" py="xl">
      <PageTitle title={data.title} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xl">
            {/* A course taken out of the catalogue keeps its main video for its buyers; its intro is no longer served. */}
            <CourseVideo courseId={data.id} title={data.title} withIntro={!data.disabled} />
            <section aria-labelledby="reviews-title">
              <Title order={2} size="h3" id="reviews-title" mb="sm">
                {t('player.reviews')}
              </Title>
              <ReviewList courseId={data.id} />
            </section>
            <ReviewForm courseId={data.id} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="about-title">
            <Title order={2} size="h3" id="about-title" mb="sm">
              {t('player.about')}
            </Title>
            <Stack gap="xs" component="dl" m={0}>
              {facts.map(([label, value]) => (
                <Group key={label} gap="xs" wrap="nowrap" align="baseline">
                  <Text component="dt" fw={600} size="sm">
                    {label}:
                  </Text>
                  <Text component="dd" m={0} size="sm">
                    {value}
                  </Text>
                </Group>
              ))}
              <div>
                <Text component="dt" fw={600} size="sm">
                  {t('player.description')}:
                </Text>
                <Text component="dd" m={0} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {data.description}
                </Text>
              </div>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
