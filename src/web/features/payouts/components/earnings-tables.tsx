import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeacherEarnings } from '../../../../shared/schemas/payouts';
import { DataTable } from '../../../components/data-table';
import { ListPrice } from '../../../components/list-price';
import { usePayoutFormat } from '../../../entities/payouts/payout-format';

type Sale = TeacherEarnings['sales'][number];
type Transfer = TeacherEarnings['transfers'][number];

// The words say the state; the colour only repeats it. Colour names without a shade (src/web/app/theme.ts).
const saleColor: Record<Sale['state'], string> = { held: 'yellow', available: 'blue', transferred: 'teal', refunded: 'gray' };
const transferColor: Record<Transfer['status'], string> = { pending: 'blue', sent: 'teal', failed: 'red' };

/** The sales list's largest length (src/shared/schemas/payouts.ts); the CSV has every sale. */
const salesShown = 500;
/** Sales drawn at first, and added by each "show more": a phone scrolls through a page, not the whole list. */
const salesPerStep = 20;

/** Each sold line: course, date, price, the platform's fee with its rate, the teacher's share and where it is. */
export function EarningSales({ earnings }: { earnings: TeacherEarnings }) {
  const { t } = useTranslation('payouts');
  const { t: tc } = useTranslation();
  const format = usePayoutFormat();
  const headingId = useId();
  const [drawn, setDrawn] = useState(salesPerStep);
  const money = (cents: number) => format.money(cents, earnings.currency);
  const columns = {
    course: t('earnings.sales.columns.course'),
    date: t('earnings.sales.columns.date'),
    price: t('earnings.sales.columns.price'),
    fee: t('earnings.sales.columns.fee'),
    share: t('earnings.sales.columns.share'),
    state: t('earnings.sales.columns.state'),
  };
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        {t('earnings.sales.title')}
      </Title>
      {earnings.sales.length === 0 ? (
        <Text>{t('earnings.sales.empty')}</Text>
      ) : (
        <DataTable
          caption={t('earnings.sales.caption')}
          minWidth={760}
          verticalSpacing="sm"
          rows={earnings.sales.slice(0, drawn)}
          rowKey={(sale) => `${sale.orderId}:${sale.courseId}`}
          columns={[
            { key: 'course', header: columns.course, phone: 'plain', style: { fontWeight: 500 }, cell: (sale) => sale.title },
            { key: 'date', header: columns.date, nowrap: true, cell: (sale) => format.date(sale.soldAt) },
            {
              key: 'price',
              header: columns.price,
              align: 'right',
              nowrap: true,
              // What the buyer paid; a discounted sale also shows its list price struck through and the coupon that took the difference.
              cell: (sale) =>
                sale.discountCents > 0 ? (
                  <>
                    <ListPrice price={money(sale.listPriceCents)} />
                    {money(sale.priceCents)}
                    <Text size="xs" mt={4}>
                      {tc('discount.coupon', { code: sale.couponCode ?? '', amount: money(-sale.discountCents) })}
                    </Text>
                  </>
                ) : (
                  money(sale.priceCents)
                ),
            },
            {
              key: 'fee',
              header: columns.fee,
              align: 'right',
              // "$2.00 USD (20 %)": the amount and its rate on one line.
              nowrap: true,
              cell: (sale) => t('earnings.sales.fee', { price: money(sale.feeCents), percent: format.feeRate(sale.feeBasisPoints) }),
            },
            {
              key: 'share',
              header: columns.share,
              align: 'right',
              nowrap: true,
              style: { fontWeight: 600 },
              // A sale the teacher brought was split at the referral rate: say so, with the part it gave them.
              cell: (sale) =>
                sale.referred ? (
                  <>
                    {money(sale.shareCents)}
                    <div>
                      <Badge mt={4} variant="light" color="grape">
                        {t('earnings.sales.referral', { percent: format.feeRate(10_000 - sale.feeBasisPoints) })}
                      </Badge>
                    </div>
                  </>
                ) : (
                  money(sale.shareCents)
                ),
            },
            {
              key: 'state',
              header: columns.state,
              cell: (sale) => (
                <>
                  <Badge variant="light" color={saleColor[sale.state]}>
                    {t(`earnings.sales.states.${sale.state}`)}
                  </Badge>
                  {sale.state === 'held' ? (
                    <Text size="xs" c="dimmed" mt={4}>
                      {t('earnings.sales.availableOn', { date: format.date(sale.availableAt) })}
                    </Text>
                  ) : null}
                </>
              ),
            },
          ]}
        />
      )}
      {earnings.sales.length > drawn ? (
        <Button variant="default" onClick={() => setDrawn((count) => count + salesPerStep)} style={{ alignSelf: 'flex-start' }}>
          {t('earnings.sales.showMore', { count: Math.min(salesPerStep, earnings.sales.length - drawn) })}
        </Button>
      ) : null}
      {earnings.sales.length >= salesShown ? (
        <Text size="sm" c="dimmed">
          {t('earnings.sales.truncated', { count: earnings.sales.length })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Transfers to the teacher's account: amount, what later refunds took back, status, date and why one failed. */
export function EarningTransfers({ earnings }: { earnings: TeacherEarnings }) {
  const { t } = useTranslation('payouts');
  const format = usePayoutFormat();
  const headingId = useId();
  const columns = {
    date: t('earnings.transfers.columns.date'),
    amount: t('earnings.transfers.columns.amount'),
    reversed: t('earnings.transfers.columns.reversed'),
    status: t('earnings.transfers.columns.status'),
    failure: t('earnings.transfers.columns.failure'),
  };
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        {t('earnings.transfers.title')}
      </Title>
      {earnings.transfers.length === 0 ? (
        <Text>{t('earnings.transfers.empty')}</Text>
      ) : (
        <DataTable
          caption={t('earnings.transfers.caption')}
          minWidth={640}
          verticalSpacing="sm"
          rows={earnings.transfers}
          rowKey={(transfer) => transfer.id}
          columns={[
            { key: 'date', header: columns.date, nowrap: true, cell: (transfer) => format.date(transfer.sentAt ?? transfer.createdAt) },
            {
              key: 'amount',
              header: columns.amount,
              align: 'right',
              nowrap: true,
              style: { fontWeight: 600 },
              cell: (transfer) => format.money(transfer.amountCents, transfer.currency),
            },
            { key: 'reversed', header: columns.reversed, align: 'right', nowrap: true, cell: (transfer) => format.money(transfer.reversedCents, transfer.currency) },
            {
              key: 'status',
              header: columns.status,
              cell: (transfer) => (
                <Badge variant="light" color={transferColor[transfer.status]}>
                  {t(`earnings.transfers.statuses.${transfer.status}`)}
                </Badge>
              ),
            },
            { key: 'failure', header: columns.failure, cell: (transfer) => transfer.failureReason ?? '' },
          ]}
        />
      )}
    </Stack>
  );
}
