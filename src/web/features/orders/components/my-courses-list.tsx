import { Alert, Badge, Button, Card, Center, Group, Loader, Progress, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import type { EnrolledCourse } from '../../../../shared/schemas/orders';
import { useEnrollments } from '../../../entities/enrollments/get-enrollments';
import { CourseThumb } from '../../../entities/courses/course-thumb';
import { errorMessage } from '../../../lib/error-message';
import { localeOf } from '../../../../shared/languages';
import { dateTimeFormat } from '../../../lib/intl-formats';
import { CertificateButton } from '../../../entities/certificates/certificate-button';

/**
 * The "Mis Cursos" tab: cards (image, title, teacher, progress) that open the player, the course
 * watched last first (the server's order), then the ones not started.
 */
export function MyCoursesList() {
  const { t } = useTranslation('orders');
  const enrollments = useEnrollments();

  if (enrollments.isPending) {
    return (
      <Center py="xl" role="status">
        <Loader aria-hidden="true" />
        <VisuallyHidden>{t('player.loading')}</VisuallyHidden>
      </Center>
    );
  }
  if (enrollments.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(enrollments.error)}
      </Alert>
    );
  }
  if (enrollments.data.length === 0) {
    return (
      <Stack align="center" py="xl" gap="md">
        <Text size="lg">{t('myCourses.empty')}</Text>
        <Button component={Link} to={paths.allCourses()}>
          {t('myCourses.browse')}
        </Button>
      </Stack>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {enrollments.data.map((course) => (
        <Card component="li" key={course.id} withBorder radius="md" padding="md">
          <Card.Section>
            <CourseThumb src={course.imageUrl} h={160} radius={0} />
          </Card.Section>
          <Text component={Link} to={paths.player(course.id)} fw={700} mt="md" c="inherit" td="none" style={{ display: 'block' }}>
            {/* The title opens the player; so does the button below, named after what it does there. */}
            {course.title}
          </Text>
          <Text size="sm" c="dimmed">
            {course.teacherName}
          </Text>
          {course.disabled ? (
            <Badge color="gray" variant="light" mt="xs">
              {t('myCourses.disabled')}
            </Badge>
          ) : null}
          <CourseProgress course={course} />
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** "45 % completado" with its bar, the next lesson and "Continuar", or "Completado" and the date once every lesson is done. */
function CourseProgress({ course }: { course: EnrolledCourse }) {
  const { t, i18n } = useTranslation('orders');
  const completedAt = course.completedAt ? new Date(course.completedAt) : null;
  const action = completedAt ? 'watchAgain' : course.lastWatchedAt ? 'continue' : 'start';
  return (
    <Stack gap={6} pt="sm" style={{ marginTop: 'auto' }}>
      {completedAt ? (
        <Group gap="xs">
          <Badge color="teal" variant="light">
            {t('myCourses.completed')}
          </Badge>
          <Text size="sm" component="time" dateTime={course.completedAt ?? undefined}>
            {dateTimeFormat(localeOf(i18n.language), { dateStyle: 'medium' }).format(completedAt)}
          </Text>
        </Group>
      ) : (
        <>
          <Progress value={course.progressPercent} size="sm" color="teal.9" aria-label={t('myCourses.progressLabel', { title: course.title })} />
          <Text size="sm" c="dimmed">
            {t('myCourses.progress', { percent: course.progressPercent })}
          </Text>
          {course.nextLesson ? (
            <Text size="sm" lineClamp={2}>
              {t('myCourses.nextLesson', { title: course.nextLesson.title })}
            </Text>
          ) : null}
        </>
      )}
      <Button component={Link} to={paths.player(course.id)} size="xs" variant={completedAt ? 'subtle' : 'light'} aria-label={t(`myCourses.${action}Label`, { title: course.title })} style={{ alignSelf: 'flex-start' }}>
        {t(`myCourses.${action}`)}
      </Button>
      {completedAt ? <CertificateButton courseId={course.id} title={course.title} /> : null}
    </Stack>
  );
}
