import { and, desc, eq, sql } from 'drizzle-orm';
import type { TeacherEarnings } from '../../../shared/schemas/payouts';
import type { Database } from '../../db/client';
import { ledgerEntries, payoutAccounts, payoutTransfers } from '../../db/schema';
import { saleLines, standingLine } from '../orders';
import { teacherBalances } from './ledger-balances';

/** The sales listed on the earnings screen (the CSV export has them all). */
export const EARNINGS_SALES_LIMIT = 500;

const DAY_MS = 86_400_000;

type SaleState = TeacherEarnings['sales'][number]['state'];
export type EarningSale = TeacherEarnings['sales'][number];

/**
 * A column of the sold line in a correlated subquery, named with its table: the query builder
 * leaves a lone source's columns unqualified, and inside the subquery `order_id` alone would be
 * the inner table's.
 */
const lineColumn = (column: 'order_id' | 'course_id' | 'seller_id') => sql.raw(`sale_lines.${column}`);

/** Whether the ledger holds the entry `prefix` of a sold line (`sale:`, `release:`, …). */
const lineHas = (prefix: string) =>
  sql<boolean>`exists (select 1 from ${ledgerEntries} le where le.idempotency_key = ${prefix}::text || ${lineColumn('order_id')} || ':' || ${lineColumn('course_id')})`;

/**
 * A teacher's sold lines (`features/orders/sale-lines.ts`), newest first: each with its share and fee as
 * recorded at the sale, and where the share is (held, available, transferred, refunded) as the
 * ledger says; a refunded line is refunded here as on every other page.
 */
export async function teacherSales(db: Database, teacherId: string, { holdDays, now, limit }: { holdDays: number; now: Date; limit?: number }): Promise<EarningSale[]> {
  const query = db
    .select({
      orderId: saleLines.orderId,
      courseId: saleLines.courseId,
      title: saleLines.title,
      paidAt: saleLines.soldAt,
      priceCents: saleLines.priceCents,
      listPriceCents: saleLines.grossCents,
      discountCents: saleLines.discountCents,
      couponCode: saleLines.couponCode,
      referred: saleLines.referred,
      feeBasisPoints: saleLines.feeBasisPoints,
      feeCents: saleLines.feeCents,
      shareCents: saleLines.shareCents,
      state: saleLines.state,
      released: lineHas('release:'),
      transferred: sql<boolean>`exists (select 1 from ${payoutTransfers} t where t.order_id = ${lineColumn('order_id')} and t.teacher_id = ${lineColumn('seller_id')} and t.status = 'sent')`,
    })
    .from(saleLines)
    .where(eq(saleLines.sellerId, teacherId))
    .orderBy(desc(saleLines.soldAt), desc(saleLines.orderId), saleLines.courseId);
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((row) => {
    const paidAt = new Date(row.paidAt);
    const availableAt = new Date(paidAt.getTime() + holdDays * DAY_MS);
    const state: SaleState =
      row.state === 'refunded'
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
    .select({ paidAt: sql<Date | string | null>`min(${saleLines.soldAt})` })
    .from(saleLines)
    .where(
      and(
        eq(saleLines.sellerId, teacherId),
        standingLine,
        sql`${saleLines.shareCents} > 0`,
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
