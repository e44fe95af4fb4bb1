import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ledgerEntries } from '../../db/schema';

/**
 * Balances, computed by SQL over the ledger and never stored: a bucket's balance is what came
 * into it minus what went out. The entries themselves are written by features/payouts/ledger-entries.ts.
 */

export type TeacherBalances = { pendingCents: number; availableCents: number; paidCents: number };

const bucketSum = (bucket: string) =>
  sql<number>`coalesce(sum(case when ${ledgerEntries.toBucket} = ${bucket} then ${ledgerEntries.amountCents} when ${ledgerEntries.fromBucket} = ${bucket} then -${ledgerEntries.amountCents} else 0 end), 0)::int`;

const balanceColumns = {
  pendingCents: bucketSum('pending'),
  availableCents: bucketSum('available'),
  paidCents: bucketSum('paid'),
};

/** One teacher's pending (in its hold), available (ready to transfer) and paid (transferred, less reversals). */
export async function teacherBalances(db: Database, teacherId: string): Promise<TeacherBalances> {
  const [row] = await db.select(balanceColumns).from(ledgerEntries).where(sql`${ledgerEntries.teacherId} = ${teacherId}`);
  return { pendingCents: Number(row?.pendingCents ?? 0), availableCents: Number(row?.availableCents ?? 0), paidCents: Number(row?.paidCents ?? 0) };
}

/** Every teacher with entries, and their balances. */
export async function allTeacherBalances(db: Database): Promise<(TeacherBalances & { teacherId: string })[]> {
  const rows = await db
    .select({ teacherId: ledgerEntries.teacherId, ...balanceColumns })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.teacherId);
  return rows.map((row) => ({ teacherId: row.teacherId, pendingCents: Number(row.pendingCents), availableCents: Number(row.availableCents), paidCents: Number(row.paidCents) }));
}

export type PlatformTotals = {
  /** Everything buyers paid for sold lines (the sales). */
  grossCents: number;
  /** The platform bucket: fees, less those of refunded lines. */
  feesCents: number;
  /** The refunded bucket: given back to buyers. */
  refundsCents: number;
  /** The paid bucket: transferred to teachers, less reversals. */
  transferredCents: number;
  pendingCents: number;
  availableCents: number;
};

export async function platformTotals(db: Database): Promise<PlatformTotals> {
  const [row] = await db
    .select({
      grossCents: sql<number>`coalesce(sum(case when ${ledgerEntries.kind} = 'sale' then ${ledgerEntries.amountCents} else 0 end), 0)::int`,
      feesCents: bucketSum('platform'),
      refundsCents: bucketSum('refunded'),
      transferredCents: bucketSum('paid'),
      pendingCents: bucketSum('pending'),
      availableCents: bucketSum('available'),
    })
    .from(ledgerEntries);
  const value = (key: keyof PlatformTotals) => Number(row?.[key] ?? 0);
  return {
    grossCents: value('grossCents'),
    feesCents: value('feesCents'),
    refundsCents: value('refundsCents'),
    transferredCents: value('transferredCents'),
    pendingCents: value('pendingCents'),
    availableCents: value('availableCents'),
  };
}

export const buckets = ['buyer', 'platform', 'pending', 'available', 'paid', 'refunded'] as const;
export type Bucket = (typeof buckets)[number];

/** Every bucket's balance over the whole ledger (they always sum to 0), optionally of one order. */
export async function bucketBalances(db: Database, orderId?: string): Promise<Record<Bucket, number>> {
  const [row] = await db
    .select(Object.fromEntries(buckets.map((bucket) => [bucket, bucketSum(bucket)])) as Record<Bucket, ReturnType<typeof bucketSum>>)
    .from(ledgerEntries)
    .where(orderId ? sql`${ledgerEntries.orderId} = ${orderId}` : undefined);
  return Object.fromEntries(buckets.map((bucket) => [bucket, Number(row?.[bucket] ?? 0)])) as Record<Bucket, number>;
}
