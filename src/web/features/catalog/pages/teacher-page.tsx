import { Avatar, Center, Container, Group, Loader, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { paths } from '../../../../shared/paths';
import { NotFound } from '../../../components/not-found';
import { PageTitle } from '../../../components/page-title';
import { StarRating } from '../../../components/star-rating';
import { CourseGrid } from '../../../entities/courses/course-grid';
import { useTeacher } from '../../../entities/courses/get-teacher';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useSession } from '../../../session/get-session';
import { PageLinks } from '../components/page-links';
import { readPageNumber } from '../listing-params';

/**
 * /teacher/:teacherId — a teacher's public profile: picture, name, bio, how many students their
 * courses have and their average rating, then their active courses as cards, a page at a time. A disabled account,
 * or one with no active course, is the not-found page.
 */
export function TeacherPage() {
  const { t, i18n } = useTranslation('catalog');
  const { t: tc } = useTranslation();
  const { teacherId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const page = readPageNumber(searchParams);
  const teacher = useTeacher(teacherId, page);
  const { isSignedIn } = useSession();

  if (teacher.isPending) {
    return (
      <Center py={96} role="status">
        <Loader aria-hidden="true" />
        <VisuallyHidden>{tc('loading')}</VisuallyHidden>
      </Center>
    );
  }
  if (teacher.isError) {
    if (isApiError(teacher.error) && teacher.error.status === 404) return <NotFound title={t('teacher.notFound')} text={errorMessage(teacher.error, i18n)} />;
    throw teacher.error;
  }

  const data = teacher.data;
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Group gap="lg" align="flex-start" wrap="nowrap">
          <Avatar src={data.image} alt={t('teacher.pictureAlt', { name: data.name })} size={96} radius={96} color="indigo">
            {data.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap="xs" style={{ minWidth: 0 }}>
            <PageTitle title={data.name} mb={0} />
            {data.bio ? (
              <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {data.bio}
              </Text>
            ) : null}
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" component="dl" style={{ margin: 0 }}>
          <Figure label={t('teacher.students')} value={data.studentCount.toLocaleString(i18n.language)} />
          <Paper withBorder p="md" radius="md">
            <Text component="dt" size="sm" c="dimmed">
              {t('teacher.rating')}
            </Text>
            <Text component="dd" m={0}>
              <StarRating average={data.ratingAverage} count={data.ratingCount} size={18} withValue />
            </Text>
          </Paper>
          <Figure label={t('teacher.courses')} value={data.courseCount.toLocaleString(i18n.language)} />
        </SimpleGrid>
        <Stack gap="md">
          <Title order={2} size="h3">
            {t('teacher.coursesTitle', { name: data.name })}
          </Title>
          <div aria-busy={teacher.isPlaceholderData} style={{ opacity: teacher.isPlaceholderData ? 0.6 : 1 }}>
            <CourseGrid courses={data.courses} signedIn={isSignedIn} />
          </div>
          <PageLinks pageCount={data.pageCount} current={page} pageLink={(target) => `${paths.teacher(data.id)}${target > 1 ? `?page=${target}` : ''}`} />
        </Stack>
      </Stack>
    </Container>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={700} size="xl">
        {value}
      </Text>
    </Paper>
  );
}
