import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { payoutAccounts, type payoutAccountStates } from '../db/schema';

/** A connected account as the provider reports it (the payments layer's `ConnectedAccount`). */
export type ReportedAccount = { id: string; state: (typeof payoutAccountStates)[number]; requirements: string[] };

/**
 * The one owner of a teacher's payout account state: the provider's verified `account.updated`
 * (and nothing the browser sends) moves it. An account that no teacher of this provider holds is
 * left alone. `db` may be a transaction.
 */
export async function applyReportedAccount(db: Database, provider: string, account: ReportedAccount): Promise<{ userId: string } | null> {
  const [updated] = await db
    .update(payoutAccounts)
    .set({ state: account.state, requirements: account.requirements, updatedAt: new Date() })
    .where(and(eq(payoutAccounts.provider, provider), eq(payoutAccounts.providerAccountId, account.id)))
    .returning({ userId: payoutAccounts.userId });
  return updated ?? null;
}
