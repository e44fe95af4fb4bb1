import { Badge, Group, Stack, Switch, Text, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/money';
import type { Coupon } from '../../../shared/schemas/coupons';
import { DataTable } from '../../components/data-table';
import { usePayoutFormat } from '../payouts/payout-format';
import { discountLabel } from './coupon-format';
import { CopyLinkButton } from './copy-link-button';

const statusColors: Record<Coupon['status'], MantineColor> = { active: 'teal', scheduled: 'blue', expired: 'gray', 'used-up': 'orange', disabled: 'red' };

type CouponsTableProps = {
  coupons: readonly Coupon[];
  /** What a coupon without courses covers: the teacher's courses, or (an admin's) the whole site. */
  allCoursesText: string;
  onSwitch: (coupon: Coupon, active: boolean) => void;
  /** The coupon being switched, if any. */
  switchingId?: number | null;
};

/** Every coupon with its discount, courses, dates, uses, revenue and status, each with a switch and its shareable link. */
export function CouponsTable({ coupons, allCoursesText, onSwitch, switchingId = null }: CouponsTableProps) {
  const { t, i18n } = useTranslation('coupons');
  const format = usePayoutFormat();
  return (
    <DataTable
      label={t('list.label')}
      rows={coupons}
      rowKey={(coupon) => coupon.id}
      minWidth={960}
      verticalSpacing="sm"
      highlightOnHover
      empty={<Text>{t('list.empty')}</Text>}
      columns={[
        {
          key: 'code',
          header: t('list.columns.code'),
          cell: (coupon) => (
            <Stack gap={4} align="flex-start">
              <Text fw={700} ff="monospace">
                {coupon.code}
              </Text>
              <CopyLinkButton link={coupon.link} name={coupon.code} />
            </Stack>
          ),
        },
        { key: 'discount', header: t('list.columns.discount'), nowrap: true, cell: (coupon) => discountLabel(coupon.discountKind, coupon.discountValue, i18n.language) },
        {
          key: 'courses',
          header: t('list.columns.courses'),
          cell: (coupon) => (coupon.courses ? coupon.courses.map((course) => course.title).join(', ') : allCoursesText),
        },
        {
          key: 'dates',
          header: t('list.columns.dates'),
          cell: (coupon) => (
            <Stack gap={0}>
              <Text size="sm">{t('list.from', { date: format.dateTime(coupon.startsAt) })}</Text>
              <Text size="sm">{coupon.endsAt ? t('list.until', { date: format.dateTime(coupon.endsAt) }) : t('list.noEnd')}</Text>
            </Stack>
          ),
        },
        {
          key: 'uses',
          header: t('list.columns.uses'),
          cell: (coupon) => (
            <Stack gap={0}>
              <Text size="sm">{coupon.maxUses === null ? String(coupon.uses) : t('list.usesOf', { count: coupon.uses, number: coupon.maxUses })}</Text>
              {coupon.heldUses > 0 ? (
                <Text size="xs" c="dimmed">
                  {t('list.held', { count: coupon.heldUses })}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                {t('list.perBuyer', { count: coupon.maxUsesPerBuyer })}
              </Text>
            </Stack>
          ),
        },
        { key: 'remaining', header: t('list.columns.remaining'), cell: (coupon) => (coupon.remainingUses === null ? t('list.unlimited') : String(coupon.remainingUses)) },
        { key: 'revenue', header: t('list.columns.revenue'), nowrap: true, align: 'right', cell: (coupon) => formatMoney(coupon.revenueCents, i18n.language) },
        {
          key: 'status',
          header: t('list.columns.status'),
          cell: (coupon) => (
            <Badge color={statusColors[coupon.status]} variant="light">
              {t(`list.status.${coupon.status}`)}
            </Badge>
          ),
        },
        {
          key: 'active',
          header: t('list.columns.active'),
          cell: (coupon) => (
            <Group gap="xs" wrap="nowrap">
              <Switch
                checked={coupon.status !== 'disabled'}
                disabled={switchingId === coupon.id}
                onChange={(event) => onSwitch(coupon, event.currentTarget.checked)}
                aria-label={t('list.switch', { code: coupon.code })}
              />
            </Group>
          ),
        },
      ]}
    />
  );
}
