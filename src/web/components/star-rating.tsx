import { Group, type GroupProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { limits } from '../../shared/limits';

type StarRatingProps = Omit<GroupProps, 'children'> & {
  /** The course's average; shown as the whole number below it, as everywhere else. */
  average: number;
  size?: number;
};

/** Five stars, the first floor(average) filled, read out as "N de 5". */
export function StarRating({ average, size = 16, ...props }: StarRatingProps) {
  const { t } = useTranslation();
  const rating = Math.floor(average);
  return (
    <Group gap={2} wrap="nowrap" role="img" aria-label={t('course.ratingOutOf', { rating })} {...props}>
      {Array.from({ length: limits.ratingMax }, (_, index) => (
        <svg
          key={index}
          width={size}
          height={size}
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          fill={index < rating ? 'var(--mantine-color-yellow-6)' : 'none'}
          stroke={index < rating ? 'var(--mantine-color-yellow-7)' : 'var(--mantine-color-gray-6)'}
          strokeWidth={1.5}
          strokeLinejoin="round"
        >
          <path d="M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z" />
        </svg>
      ))}
    </Group>
  );
}
