import { Avatar, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StarRating } from '../../components/star-rating';
import { errorMessage } from '../../lib/error-message';
import { useCourseReviews } from './get-course-reviews';
import { localeOf } from '../../../shared/languages';
import { dateTimeFormat } from '../../lib/intl-formats';

/** The course's reviews, newest first, or "No hay comentarios...". */
export function CourseReviews({ courseId }: { courseId: number }) {
  const { t, i18n } = useTranslation('catalog');
  const { t: tc } = useTranslation();
  const reviews = useCourseReviews(courseId);
  // In UTC: the server draws these dates too, and the browser's text must match its HTML.
  const date = dateTimeFormat(localeOf(i18n.language), { dateStyle: 'medium', timeZone: 'UTC' });

  return (
    <section aria-labelledby="course-reviews">
      <Title order={2} id="course-reviews" mb="md">
        {t('course.reviews')}
      </Title>
      {reviews.isPending ? (
        <Loader size="sm" aria-label={tc('loading')} />
      ) : reviews.isError ? (
        <Text c="red.8">{errorMessage(reviews.error, i18n)}</Text>
      ) : reviews.data.items.length === 0 ? (
        <Text c="dimmed">{t('course.noComments')}</Text>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {reviews.data.items.map((review) => (
            <Paper key={review.id} component="li" withBorder p="md" radius="md">
              <Group gap="sm" mb="xs" wrap="nowrap">
                <Avatar src={review.userImage} alt="" radius="xl" color="indigo">
                  {review.userName.slice(0, 1).toUpperCase()}
                </Avatar>
                <div>
                  <Text fw={600}>{review.userName}</Text>
                  <Group gap="xs">
                    <StarRating average={review.rating} size={14} whole />
                    <Text size="xs" c="dimmed" component="time" dateTime={review.createdAt}>
                      {date.format(new Date(review.createdAt))}
                    </Text>
                  </Group>
                </div>
              </Group>
              <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{review.comment}</Text>
            </Paper>
          ))}
        </Stack>
      )}
    </section>
  );
}
