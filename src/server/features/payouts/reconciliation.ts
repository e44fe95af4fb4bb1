import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AdminPayouts } from '../../../shared/schemas/payouts';
import { recordAudit } from '../../audit';
import type { Database } from '../../db/client';
import { auditLog, ledgerEntries, payoutTransfers } from '../../db/schema';
import type { BackgroundJob } from '../../jobs';
import type { PayoutProvider } from '../../payments/provider';

type Reconciliation = NonNullable<AdminPayouts['reconciliation']>;
type Difference = Reconciliation['differences'][number];

/** Days of transfers the daily reconciliation compares. */
export const RECONCILIATION_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * Compares the transfers the ledger says were sent in the last `days` days with the provider's
 * (`listTransfers`): one the provider does not have, one the ledger does not know, or one whose
 * amount net of reversals differs is a difference. Each is logged as a warning; the result is
 * recorded as an audit row (`payouts.reconcile`), which the admin's payouts screen shows.
 */
export async function reconcileTransfers(
  db: Database,
  provider: Pick<PayoutProvider, 'listTransfers'>,
  { now = new Date(), days = RECONCILIATION_DAYS, log }: { now?: Date; days?: number; log?: Pick<FastifyBaseLogger, 'warn'> } = {},
): Promise<Reconciliation> {
  const since = new Date(now.getTime() - days * DAY_MS);
  // The provider made each transfer a moment before the ledger marked it sent: ask it from a day earlier.
  const atProvider = await provider.listTransfers({ createdSince: new Date(since.getTime() - DAY_MS) });
  const sent = await db
    .select({
      id: payoutTransfers.id,
      providerTransferId: payoutTransfers.providerTransferId,
      amountCents: payoutTransfers.amountCents,
      sentAt: payoutTransfers.sentAt,
      reversedCents: sql<number>`coalesce((select sum(le.amount_cents) from ${ledgerEntries} le where le.transfer_id = payout_transfers.id and le.kind = 'reversal'), 0)::int`,
    })
    .from(payoutTransfers)
    .where(and(eq(payoutTransfers.status, 'sent'), gte(payoutTransfers.sentAt, since)));
  const providerById = new Map(atProvider.map((transfer) => [transfer.id, transfer]));
  const differences: Difference[] = [];
  for (const row of sent) {
    const ledgerCents = row.amountCents - Number(row.reversedCents);
    const theirs = row.providerTransferId ? providerById.get(row.providerTransferId) : undefined;
    if (!theirs) {
      differences.push({ kind: 'missing-at-provider', transferId: row.id, providerTransferId: row.providerTransferId, ledgerCents, providerCents: null });
      continue;
    }
    const providerCents = theirs.amountCents - theirs.reversedCents;
    if (providerCents !== ledgerCents || theirs.amountCents !== row.amountCents) {
      differences.push({ kind: 'amount-differs', transferId: row.id, providerTransferId: theirs.id, ledgerCents, providerCents });
    }
  }
  const recent = atProvider.filter((transfer) => transfer.createdAt >= since);
  const known = recent.length
    ? new Set(
        (
          await db
            .select({ id: payoutTransfers.providerTransferId })
            .from(payoutTransfers)
            .where(inArray(payoutTransfers.providerTransferId, recent.map((transfer) => transfer.id)))
        ).map((row) => row.id),
      )
    : new Set<string | null>();
  for (const transfer of recent) {
    if (!known.has(transfer.id)) {
      differences.push({ kind: 'unknown-at-provider', transferId: null, providerTransferId: transfer.id, ledgerCents: null, providerCents: transfer.amountCents - transfer.reversedCents });
    }
  }
  for (const difference of differences) log?.warn({ reconciliation: difference }, `payout reconciliation: ${difference.kind}`);
  const result = { checkedAt: now.toISOString(), differences };
  await recordAudit(db, { actorId: null, action: 'payouts.reconcile', targetType: 'payouts', targetId: 'transfers', after: { ...result, days, checked: sent.length } });
  return result;
}

/** The last reconciliation's result, or null before the first. */
export async function lastReconciliation(db: Database): Promise<Reconciliation | null> {
  const [row] = await db.select({ after: auditLog.after }).from(auditLog).where(eq(auditLog.action, 'payouts.reconcile')).orderBy(desc(auditLog.id)).limit(1);
  const after = row?.after as Partial<Reconciliation> | undefined;
  if (!after?.checkedAt || !Array.isArray(after.differences)) return null;
  return { checkedAt: after.checkedAt, differences: after.differences };
}

export const reconciliationJob = (db: Database, provider: PayoutProvider, log: Pick<FastifyBaseLogger, 'warn'>): BackgroundJob => ({
  name: 'payout reconciliation',
  intervalMs: DAY_MS,
  run: () => reconcileTransfers(db, provider, { log }),
});
