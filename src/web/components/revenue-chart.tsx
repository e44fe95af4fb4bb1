import { Box, Text, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../shared/languages';
import { formatMoney } from '../../shared/money';
import { dateTimeFormat } from '../lib/intl-formats';

const RevenueBars = lazy(() => import('./revenue-bars').then((module) => ({ default: module.RevenueBars })));

const chartHeight = 260;

export type RevenueDay = { date: string; revenueCents: number };

type RevenueChartProps = {
  /** One point per day (`YYYY-MM-DD`, UTC), oldest first. */
  days: RevenueDay[];
  title: string;
  /** The bars' name in their tooltip, and the table's revenue column. */
  seriesLabel: string;
  dayHeader: string;
  /** The table's caption, given the total. */
  tableCaption: (total: string) => string;
};

/**
 * Revenue per day as bars, with the same figures as a table for screen readers. The bars'
 * code (recharts) loads with the first chart shown, so a page that has one stays light until
 * then; the table is there at once.
 */
export function RevenueChart({ days, title, seriesLabel, dayHeader, tableCaption }: RevenueChartProps) {
  const { i18n } = useTranslation();
  const captionId = useId();
  const language = i18n.language;
  const dayLabel = (date: string) =>
    dateTimeFormat(localeOf(language), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  const data = days.map((day) => ({ day: dayLabel(day.date), revenue: day.revenueCents / 100 }));
  const total = days.reduce((sum, day) => sum + day.revenueCents, 0);
  const format = (cents: number) => formatMoney(cents, language);
  return (
    <figure style={{ margin: 0 }} aria-labelledby={captionId}>
      <Text component="figcaption" id={captionId} fw={600} mb="sm">
        {title}
      </Text>
      <Box aria-hidden="true" mih={chartHeight}>
        <Suspense fallback={null}>
          <RevenueBars data={data} seriesLabel={seriesLabel} format={format} />
        </Suspense>
      </Box>
      <VisuallyHidden>
        <table>
          <caption>{tableCaption(format(total))}</caption>
          <thead>
            <tr>
              <th scope="col">{dayHeader}</th>
              <th scope="col">{seriesLabel}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <td>{dayLabel(day.date)}</td>
                <td>{format(day.revenueCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}
