import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeacherEarnings } from '../../../../shared/schemas/payouts';
import { ResponsiveTable } from '../../../components/responsive-table';
import { usePayoutFormat } from '../../../entities/payouts/payout-format';

type Sale = TeacherEarnings['sales'][number];
type Transfer = TeacherEarnings['transfers'][number];

// The words say the state; the colour only repeats it. Colour names without a shade (src/web/app/theme.ts).
const saleColor: Record<Sale['state'], string> = { held: 'yellow', available: 'blue', transferred: 'teal', refunded: 'gray' };
const transferColor: Record<Transfer['status'], string> = { pending: 'blue', sent: 'teal', failed: 'red' };

/** The sales list's largest length (src/shared/schemas/payouts.ts); the CSV has every sale. */
const salesShown = 500;

/** Each sold line: course, date, price, the platform's fee with its rate, the teacher's share and where it is. */
export function EarningSales({ earnings }: { earnings: TeacherEarnings }) {
  const { t } = useTranslation('payouts');
  const format = usePayoutFormat();
  const headingId = useId();
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
        <ResponsiveTable minWidth={760} verticalSpacing="sm" captionSide="top">
          <Table.Caption>{t('earnings.sales.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {Object.entries(columns).map(([name, label]) => (
                <Table.Th key={name} scope="col" ta={name === 'price' || name === 'fee' || name === 'share' ? 'right' : undefined}>
                  {label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {earnings.sales.map((sale) => (
              <Table.Tr key={`${sale.orderId}:${sale.courseId}`}>
                <Table.Td fw={500}>{sale.title}</Table.Td>
                <Table.Td data-label={columns.date}>{format.date(sale.soldAt)}</Table.Td>
                <Table.Td data-label={columns.price} ta="right">
                  {money(sale.priceCents)}
                </Table.Td>
                <Table.Td data-label={columns.fee} ta="right">
                  {t('earnings.sales.fee', { price: money(sale.feeCents), percent: format.feeRate(sale.feeBasisPoints) })}
                </Table.Td>
                <Table.Td data-label={columns.share} ta="right" fw={600}>
                  {money(sale.shareCents)}
                </Table.Td>
                <Table.Td data-label={columns.state}>
                  <Badge variant="light" color={saleColor[sale.state]}>
                    {t(`earnings.sales.states.${sale.state}`)}
                  </Badge>
                  {sale.state === 'held' ? (
                    <Text size="xs" c="dimmed" mt={4}>
                      {t('earnings.sales.availableOn', { date: format.date(sale.availableAt) })}
                    </Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
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
        <ResponsiveTable minWidth={640} verticalSpacing="sm" captionSide="top">
          <Table.Caption>{t('earnings.transfers.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {Object.entries(columns).map(([name, label]) => (
                <Table.Th key={name} scope="col" ta={name === 'amount' || name === 'reversed' ? 'right' : undefined}>
                  {label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {earnings.transfers.map((transfer) => (
              <Table.Tr key={transfer.id}>
                <Table.Td data-label={columns.date}>{format.date(transfer.sentAt ?? transfer.createdAt)}</Table.Td>
                <Table.Td data-label={columns.amount} ta="right" fw={600}>
                  {format.money(transfer.amountCents, transfer.currency)}
                </Table.Td>
                <Table.Td data-label={columns.reversed} ta="right">
                  {format.money(transfer.reversedCents, transfer.currency)}
                </Table.Td>
                <Table.Td data-label={columns.status}>
                  <Badge variant="light" color={transferColor[transfer.status]}>
                    {t(`earnings.transfers.statuses.${transfer.status}`)}
                  </Badge>
                </Table.Td>
                {transfer.failureReason ? (
                  <Table.Td data-label={columns.failure}>{transfer.failureReason}</Table.Td>
                ) : (
                  <Table.Td />
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
    </Stack>
  );
}
