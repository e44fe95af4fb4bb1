import { Group, Rating, Text, type GroupProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { limits } from '../../shared/limits';

/** Stars round to the nearest half (4.7 → 4½, 4.8 → 5): the picture matches the number beside it. */
export const toHalfStars = (average: number) => Math.round(average * 2) / 2;

/**
 * "4,7 de 5" / "4.7 of 5": an average with one decimal in the reader's language; a single
 * review's whole-number rating as it is ("4 de 5").
 */
function useRatingText() {
  const { t, i18n } = useTranslation();
  const oneDecimal = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (value: number, { whole = false }: { whole?: boolean } = {}) =>
    t('course.ratingOutOf', { rating: whole ? String(value) : oneDecimal.format(value) });
}

type StarRatingProps = Omit<GroupProps, 'children'> & {
  /** The course's real average (or, with `whole`, one review's rating). */
  average: number;
  /** How many reviews the average is of: with none, the stars say "Sin reseñas", not "0,0 de 5". */
  count?: number;
  size?: number;
  /** One review's whole-number rating rather than an average. */
  whole?: boolean;
  /** Shows "4,7 de 5" beside the stars; otherwise the stars carry it as their accessible name. */
  withValue?: boolean;
};

/**
 * Five stars filled to the nearest half of the real average, read out as "4,7 de 5". The
 * catalogue's rating filter still counts whole numbers (floor of the average), as the spec says.
 */
export function StarRating({ average, count, size = 16, whole = false, withValue = false, ...props }: StarRatingProps) {
  const { t } = useTranslation();
  const ratingText = useRatingText();
  const text = count === 0 ? t('course.noReviews') : ratingText(average, { whole });
  const stars = <Rating value={toHalfStars(average)} fractions={2} count={limits.ratingMax} readOnly size={size} aria-hidden="true" />;
  if (!withValue) {
    return (
      <Group gap={2} wrap="nowrap" role="img" aria-label={text} {...props}>
        {stars}
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" {...props}>
      {stars}
      <Text size="sm" fw={500}>
        {text}
      </Text>
    </Group>
  );
}
