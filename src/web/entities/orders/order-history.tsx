import { Alert, Anchor, Badge, Center, Loader, Stack, Text, Title, VisuallyHidden, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { pathFor } from '../../../shared/endpoints/endpoint';
import type { OrderStatus } from '../../../shared/limits';
import type { Order } from '../../../shared/schemas/orders';
import { useOrders } from './get-orders';
import { errorMessage } from '../../lib/error-message';
import { usePaymentStatusLabel } from './payment-status';
import { usePriceLabel } from '../../lib/money';
import { DataTable } from '../../components/data-table';
import { ListPrice } from '../../components/list-price';
import { localeOf } from '../../../shared/languages';
import { dateTimeFormat } from '../../lib/intl-formats';

/** The order's invoice and credit notes, each a PDF download (the server answers them to the buyer only). */
function OrderDocuments({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  if (!order.invoiceNumber && order.creditNotes.length === 0) {
    return (
      <Text size="sm" c="dimmed" aria-hidden="true">
        {t('history.noDocuments')}
      </Text>
    );
  }
  return (
    <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {order.invoiceNumber && (
        <Text component="li" size="sm">
          <Anchor href={pathFor(endpoints.getInvoicePdf, { id: order.id })} download>
            {`${t('history.invoice')} ${order.invoiceNumber}`}
          </Anchor>
        </Text>
      )}
      {order.creditNotes.map((note) => (
        <Text component="li" size="sm" key={note.number}>
          <Anchor href={pathFor(endpoints.getCreditNotePdf, { id: order.id, number: note.number })} download>
            {`${t('history.creditNote')} ${note.number}`}
          </Anchor>
        </Text>
      ))}
    </Stack>
  );
}

const statusColors: Record<OrderStatus, MantineColor> = {
  paid: 'teal',
  unpaid: 'yellow',
  expired: 'gray',
  failed: 'red',
  refunded: 'grape',
  partly_refunded: 'orange',
};

/**
 * The signed-in buyer's purchases: date, courses, total and status, newest first. The server
 * leaves out checkouts that expired or failed (they bought nothing); one still open reads
 * "Esperando el pago". Shared, so
 * the dashboard can show it too; it renders its own `<h2>`.
 */
export function OrderHistory({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const { t, i18n } = useTranslation('orders');
  const { t: tc } = useTranslation();
  const orders = useOrders();
  const priceLabel = usePriceLabel();
  const statusLabel = usePaymentStatusLabel();
  const dateFormat = dateTimeFormat(localeOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });

  let content;
  if (orders.isPending) {
    content = (
      <Center py="md" role="status">
        <Loader size="sm" aria-hidden="true" />
        <VisuallyHidden>{t('player.loading')}</VisuallyHidden>
      </Center>
    );
  } else if (orders.isError) {
    content = (
      <Alert color="red" role="alert">
        {errorMessage(orders.error)}
      </Alert>
    );
  } else if (orders.data.length === 0) {
    content = <Text c="dimmed">{t('history.empty')}</Text>;
  } else {
    content = (
      <DataTable
        columns={[
          { key: 'date', header: t('history.date'), nowrap: true, cell: (order) => dateFormat.format(new Date(order.createdAt)) },
          {
            key: 'courses',
            header: t('history.courses'),
            // A line the coupon discounted shows its list price struck through beside what was paid, and the order names its coupon.
            cell: (order) => (
              <>
                <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {order.items.map((item) => (
                    <Text component="li" key={item.courseId} size="sm">
                      {item.title}
                      {item.discountCents > 0 ? (
                        <Text span size="sm" ml="xs" style={{ whiteSpace: 'nowrap' }}>
                          <ListPrice price={priceLabel(item.listPriceCents)} />
                          {priceLabel(item.priceCents)}
                        </Text>
                      ) : null}
                    </Text>
                  ))}
                </Stack>
                {order.couponCode ? (
                  <Text size="xs" mt={4}>
                    {tc('discount.couponCode', { code: order.couponCode })}
                  </Text>
                ) : null}
              </>
            ),
          },
          { key: 'total', header: t('history.total'), nowrap: true, cell: (order) => priceLabel(order.amountTotal) },
          {
            key: 'status',
            header: t('history.status'),
            cell: (order) => (
              <Badge color={statusColors[order.status]} variant="dot" c="dark">
                {statusLabel(order.status)}
              </Badge>
            ),
          },
          { key: 'documents', header: t('history.documents'), nowrap: true, cell: (order) => <OrderDocuments order={order} /> },
        ]}
        rows={orders.data}
        rowKey={(order) => order.id}
        minWidth={640}
        verticalSpacing="sm"
        striped
        label={t('history.title')}
      />
    );
  }

  return (
    <section aria-labelledby="order-history-title">
      <Title order={headingOrder} size="h3" id="order-history-title" mb="sm">
        {t('history.title')}
      </Title>
      {content}
    </section>
  );
}
