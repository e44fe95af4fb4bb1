import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { TeacherEarnings } from '../../../shared/schemas/payouts';
import type { Database } from '../../db/client';
import { ledgerEntries, orderItems, orders, payoutAccounts, payoutTransfers } from '../../db/schema';
import { teacherBalances } from './ledger';

/** The sales listed on the earnings screen (the CSV export has them all). */
export const EARNINGS_SALES_LIMIT = 500;

const DAY_MS = 86_400_000;

type SaleState = TeacherEarnings['sales'][number]['state'];
export type EarningSale = TeacherEarnings['sales'][number];

const lineHas = (prefix: string) =>
  sql<boolean>`exists (select 1 from ${ledgerEntries} le where le.idempotency_key = ${prefix}::text || order_items.order_id || ':' || order_items.course_id)`;

/**
 * A teacher's sold lines, newest first: each with its share and fee as recorded at the sale,
 * and where the share is (held, available, transferred, refunded) as the ledger says.
 */
export async function teacherSales(db: Database, teacherId: string, { holdDays, now, limit }: { holdDays: number; now: Date; limit?: number }): Promise<EarningSale[]> {
  const query = db
    .select({
      orderId: orderItems.orderId,
      courseId: orderItems.courseId,
      title: orderItems.title,
      paidAt: orders.paidAt,
      priceCents: orderItems.priceCents,
      listPriceCents: orderItems.listPriceCents,
      discountCents: orderItems.discountCents,
      couponCode: orders.couponCode,
      referred: orderItems.referred,
      feeBasisPoints: orderItems.feeBasisPoints,
      feeCents: orderItems.feeCents,
      shareCents: orderItems.teacherShareCents,
      refundedAt: orderItems.refundedAt,
      released: lineHas('release:'),
      transferred: sql<boolean>`exists (select 1 from ${payoutTransfers} t where t.order_id = order_items.order_id and t.teacher_id = order_items.seller_id and t.status = 'sent')`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.sellerId, teacherId), isNotNull(orders.paidAt), inArray(orders.paymentStatus, ['paid', 'refunded'])))
    .orderBy(desc(orders.paidAt), desc(orderItems.orderId), orderItems.courseId);
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((row) => {
    const paidAt = row.paidAt!;
    const availableAt = new Date(paidAt.getTime() + holdDays * DAY_MS);
    const state: SaleState = row.refundedAt
      ? 'refunded'
      : row.transferred && row.shareCents > 0
        ? 'transferred'
        : row.released || (row.shareCents === 0 && availableAt <= now)
          ? 'available'
          : 'held';
    return {
      orderId: row.orderId,
      courseId: row.courseId,
      title: row.title,
      soldAt: paidAt.toISOString(),
      priceCents: row.priceCents,
      listPriceCents: row.listPriceCents,
      discountCents: row.discountCents,
      // The order's coupon may cover other teachers' lines only: a line it did not discount shows none.
      couponCode: row.discountCents > 0 ? row.couponCode : null,
      referred: row.referred,
      feeBasisPoints: row.feeBasisPoints,
      feeCents: row.feeCents,
      shareCents: row.shareCents,
      state,
      availableAt: availableAt.toISOString(),
    };
  });
}

export type PayoutTransferView = TeacherEarnings['transfers'][number];

/** Transfers (newest first), each with what was reversed of it. */
export async function transfersView(db: Database, where: { teacherId?: string; status?: 'failed' }): Promise<(PayoutTransferView & { teacherId: string; attempts: number })[]> {
  const rows = await db
    .select({
      transfer: payoutTransfers,
      reversedCents: sql<number>`coalesce((select sum(le.amount_cents) from ${ledgerEntries} le where le.transfer_id = payout_transfers.id and le.kind = 'reversal'), 0)::int`,
    })
    .from(payoutTransfers)
    .where(and(where.teacherId ? eq(payoutTransfers.teacherId, where.teacherId) : undefined, where.status ? eq(payoutTransfers.status, where.status) : undefined))
    .orderBy(desc(payoutTransfers.createdAt), desc(payoutTransfers.id));
  return rows.map(({ transfer, reversedCents }) => transferView(transfer, Number(reversedCents)));
}

export function transferView(transfer: typeof payoutTransfers.$inferSelect, reversedCents: number): PayoutTransferView & { teacherId: string; attempts: number } {
  return {
    id: transfer.id,
    orderId: transfer.orderId,
    teacherId: transfer.teacherId,
    amountCents: transfer.amountCents,
    reversedCents,
    currency: transfer.currency,
    status: transfer.status,
    failureReason: transfer.failureReason,
    attempts: transfer.attempts,
    createdAt: transfer.createdAt.toISOString(),
    sentAt: transfer.sentAt?.toISOString() ?? null,
  };
}

/** The teacher's earnings screen: their own account, balances, sales and transfers, and nobody else's. */
export async function teacherEarnings(db: Database, teacherId: string, { holdDays, now = new Date() }: { holdDays: number; now?: Date }): Promise<TeacherEarnings> {
  const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, teacherId));
  const sales = await teacherSales(db, teacherId, { holdDays, now, limit: EARNINGS_SALES_LIMIT });
  const [next] = await db
    .select({ paidAt: sql<Date | string | null>`min(${orders.paidAt})` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.sellerId, teacherId),
        sql`${orderItems.refundedAt} is null`,
        sql`${orderItems.teacherShareCents} > 0`,
        lineHas('sale:'),
        sql`not ${lineHas('release:')}`,
      ),
    );
  const nextPaidAt = next?.paidAt ? new Date(next.paidAt) : null;
  return {
    account: { state: account?.state ?? 'none', requirements: account?.requirements ?? [] },
    currency: 'usd',
    holdDays,
    balances: await teacherBalances(db, teacherId),
    nextTransferAt: nextPaidAt ? new Date(nextPaidAt.getTime() + holdDays * DAY_MS).toISOString() : null,
    sales,
    transfers: (await transfersView(db, { teacherId })).map(({ teacherId: _teacher, attempts: _attempts, ...transfer }) => transfer),
  };
}

/** One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break; a cell a spreadsheet would run as a formula is prefixed with `'`. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const earningsCsvColumns = [
  'sold_at',
  'order_id',
  'course_id',
  'title',
  'price_cents',
  'fee_basis_points',
  'fee_cents',
  'share_cents',
  'state',
  'available_at',
  'list_price_cents',
  'discount_cents',
  'coupon_code',
  'referred',
] as const;

/**
 * Every sold line of the teacher, one per row, amounts in integer cents; lines end with CRLF as
 * RFC 4180 says. The coupon and referral columns come last, so spreadsheets built on the earlier
 * columns keep reading them where they were.
 */
export function earningsCsv(sales: EarningSale[]): string {
  const rows = sales.map((sale) =>
    [
      sale.soldAt,
      sale.orderId,
      sale.courseId,
      sale.title,
      sale.priceCents,
      sale.feeBasisPoints,
      sale.feeCents,
      sale.shareCents,
      sale.state,
      sale.availableAt,
      sale.listPriceCents,
      sale.discountCents,
      sale.couponCode,
      sale.referred ? 'yes' : 'no',
    ]
      .map(csvCell)
      .join(','),
  );
  return [earningsCsvColumns.join(','), ...rows].join('\r\n') + '\r\n';
}
