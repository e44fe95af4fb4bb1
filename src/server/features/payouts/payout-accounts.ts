import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payoutAccounts, type payoutAccountStates } from '../../db/schema';

/** A connected account as the provider reports it (the payments layer's `ConnectedAccount`). */
export type ReportedAccount = { id: string; state: (typeof payoutAccountStates)[number]; requirements: string[] };

/**
 * The one owner of a teacher's payout account state: the provider's verified `account.updated`
 * (and nothing the browser sends) moves it. An account that no teacher of this provider holds is
 * left alone (`unknown`), and so is a report older than the one the state came from (`stale`:
 * the provider does not deliver events in order). `db` may be a transaction.
 */
export async function applyReportedAccount(db: Database, provider: string, account: ReportedAccount, reportedAt?: Date): Promise<'updated' | 'stale' | 'unknown'> {
  const theAccount = and(eq(payoutAccounts.provider, provider), eq(payoutAccounts.providerAccountId, account.id));
  const [updated] = await db
    .update(payoutAccounts)
    .set({ state: account.state, requirements: account.requirements, updatedAt: new Date(), ...(reportedAt ? { stateAsOf: reportedAt } : {}) })
    .where(reportedAt ? and(theAccount, or(isNull(payoutAccounts.stateAsOf), lte(payoutAccounts.stateAsOf, reportedAt))) : theAccount)
    .returning({ userId: payoutAccounts.userId });
  if (updated) return 'updated';
  const [held] = await db.select({ userId: payoutAccounts.userId }).from(payoutAccounts).where(theAccount);
  return held ? 'stale' : 'unknown';
}
