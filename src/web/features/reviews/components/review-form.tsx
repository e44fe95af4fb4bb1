import { Button, Group, Paper, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { limits } from '../../../../shared/limits';
import { reviewInputSchema } from '../../../../shared/schemas/reviews';
import { showDialog } from '../../../components/dialogs';
import { isApiError } from '../../../lib/api-client';
import { errorMessage, fieldErrorMessage } from '../../../lib/error-message';
import { useSaveReview } from '../../../entities/reviews/save-review';

/**
 * "¡Deja tu reseña!": five stars that light up on hover, a comment, and "Comentar", enabled
 * only with a rating and a non-empty comment. Sending again replaces the buyer's review, and
 * the dialog says so.
 */
export function ReviewForm({ courseId }: { courseId: number }) {
  const { t } = useTranslation('orders');
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const save = useSaveReview();
  const parsed = reviewInputSchema.safeParse({ rating, comment });
  const commentError = save.error && isApiError(save.error) ? save.error.fields?.comment?.[0] : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) return;
    save.mutate(
      { courseId, ...parsed.data },
      {
        onSuccess: ({ replaced }) => {
          // Spec section 4: after sending, the form clears and the stars reset.
          setRating(0);
          setComment('');
          // One review per buyer: a second one takes the first one's place, and the buyer should know.
          void showDialog(
            replaced
              ? { icon: 'success', title: t('review.replaced.title'), text: t('review.replaced.text') }
              : { icon: 'success', title: t('review.success.title'), text: t('review.success.text') },
          );
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" method="post" onSubmit={onSubmit} aria-labelledby="review-form-title" noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4" id="review-form-title">
          {t('review.title')}
        </Title>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" size="sm" fw={500} mb={4}>
            {t('review.rating')}
          </Text>
          <Rating value={rating} onChange={setRating} size="lg" count={limits.ratingMax} getSymbolLabel={(value) => t('review.stars', { count: value })} />
        </fieldset>
        <Textarea
          label={t('review.comment')}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          rows={4}
          maxLength={limits.reviewCommentMax}
          error={commentError ? fieldErrorMessage(commentError) : undefined}
        />
        {save.isError && !commentError ? (
          <Text c="red.8" size="sm" role="alert">
            {errorMessage(save.error)}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" disabled={!parsed.success} loading={save.isPending}>
            {t('review.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
