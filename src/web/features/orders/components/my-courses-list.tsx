import { Alert, Badge, Button, Card, Center, Loader, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { useEnrollments } from '../../../entities/enrollments/get-enrollments';
import { CourseThumb } from '../../../entities/courses/course-thumb';
import { errorMessage } from '../../../lib/error-message';

/** The "Mis Cursos" tab: cards (image, title, teacher) that open the player. */
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
            {/* The whole card is the link's target area through the title: one link per card. */}
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
        </Card>
      ))}
    </SimpleGrid>
  );
}
