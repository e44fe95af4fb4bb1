import { eq, inArray } from 'drizzle-orm';
import type { AdminPayouts } from '../../../shared/schemas/payouts';
import { recordAudit } from '../../audit';
import type { Database } from '../../db/client';
import { payoutAccounts, payoutTransfers, users } from '../../db/schema';
import { lockOrder, orderBucketBalance } from './ledger-entries';
import { sendTransfer } from './payout-transfers';
import { AppError } from '../../errors';
import type { PayoutProvider } from '../../payments/provider';
import { transfersView, transferView, type PayoutTransferView } from './earnings';
import { allTeacherBalances, platformTotals } from './ledger-balances';
import { lastReconciliation } from './reconciliation';

/** Every teacher's balance (those with entries or a payout account), the platform's totals, failed transfers and the last reconciliation. */
export async function adminPayouts(db: Database): Promise<AdminPayouts> {
  const balances = await allTeacherBalances(db);
  const accounts = await db.select({ userId: payoutAccounts.userId, state: payoutAccounts.state }).from(payoutAccounts);
  const ids = [...new Set([...balances.map((row) => row.teacherId), ...accounts.map((row) => row.userId)])];
  const people = ids.length ? await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids)) : [];
  const failed = await transfersView(db, { status: 'failed' });
  const names = new Map(people.map((person) => [person.id, person]));
  const teachers = ids
    .map((id) => {
      const balance = balances.find((row) => row.teacherId === id);
      const person = names.get(id);
      return {
        id,
        name: person?.name ?? '',
        email: person?.email ?? '',
        accountState: accounts.find((row) => row.userId === id)?.state ?? ('none' as const),
        pendingCents: balance?.pendingCents ?? 0,
        availableCents: balance?.availableCents ?? 0,
        paidCents: balance?.paidCents ?? 0,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return {
    currency: 'usd',
    totals: await platformTotals(db),
    teachers,
    failedTransfers: failed.map(({ teacherId, ...transfer }) => ({ ...transfer, teacher: { id: teacherId, name: names.get(teacherId)?.name ?? '' } })),
    reconciliation: await lastReconciliation(db),
  };
}

/**
 * The admin's retry of a failed transfer: with the same key (`transfer-<id>`), so a transfer
 * the provider did make is answered again, never made twice. The row goes back to `pending`
 * under the order's lock first, so a refund of the order meanwhile waits for it.
 */
export async function retryTransfer(db: Database, actorId: string, transferId: string, provider: PayoutProvider): Promise<PayoutTransferView> {
  const [existing] = await db.select().from(payoutTransfers).where(eq(payoutTransfers.id, transferId));
  if (!existing) throw new AppError('PAYOUT_TRANSFER_NOT_FOUND', 'Transfer not found');
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await lockOrder(txDb, existing.orderId);
    const [row] = await tx.select().from(payoutTransfers).where(eq(payoutTransfers.id, transferId));
    if (!row) throw new AppError('PAYOUT_TRANSFER_NOT_FOUND', 'Transfer not found');
    if (row.status !== 'failed') throw new AppError('PAYOUT_TRANSFER_NOT_RETRYABLE', 'Only a failed transfer can be retried');
    const [account] = await tx.select({ state: payoutAccounts.state }).from(payoutAccounts).where(eq(payoutAccounts.userId, row.teacherId));
    if (account?.state !== 'enabled') throw new AppError('PAYOUT_ACCOUNT_NOT_ENABLED', "The teacher's payout account is not enabled");
    const available = await orderBucketBalance(txDb, row.orderId, row.teacherId, 'available');
    if (available !== row.amountCents) throw new AppError('PAYOUT_TRANSFER_NOT_RETRYABLE', 'The amount available for this transfer changed');
    await tx.update(payoutTransfers).set({ status: 'pending' }).where(eq(payoutTransfers.id, transferId));
    await recordAudit(tx, { actorId, action: 'payouts.retryTransfer', targetType: 'transfer', targetId: transferId, before: { status: 'failed', failureReason: row.failureReason, attempts: row.attempts } });
  });
  const after = await sendTransfer(db, provider, transferId);
  if (after.status !== 'sent') throw new AppError('PAYMENT_PROVIDER_ERROR', `The provider refused the transfer again: ${after.failureReason ?? ''}`);
  const { teacherId: _teacher, attempts: _attempts, ...view } = transferView(after, 0);
  return view;
}
