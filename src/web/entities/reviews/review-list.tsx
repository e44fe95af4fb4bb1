import { Alert, Avatar, Box, Button, Center, Group, Loader, Paper, Rating, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { limits } from '../../../shared/limits';
import { useCourseReviews } from './get-course-reviews';
import { confirmDialog } from '../../components/dialogs';
import { toast } from '../../components/toasts';
import { errorMessage } from '../../lib/error-message';
import { useSession } from '../../session/get-session';
import { useDeleteReview } from './delete-review';
import { dateTimeFormat } from '../../lib/intl-formats';

/**
 * "Reseñas del curso": this course's reviews; the delete button only on the reader's own, which
 * asks first and then says the review is gone.
 */
export function ReviewList({ courseId }: { courseId: number }) {
  const { t, i18n } = useTranslation('orders');
  const { user } = useSession();
  const reviews = useCourseReviews(courseId);
  const remove = useDeleteReview();
  const dateFormat = dateTimeFormat(i18n.language, { dateStyle: 'medium' });

  const removeAfterConfirming = async (reviewId: number) => {
    const confirmed = await confirmDialog({
      title: t('review.confirmDelete.title'),
      text: t('review.confirmDelete.text'),
      confirmLabel: t('review.confirmDelete.confirm'),
    });
    if (!confirmed) return;
    remove.mutate(
      { reviewId, courseId },
      { onSuccess: () => toast.success(t('review.deleted')), onError: (error) => toast.error(errorMessage(error)) },
    );
  };

  if (reviews.isPending) {
    return (
      <Center py="md" role="status">
        <Loader size="sm" aria-hidden="true" />
        <VisuallyHidden>{t('player.loading')}</VisuallyHidden>
      </Center>
    );
  }
  if (reviews.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(reviews.error)}
      </Alert>
    );
  }
  if (reviews.data.items.length === 0) return <Text c="dimmed">{t('player.noReviews')}</Text>;
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {reviews.data.items.map((review) => (
        <Paper component="li" key={review.id} withBorder radius="md" p="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Avatar src={review.userImage} alt="" radius="xl">
                {review.userName.slice(0, 1).toUpperCase()}
              </Avatar>
              <div>
                <Text fw={600}>{review.userName}</Text>
                <Text size="xs" c="dimmed">
                  {dateFormat.format(new Date(review.createdAt))}
                </Text>
              </div>
            </Group>
            <Box role="img" aria-label={t('review.ratingOutOf', { rating: review.rating })}>
              <Rating value={review.rating} readOnly count={limits.ratingMax} />
            </Box>
          </Group>
          <Text mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {review.comment}
          </Text>
          {user?.id === review.userId ? (
            <Group justify="flex-end" mt="xs">
              <Button
                variant="subtle"
                color="red"
                size="xs"
                loading={remove.isPending && remove.variables?.reviewId === review.id}
                onClick={() => void removeAfterConfirming(review.id)}
              >
                {t('review.delete')}
              </Button>
            </Group>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}
