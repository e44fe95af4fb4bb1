import { Alert, Anchor, Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import type { AdminPayouts } from '../../../../shared/schemas/payouts';
import { confirmDialog } from '../../../components/dialogs';
import { FigureGrid } from '../../../components/figure-grid';
import { DataTable } from '../../../components/data-table';
import { toast } from '../../../components/toasts';
import { PayoutAccountStateBadge } from '../../../entities/payouts/payout-account-state';
import { usePayoutFormat } from '../../../entities/payouts/payout-format';
import { errorMessage } from '../../../lib/error-message';
import { useAdminPayouts } from '../api/get-admin-payouts';
import { useRetryPayoutTransfer } from '../api/retry-payout-transfer';
import { adminOnly, AdminPage, ListState } from '../../admin';

type FailedTransfer = AdminPayouts['failedTransfers'][number];
type Difference = NonNullable<AdminPayouts['reconciliation']>['differences'][number];

/** /admin/pagos — the money of the marketplace: totals, every teacher's balance, failed transfers and the last reconciliation. */
function PayoutsScreen() {
  const { t } = useTranslation('payouts');
  const payouts = useAdminPayouts();
  return (
    <AdminPage title={t('admin.title')}>
      <ListState isPending={payouts.isPending} error={payouts.error} isEmpty={false} emptyText="" />
      {payouts.data ? (
        <Stack gap="xl">
          <Totals payouts={payouts.data} />
          <Teachers payouts={payouts.data} />
          <FailedTransfers payouts={payouts.data} />
          <Reconciliation payouts={payouts.data} />
        </Stack>
      ) : null}
    </AdminPage>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Totals({ payouts }: { payouts: AdminPayouts }) {
  const { t } = useTranslation('payouts');
  const format = usePayoutFormat();
  const money = (cents: number) => format.money(cents, payouts.currency);
  const { totals } = payouts;
  const figures = [
    { label: t('admin.totals.gross'), value: money(totals.grossCents), note: t('admin.totals.grossNote') },
    { label: t('admin.totals.fees'), value: money(totals.feesCents), note: t('admin.totals.feesNote') },
    { label: t('admin.totals.refunds'), value: money(totals.refundsCents), note: t('admin.totals.refundsNote') },
    { label: t('admin.totals.transferred'), value: money(totals.transferredCents), note: t('admin.totals.transferredNote') },
    { label: t('admin.totals.pending'), value: money(totals.pendingCents), note: t('admin.totals.pendingNote') },
    { label: t('admin.totals.available'), value: money(totals.availableCents), note: t('admin.totals.availableNote') },
  ];
  return (
    <Section title={t('admin.totals.title')}>
      <FigureGrid figures={figures} cols={{ base: 1, xs: 2, md: 3 }} m={0} />
    </Section>
  );
}

function Teachers({ payouts }: { payouts: AdminPayouts }) {
  const { t } = useTranslation('payouts');
  const format = usePayoutFormat();
  const money = (cents: number) => format.money(cents, payouts.currency);
  const columns = {
    name: t('admin.teachers.columns.name'),
    email: t('admin.teachers.columns.email'),
    account: t('admin.teachers.columns.account'),
    pending: t('admin.teachers.columns.pending'),
    available: t('admin.teachers.columns.available'),
    paid: t('admin.teachers.columns.paid'),
  };
  return (
    <Section title={t('admin.teachers.title')}>
      {payouts.teachers.length === 0 ? (
        <Text>{t('admin.teachers.empty')}</Text>
      ) : (
        <DataTable
          caption={t('admin.teachers.caption')}
          minWidth={800}
          striped
          verticalSpacing="sm"
          rows={payouts.teachers}
          rowKey={(teacher) => teacher.id}
          columns={[
            {
              key: 'name',
              header: columns.name,
              phone: 'plain',
              style: { fontWeight: 600 },
              cell: (teacher) => (
                <Anchor component={Link} to={paths.adminUser(teacher.id)}>
                  {teacher.name}
                </Anchor>
              ),
            },
            { key: 'email', header: columns.email, cell: (teacher) => teacher.email },
            { key: 'account', header: columns.account, cell: (teacher) => <PayoutAccountStateBadge state={teacher.accountState} /> },
            { key: 'pending', header: columns.pending, align: 'right', nowrap: true, cell: (teacher) => money(teacher.pendingCents) },
            { key: 'available', header: columns.available, align: 'right', nowrap: true, cell: (teacher) => money(teacher.availableCents) },
            { key: 'paid', header: columns.paid, align: 'right', nowrap: true, cell: (teacher) => money(teacher.paidCents) },
          ]}
        />
      )}
    </Section>
  );
}

function FailedTransfers({ payouts }: { payouts: AdminPayouts }) {
  const { t } = useTranslation('payouts');
  const format = usePayoutFormat();
  const retry = useRetryPayoutTransfer();
  const columns = {
    teacher: t('admin.failed.columns.teacher'),
    amount: t('admin.failed.columns.amount'),
    date: t('admin.failed.columns.date'),
    attempts: t('admin.failed.columns.attempts'),
    reason: t('admin.failed.columns.reason'),
    action: t('admin.failed.columns.action'),
  };

  const askRetry = async (transfer: FailedTransfer) => {
    const price = format.money(transfer.amountCents, transfer.currency);
    const name = transfer.teacher.name;
    const confirmed = await confirmDialog({
      title: t('admin.retry.title'),
      text: t('admin.retry.text', { price, name }),
      confirmLabel: t('admin.retry.confirm'),
      cancelLabel: t('admin.retry.cancel'),
    });
    if (!confirmed) return;
    try {
      const result = await retry.mutateAsync(transfer.id);
      if (result.status === 'sent') toast.success(t('admin.retry.sent', { name }));
      else if (result.status === 'pending') toast.success(t('admin.retry.pending', { name }));
      else toast.error(t('admin.retry.failedAgain', { reason: result.failureReason ?? t('admin.failed.noReason') }));
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  return (
    <Section title={t('admin.failed.title')}>
      {payouts.failedTransfers.length === 0 ? (
        <Text>{t('admin.failed.empty')}</Text>
      ) : (
        <DataTable
          caption={t('admin.failed.caption')}
          minWidth={800}
          verticalSpacing="sm"
          rows={payouts.failedTransfers}
          rowKey={(transfer) => transfer.id}
          columns={[
            { key: 'teacher', header: columns.teacher, phone: 'plain', style: { fontWeight: 600 }, cell: (transfer) => transfer.teacher.name },
            { key: 'amount', header: columns.amount, align: 'right', nowrap: true, cell: (transfer) => format.money(transfer.amountCents, transfer.currency) },
            { key: 'date', header: columns.date, nowrap: true, cell: (transfer) => format.dateTime(transfer.createdAt) },
            { key: 'attempts', header: columns.attempts, align: 'right', cell: (transfer) => transfer.attempts },
            { key: 'reason', header: columns.reason, cell: (transfer) => transfer.failureReason ?? t('admin.failed.noReason') },
            {
              key: 'action',
              header: columns.action,
              phone: 'plain',
              cell: (transfer) => (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => void askRetry(transfer)}
                  loading={retry.isPending && retry.variables === transfer.id}
                  aria-label={t('admin.failed.retryLabel', { price: format.money(transfer.amountCents, transfer.currency), name: transfer.teacher.name })}
                >
                  {t('admin.failed.retry')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Section>
  );
}

function Reconciliation({ payouts }: { payouts: AdminPayouts }) {
  const { t } = useTranslation('payouts');
  const format = usePayoutFormat();
  const { reconciliation } = payouts;
  const amount = (cents: number | null) => (cents === null ? t('admin.reconciliation.unknownAmount') : format.money(cents, payouts.currency));
  const id = (...ids: (string | null)[]) => ids.find((value) => value !== null) ?? t('admin.reconciliation.unknownId');

  /** One difference in words: which transfer, and what each side says. */
  const explain = (difference: Difference) => {
    switch (difference.kind) {
      case 'missing-at-provider':
        return t('admin.reconciliation.kinds.missingAtProvider', { id: id(difference.transferId, difference.providerTransferId), amount: amount(difference.ledgerCents) });
      case 'unknown-at-provider':
        return t('admin.reconciliation.kinds.unknownAtProvider', { id: id(difference.providerTransferId, difference.transferId), amount: amount(difference.providerCents) });
      case 'amount-differs':
        return t('admin.reconciliation.kinds.amountDiffers', {
          id: id(difference.transferId, difference.providerTransferId),
          amount: amount(difference.ledgerCents),
          providerAmount: amount(difference.providerCents),
        });
    }
  };

  return (
    <Section title={t('admin.reconciliation.title')}>
      {reconciliation === null ? (
        <Text>{t('admin.reconciliation.never')}</Text>
      ) : (
        <>
          <Group gap="sm">
            <Badge variant="light" color={reconciliation.differences.length === 0 ? 'teal' : 'red'} size="lg">
              {reconciliation.differences.length === 0
                ? t('admin.reconciliation.okBadge')
                : t('admin.reconciliation.differencesBadge', { count: reconciliation.differences.length })}
            </Badge>
            <Text size="sm" c="dimmed">
              {t('admin.reconciliation.checkedAt', { date: format.dateTime(reconciliation.checkedAt) })}
            </Text>
          </Group>
          {reconciliation.differences.length === 0 ? (
            <Text>{t('admin.reconciliation.ok')}</Text>
          ) : (
            <Alert color="red" title={t('admin.reconciliation.differences')}>
              <List spacing="xs">
                {reconciliation.differences.map((difference, index) => (
                  <List.Item key={`${difference.kind}:${difference.transferId ?? ''}:${difference.providerTransferId ?? ''}:${index}`} style={{ overflowWrap: 'anywhere' }}>
                    {explain(difference)}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
        </>
      )}
    </Section>
  );
}

export const AdminPayoutsPage = adminOnly(PayoutsScreen);
