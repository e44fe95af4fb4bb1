import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCatalogStats } from '../../../entities/courses/get-catalog-stats';
import { numberFormat } from '../../../lib/intl-formats';
import { localeOf } from '../../../../shared/languages';

/** Students, courses and the average rating, as the database has them (GET /api/catalog/stats). */
export function HomeFigures() {
  const { t, i18n } = useTranslation('catalog');
  const stats = useCatalogStats();
  // The figures say nothing until there is something to count.
  if (stats.isError || (stats.data && stats.data.courses === 0)) return null;
  const locale = localeOf(i18n.language);
  const whole = numberFormat(locale);
  const oneDecimal = numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const figures = stats.data
    ? [
        { value: whole.format(stats.data.students), label: t('home.students') },
        { value: whole.format(stats.data.courses), label: t('home.courses') },
        ...(stats.data.ratingCount > 0 ? [{ value: `${oneDecimal.format(stats.data.ratingAverage)} ★`, label: t('home.averageRating') }] : []),
      ]
    : null;
  return (
    <Group component="ul" aria-label={t('home.figures')} gap="xl" mt="xl" p={0} style={{ listStyle: 'none' }}>
      {figures
        ? figures.map((figure) => (
            <Stack key={figure.label} component="li" gap={0}>
              <Text fw={800} fz={28} lh={1.2}>
                {figure.value}
              </Text>
              <Text c="dimmed">{figure.label}</Text>
            </Stack>
          ))
        : [0, 1, 2].map((index) => (
            <li key={index}>
              <Skeleton width={120} height={56} />
            </li>
          ))}
    </Group>
  );
}
