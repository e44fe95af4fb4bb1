import { Alert, Center, Loader, Paper, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeacherSales } from '../../../shared/schemas/teacher-sales';
import { FigureGrid } from '../../components/figure-grid';
import { DataTable } from '../../components/data-table';
import { RevenueChart } from '../../components/revenue-chart';
import { errorMessage } from '../../lib/error-message';
import { formatMoney } from '../../../shared/money';
import { RatingDistribution, ratingShares } from '../reviews/rating-distribution';
import { useTeacherSales } from './get-teacher-sales';

/**
 * A teacher's sales: revenue net of refunds, sales and students in total and per course, the
 * last 30 days of revenue, and how each course was rated. The teacher's own (/coursescreated),
 * or with `teacherId` any teacher's, for an admin (the user's detail page). Nothing when the
 * teacher has no courses.
 */
export function TeacherSalesReport({ teacherId, title }: { teacherId?: string; title?: string }) {
  const { t } = useTranslation('teaching');
  const { t: tc } = useTranslation();
  const headingId = useId();
  const sales = useTeacherSales(teacherId);
  if (sales.data?.courses.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Title order={2} size="h3" id={headingId}>
        {title ?? t('sales.title')}
      </Title>
      {sales.isPending ? (
        <Center py="lg" role="status">
          <Loader size="sm" aria-hidden="true" />
          <VisuallyHidden>{tc('loading')}</VisuallyHidden>
        </Center>
      ) : sales.isError ? (
        <Alert color="red">{errorMessage(sales.error)}</Alert>
      ) : (
        <SalesFigures sales={sales.data} />
      )}
    </Stack>
  );
}

function SalesFigures({ sales }: { sales: TeacherSales }) {
  const { t, i18n } = useTranslation('teaching');
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const figures = [
    { label: t('sales.revenue'), value: money(sales.totals.revenueCents), note: t('sales.revenueNote') },
    { label: t('sales.sales'), value: String(sales.totals.sales) },
    { label: t('sales.students'), value: String(sales.totals.students) },
  ];
  return (
    <>
      <FigureGrid figures={figures} cols={{ base: 1, xs: 3 }} m={0} />
      <Paper withBorder p="md">
        <RevenueChart
          days={sales.daily}
          title={t('sales.chartTitle')}
          seriesLabel={t('sales.revenue')}
          dayHeader={t('sales.day')}
          tableCaption={(price) => t('sales.chartTable', { price })}
        />
      </Paper>
      <DataTable
        columns={[
          { key: 'course', header: t('sales.columns.course'), phone: 'plain', style: { fontWeight: 500 }, cell: (course) => course.title },
          { key: 'revenue', header: t('sales.columns.revenue'), align: 'right', cell: (course) => money(course.revenueCents) },
          { key: 'sales', header: t('sales.columns.sales'), align: 'right', cell: (course) => course.sales },
          { key: 'students', header: t('sales.columns.students'), align: 'right', cell: (course) => course.students },
          // Of the sales, those a coupon discounted and those the teacher brought (referral link or their own coupon).
          { key: 'couponSales', header: t('sales.columns.couponSales'), align: 'right', cell: (course) => course.couponSales },
          { key: 'referralSales', header: t('sales.columns.referralSales'), align: 'right', cell: (course) => course.referralSales },
          {
            key: 'ratings',
            header: t('sales.columns.ratings'),
            cell: (course) => <RatingDistribution ratings={ratingShares(course.ratings)} size="xs" label={t('sales.ratingsOf', { title: course.title })} />,
          },
        ]}
        rows={sales.courses}
        rowKey={(course) => course.id}
        minWidth={860}
        verticalSpacing="sm"
        label={t('sales.perCourse')}
      />
    </>
  );
}
