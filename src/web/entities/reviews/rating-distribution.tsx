import { Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type RatingShare = { stars: number; count: number; percent: number };

/** Counts of 1 to 5 star reviews, in that order, as shares of all of them (whole percent, as the server rounds them). */
export function ratingShares(counts: readonly number[]): RatingShare[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  return counts.map((count, index) => ({ stars: index + 1, count, percent: total === 0 ? 0 : Math.round((100 * count) / total) }));
}

/**
 * How a course's reviews split over the stars, five first: "5 estrellas ▇▇▇▇ 60 % (3)". Each row
 * reads out as its stars, its share and its count; the bar is only the picture of the share.
 */
export function RatingDistribution({ ratings, size = 'md', label }: { ratings: RatingShare[]; size?: 'xs' | 'md'; label?: string }) {
  const { t } = useTranslation();
  const rows = [...ratings].sort((a, b) => b.stars - a.stars);
  const textSize = size === 'xs' ? 'xs' : 'sm';
  return (
    <Stack component="ul" gap={size === 'xs' ? 2 : 6} aria-label={label ?? t('ratings.distribution')} m={0} p={0} style={{ listStyle: 'none' }} miw={size === 'xs' ? 200 : undefined}>
      {rows.map((row) => (
        <Group component="li" key={row.stars} gap="xs" wrap="nowrap">
          <Text size={textSize} w={size === 'xs' ? 64 : 80} style={{ flexShrink: 0 }}>
            {t('ratings.stars', { count: row.stars })}
          </Text>
          <Progress value={row.percent} color="yellow.6" size={size === 'xs' ? 'sm' : 'md'} style={{ flex: 1 }} aria-hidden="true" />
          {/* "100 %" stays on one line: at least the column's width, and never broken at its space. */}
          <Text size={textSize} miw={size === 'xs' ? 36 : 44} ta="right" style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
            {t('ratings.percent', { percent: row.percent })}
          </Text>
          <Text size={textSize} c="dimmed" w={size === 'xs' ? 28 : 36} ta="right" style={{ flexShrink: 0 }}>
            <span aria-hidden="true">({row.count})</span>
            <VisuallyHidden>{t('ratings.reviews', { count: row.count })}</VisuallyHidden>
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
