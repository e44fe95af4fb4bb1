import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { createOrder, makeOrderItems } from '../../src/server/db/factories';
import { orderItems, orders, payoutAccounts } from '../../src/server/db/schema';
import { fulfilOrder } from '../../src/server/features/orders';
import type { RefundProvider } from '../../src/server/features/orders';
import type { PayoutDouble } from './payout-provider';
import { resetDatabase, testDatabase } from './database';

/** The worker's database alone (no app), emptied before each test: for the ledger's own tests. */
export function useLedgerDatabase(): { db: Database } {
  const context = {} as { db: Database };
  beforeAll(async () => {
    context.db = (await testDatabase()).db;
  });
  beforeEach(async () => {
    await resetDatabase(await testDatabase());
  });
  return context;
}

export type SoldCourse = { id: number; priceCents: number; title: string; ownerId: string };

/**
 * An order paid the way the app pays one: written unpaid, then fulfilled (which records its sale
 * in the ledger), with its lines split at `feeBasisPoints` and its payment time set to `paidAt`.
 */
export async function payOrder(
  db: Database,
  { userId, items, paidAt = new Date(), feeBasisPoints = 2000 }: { userId: string; items: readonly SoldCourse[]; paidAt?: Date; feeBasisPoints?: number },
): Promise<{ orderId: string; paymentId: string }> {
  const { order } = await createOrder(db, { userId, items: [], paymentStatus: 'unpaid' });
  await db.insert(orderItems).values(makeOrderItems(order.id, items, feeBasisPoints));
  await db
    .update(orders)
    .set({ amountTotal: items.reduce((total, item) => total + item.priceCents, 0) })
    .where(eq(orders.id, order.id));
  const paymentId = `pi_test_${randomUUID().slice(0, 8)}`;
  const result = await fulfilOrder(db, order.id, { providerPaymentId: paymentId });
  if (!result.fulfilled) throw new Error('payOrder: not fulfilled');
  await db.update(orders).set({ paidAt }).where(eq(orders.id, order.id));
  return { orderId: order.id, paymentId };
}

/** Gives a teacher a payout account at the double, in the given state. */
export async function givePayoutAccount(db: Database, double: PayoutDouble, teacherId: string, state: 'pending' | 'enabled' | 'restricted' = 'enabled'): Promise<string> {
  const account = await double.createConnectedAccount({ teacherId, email: `${teacherId}@example.test`, idempotencyKey: `account-${teacherId}` });
  await db
    .insert(payoutAccounts)
    .values({ userId: teacherId, provider: 'test', providerAccountId: account.id, state })
    .onConflictDoUpdate({ target: payoutAccounts.userId, set: { state } });
  return account.id;
}

export async function setPayoutAccountState(db: Database, teacherId: string, state: 'pending' | 'enabled' | 'restricted'): Promise<void> {
  await db.update(payoutAccounts).set({ state }).where(eq(payoutAccounts.userId, teacherId));
}

export const DAY_MS = 86_400_000;
export const daysAfter = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** The payment side of the provider: records each refund, and answers the first one again for a key it has seen. */
export function refundDouble() {
  const refunds = new Map<string, { orderId: string; amountCents: number }>();
  const provider: RefundProvider = {
    refund: async (order, request) => {
      const key = request?.idempotencyKey ?? `whole-${order.id}`;
      if (!refunds.has(key)) refunds.set(key, { orderId: order.id, amountCents: request?.amountCents ?? order.amountTotal });
      return { refundId: `re_${key}` };
    },
  };
  return { provider, refunds };
}
