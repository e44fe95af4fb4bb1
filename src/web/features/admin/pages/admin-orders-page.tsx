import { Badge, Button, Group, List, NativeSelect, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paymentStatuses, type PaymentStatus } from '../../../../shared/limits';
import { usePaymentStatusLabel } from '../../../entities/orders/payment-status';
import { useAdminOrders } from '../api/get-orders';
import { useRefundOrder } from '../api/refund-order';
import { adminOnly } from '../components/admin-only';
import { AdminPage } from '../components/admin-page';
import { confirmAndRun } from '../components/confirm-flow';
import { formatMoney } from '../../../../shared/money';
import { formatDateTime } from '../components/format';
import { Pager } from '../components/list-controls';
import { ListState } from '../components/list-states';
import { useListParams } from '../components/use-list-params';
import { ResponsiveTable } from '../../../components/responsive-table';

// Colour names without a shade: a light badge then writes its text in the theme's readable light colour (src/web/app/theme.ts).
const statusColor: Record<PaymentStatus, string> = { paid: 'teal', unpaid: 'blue', expired: 'gray', failed: 'red', refunded: 'violet' };

/** /admin/ordenes — every order, newest first: user, items, total in US$, payment status; refunds. */
function OrdersScreen() {
  const { t, i18n } = useTranslation('admin');
  const list = useListParams();
  const statusLabel = usePaymentStatusLabel();
  const rawStatus = list.get('status');
  const status = paymentStatuses.includes(rawStatus as PaymentStatus) ? (rawStatus as PaymentStatus) : undefined;
  const orders = useAdminOrders({ status, page: list.page });
  const refund = useRefundOrder();
  const rows = orders.data?.items ?? [];

  const askRefund = (order: (typeof rows)[number]) =>
    void confirmAndRun({
      title: t('confirm.title'),
      text: t('confirm.refund', { price: formatMoney(order.amountTotal, i18n.language, order.currency), name: order.user.name }),
      confirmLabel: t('confirm.confirmRefund'),
      cancelLabel: t('confirm.cancel'),
      cancelled: t('cancelled.orderNotRefunded'),
      done: t('done.orderRefunded'),
      action: () => refund.mutateAsync(order.id),
    });

  return (
    <AdminPage title={t('orders.title')}>
      <Group align="flex-end" mb="md">
        <NativeSelect
          label={t('orders.filter')}
          value={status ?? ''}
          onChange={(event) => list.set('status', event.currentTarget.value || undefined)}
          data={[{ value: '', label: t('orders.all') }, ...paymentStatuses.map((value) => ({ value, label: statusLabel(value) }))]}
          w={220}
        />
      </Group>
      <ListState isPending={orders.isPending} error={orders.error} isEmpty={rows.length === 0} emptyText={t('orders.empty')} />
      {rows.length > 0 ? (
        <ResponsiveTable minWidth={720} striped verticalSpacing="sm" aria-label={t('orders.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('orders.columns.user')}</Table.Th>
                <Table.Th>{t('orders.columns.items')}</Table.Th>
                <Table.Th>{t('orders.columns.total')}</Table.Th>
                <Table.Th>{t('orders.columns.status')}</Table.Th>
                <Table.Th>{t('orders.columns.action')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((order) => (
                <Table.Tr key={order.id}>
                  <Table.Td data-label={t('orders.columns.user')}>
                    <Text fw={600}>{order.user.name}</Text>
                    <Text size="sm">{order.user.email}</Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(order.createdAt, i18n.language)}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label={t('orders.columns.items')}>
                    <List size="sm" spacing={2}>
                      {order.items.map((item) => (
                        <List.Item key={item.courseId}>{item.title}</List.Item>
                      ))}
                    </List>
                  </Table.Td>
                  <Table.Td data-label={t('orders.columns.total')}>{formatMoney(order.amountTotal, i18n.language, order.currency)}</Table.Td>
                  <Table.Td data-label={t('orders.columns.status')}>
                    <Badge color={statusColor[order.paymentStatus]} c={order.paymentStatus === 'expired' ? 'dark.6' : undefined} variant="light">
                      {statusLabel(order.paymentStatus)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {order.paymentStatus === 'paid' ? (
                      <Button size="xs" color="red" variant="light" onClick={() => askRefund(order)} loading={refund.isPending && refund.variables === order.id}>
                        {t('orders.refund')}
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
      ) : null}
      <Pager page={list.page} pageCount={orders.data?.pageCount ?? 1} onChange={list.setPage} />
    </AdminPage>
  );
}

export const AdminOrdersPage = adminOnly(OrdersScreen);
