import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminDashboard } from '../../../../shared/schemas/admin';
import { formatUsd } from './format';

/** Revenue per day over the last 30 days, with the same figures as a table for screen readers. */
export function RevenueChart({ days }: { days: AdminDashboard['revenueByDay'] }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  const dayLabel = (date: string) =>
    new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'es-ES', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  const data = days.map((day) => ({ day: dayLabel(day.date), revenue: day.revenueCents / 100 }));
  const total = days.reduce((sum, day) => sum + day.revenueCents, 0);
  return (
    <figure style={{ margin: 0 }}>
      <Text component="figcaption" fw={600} mb="sm">
        {t('dashboard.chartTitle')}
      </Text>
      <div aria-hidden="true">
        <BarChart
          h={260}
          data={data}
          dataKey="day"
          series={[{ name: 'revenue', label: t('dashboard.revenue'), color: 'teal.6' }]}
          valueFormatter={(value) => formatUsd(Math.round(value * 100), language)}
          tickLine="y"
          xAxisProps={{ interval: 'preserveStartEnd' }}
          // The chart is hidden from assistive technology (the table below reads the figures), so nothing in it may take focus.
          barChartProps={{ accessibilityLayer: false }}
        />
      </div>
      <VisuallyHidden>
        <table>
          <caption>{t('dashboard.chartTable', { price: formatUsd(total, language) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.day')}</th>
              <th scope="col">{t('dashboard.revenue')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <td>{dayLabel(day.date)}</td>
                <td>{formatUsd(day.revenueCents, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}
