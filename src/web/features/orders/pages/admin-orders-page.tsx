import { Badge, Button, Group, List, NativeSelect, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentStatuses, type OrderStatus, type PaymentStatus } from '../../../../shared/limits';
import { usePaymentStatusLabel } from '../../../entities/orders/payment-status';
import { useAdminOrders } from '../api/get-admin-orders';
import { useRefundOrder } from '../api/refund-order';
import { adminOnly, AdminPage, confirmAndRun, formatDateTime, Pager, ListState, useListParams } from '../../admin';
import { formatMoney } from '../../../../shared/money';
import { DataTable } from '../../../components/data-table';
import { ListPrice } from '../../../components/list-price';
import { orderNumber, orderNumberPattern } from '../../../../shared/order-number';

// Colour names without a shade: a light badge then writes its text in the theme's readable light colour (src/web/app/theme.ts).
const statusColor: Record<OrderStatus, string> = { paid: 'teal', unpaid: 'blue', expired: 'gray', failed: 'red', refunded: 'violet', partly_refunded: 'orange' };

/** /admin/ordenes — every order, newest first: user, items, total in US$, payment status; refunds. */
function OrdersScreen() {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const list = useListParams();
  const statusLabel = usePaymentStatusLabel();
  const rawStatus = list.get('status');
  const status = rawStatus === 'abandoned' ? 'abandoned' : paymentStatuses.includes(rawStatus as PaymentStatus) ? (rawStatus as PaymentStatus) : undefined;
  const rawNumber = list.get('number') ?? '';
  const number = orderNumberPattern.test(rawNumber) ? rawNumber : undefined;
  const orders = useAdminOrders({ status, page: list.page, number });
  const refund = useRefundOrder();
  const rows = orders.data?.items ?? [];

  type OrderRow = (typeof rows)[number];
  const unrefunded = (order: OrderRow) => order.items.filter((item) => item.refundedAt === null);

  /** The whole order: every line not refunded yet. */
  const askRefund = (order: OrderRow) =>
    void confirmAndRun({
      title: t('confirm.title'),
      text: t('confirm.refund', {
        price: formatMoney(
          unrefunded(order).reduce((sum, item) => sum + item.priceCents, 0),
          i18n.language,
          order.currency,
        ),
        name: order.user.name,
      }),
      confirmLabel: t('confirm.confirmRefund'),
      cancelLabel: t('confirm.cancel'),
      cancelled: t('cancelled.orderNotRefunded'),
      done: t('done.orderRefunded'),
      action: () => refund.mutateAsync({ orderId: order.id }),
    });

  const askLineRefund = (order: OrderRow, line: OrderRow['items'][number]) =>
    void confirmAndRun({
      title: t('confirm.title'),
      text: t('confirm.refundLine', { price: formatMoney(line.priceCents, i18n.language, order.currency), name: order.user.name, title: line.title }),
      confirmLabel: t('confirm.confirmRefund'),
      cancelLabel: t('confirm.cancel'),
      cancelled: t('cancelled.orderNotRefunded'),
      done: t('done.lineRefunded'),
      action: () => refund.mutateAsync({ orderId: order.id, courseIds: [line.courseId] }),
    });

  const isRefunding = (orderId: string) => refund.isPending && refund.variables?.orderId === orderId;

  return (
    <AdminPage title={t('orders.title')}>
      <Group align="flex-end" mb="md">
        <NumberSearch value={rawNumber} onSearch={(text) => list.set('number', text || undefined)} />
        {/* Checkouts never paid are noise among the sales: left out unless asked for. */}
        <NativeSelect
          label={t('orders.filter')}
          value={status ?? ''}
          onChange={(event) => list.set('status', event.currentTarget.value || undefined)}
          data={[
            { value: '', label: t('orders.allButAbandoned') },
            ...paymentStatuses.map((value) => ({ value, label: statusLabel(value) })),
            { value: 'abandoned', label: t('orders.abandoned') },
          ]}
          w={240}
        />
      </Group>
      <ListState isPending={orders.isPending} error={orders.error} isEmpty={rows.length === 0} emptyText={t('orders.empty')} />
      <DataTable
        columns={[
          {
            key: 'number',
            header: t('orders.columns.number'),
            nowrap: true,
            cell: (order) => (
              <Text ff="monospace" fw={600} size="sm">
                {orderNumber(order.id)}
              </Text>
            ),
          },
          {
            key: 'user',
            header: t('orders.columns.user'),
            cell: (order) => (
              <>
                <Text fw={600}>{order.user.name}</Text>
                <Text size="sm">{order.user.email}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(order.createdAt, i18n.language)}
                </Text>
              </>
            ),
          },
          {
            key: 'items',
            header: t('orders.columns.items'),
            cell: (order) => (
              <List size="sm" spacing={2}>
                {order.items.map((item) => (
                  <List.Item key={item.courseId}>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" td={item.refundedAt ? 'line-through' : undefined}>
                        {item.title}
                      </Text>
                      {/* What was paid for the line (what its refund gives back), after its list price when a coupon discounted it. */}
                      <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
                        {item.discountCents > 0 ? <ListPrice price={formatMoney(item.listPriceCents, i18n.language, order.currency)} /> : null}
                        {formatMoney(item.priceCents, i18n.language, order.currency)}
                      </Text>
                      {item.referred ? (
                        <Badge color="grape" variant="light" size="sm">
                          {tc('discount.referral')}
                        </Badge>
                      ) : null}
                      {item.refundedAt ? (
                        <Badge color="violet" variant="light" size="sm">
                          {t('orders.lineRefunded')}
                        </Badge>
                      ) : order.paymentStatus === 'paid' && order.items.length > 1 ? (
                        <Button
                          size="compact-xs"
                          color="red"
                          variant="subtle"
                          aria-label={t('orders.refundLine', { title: item.title })}
                          onClick={() => askLineRefund(order, item)}
                          disabled={isRefunding(order.id)}
                        >
                          {t('orders.refund')}
                        </Button>
                      ) : null}
                    </Group>
                  </List.Item>
                ))}
              </List>
            ),
          },
          {
            key: 'total',
            header: t('orders.columns.total'),
            cell: (order) => (
              <>
                {formatMoney(order.amountTotal, i18n.language, order.currency)}
                {order.couponCode ? (
                  <Text size="xs" mt={4}>
                    {tc('discount.couponCode', { code: order.couponCode })}
                  </Text>
                ) : null}
              </>
            ),
          },
          {
            key: 'status',
            header: t('orders.columns.status'),
            cell: (order) => (
              <Badge color={statusColor[order.status]} c={order.status === 'expired' ? 'dark.6' : undefined} variant="light">
                {statusLabel(order.status)}
              </Badge>
            ),
          },
          {
            key: 'action',
            header: t('orders.columns.action'),
            phone: 'plain',
            cell: (order) =>
              order.paymentStatus === 'paid' ? (
                <Button size="xs" color="red" variant="light" onClick={() => askRefund(order)} loading={isRefunding(order.id)}>
                  {t('orders.refund')}
                </Button>
              ) : null,
          },
        ]}
        rows={rows}
        rowKey={(order) => order.id}
        minWidth={720}
        striped
        verticalSpacing="sm"
        label={t('orders.title')}
      />
      <Pager page={list.page} pageCount={orders.data?.pageCount ?? 1} onChange={list.setPage} />
    </AdminPage>
  );
}

/** The order-number search: sent once typing pauses, and only when it can be an order number. */
function NumberSearch({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation(['admin', 'validation']);
  const [text, setText] = useState(value);
  const report = useDebouncedCallback(onSearch, 300);
  const invalid = text.trim() !== '' && !orderNumberPattern.test(text.trim());
  return (
    <TextInput
      type="search"
      label={t('orders.search')}
      description={t('orders.searchHint')}
      value={text}
      error={invalid ? t('validation:orderNumber') : undefined}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        if (next.trim() === '' || orderNumberPattern.test(next.trim())) report(next.trim());
      }}
      w={{ base: '100%', xs: 260 }}
    />
  );
}

export const AdminOrdersPage = adminOnly(OrdersScreen);
