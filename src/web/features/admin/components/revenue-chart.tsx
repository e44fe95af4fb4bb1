import { useTranslation } from 'react-i18next';
import type { AdminDashboard } from '../../../../shared/schemas/admin';
import { RevenueChart as Chart } from '../../../components/revenue-chart';

/** The site's revenue per day over the last 30 days. */
export function RevenueChart({ days }: { days: AdminDashboard['revenueByDay'] }) {
  const { t } = useTranslation('admin');
  return (
    <Chart
      days={days}
      title={t('dashboard.chartTitle')}
      seriesLabel={t('dashboard.revenue')}
      dayHeader={t('dashboard.day')}
      tableCaption={(price) => t('dashboard.chartTable', { price })}
    />
  );
}
