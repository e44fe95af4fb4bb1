import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

/**
 * The bars of a revenue chart (recharts through @mantine/charts: the heaviest code of the back
 * office), loaded by `RevenueChart` only once a chart is shown.
 */
export function RevenueBars({ data, seriesLabel, format }: { data: { day: string; revenue: number }[]; seriesLabel: string; format: (cents: number) => string }) {
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="day"
      series={[{ name: 'revenue', label: seriesLabel, color: 'teal.6' }]}
      valueFormatter={(value) => format(Math.round(value * 100))}
      tickLine="y"
      xAxisProps={{ interval: 'preserveStartEnd' }}
      // The chart is hidden from assistive technology (the table beside it reads the figures), so nothing in it may take focus.
      barChartProps={{ accessibilityLayer: false }}
    />
  );
}
