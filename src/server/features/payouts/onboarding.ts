import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { courses, payoutAccounts } from '../../db/schema';
import { AppError } from '../../errors';
import type { PayoutProvider, ProviderName } from '../../payments/provider';
import { payoutAccountEndpoints } from '../../../shared/endpoints/payouts';

/** The teacher's earnings page (the web app's), where the provider's onboarding comes back to. */
export const EARNINGS_PAGE_PATH = '/coursescreated/earnings';

export type OnboardingUrls = { returnUrl: string; refreshUrl: string };

/** Where the provider's hosted onboarding returns the teacher, and where it sends one whose link expired. */
export const onboardingUrls = (publicUrl: string): OnboardingUrls => ({
  returnUrl: `${publicUrl}${EARNINGS_PAGE_PATH}?onboarding=done`,
  refreshUrl: `${publicUrl}${payoutAccountEndpoints.refreshPayoutOnboarding.path}`,
});

type Teacher = { id: string; email: string };

/**
 * One opening of a payout account per user at a time in this process: a double click waits for
 * the first and then finds its row. Across processes the provider's idempotency key
 * (`account-<userId>`) answers the same account to both, and the row's primary key keeps one row.
 * (A database lock cannot be held across the provider call: the embedded database has one
 * connection, which the test provider needs for its own records.)
 */
const opening = new Map<string, Promise<string>>();

async function openAccount(db: Database, payouts: PayoutProvider, provider: ProviderName, teacher: Teacher): Promise<string> {
  const [existing] = await db.select({ accountId: payoutAccounts.providerAccountId }).from(payoutAccounts).where(eq(payoutAccounts.userId, teacher.id));
  if (existing) return existing.accountId;
  const account = await payouts.createConnectedAccount({ teacherId: teacher.id, email: teacher.email, idempotencyKey: `account-${teacher.id}` });
  await db
    .insert(payoutAccounts)
    .values({ userId: teacher.id, provider, providerAccountId: account.id, state: account.state, requirements: account.requirements })
    .onConflictDoNothing({ target: payoutAccounts.userId });
  const [row] = await db.select({ accountId: payoutAccounts.providerAccountId }).from(payoutAccounts).where(eq(payoutAccounts.userId, teacher.id));
  return row!.accountId;
}

/** The caller's payout account at the provider, opened the first time; only someone who has created a course may have one. */
export async function ensurePayoutAccount(db: Database, payouts: PayoutProvider, provider: ProviderName, teacher: Teacher): Promise<string> {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.ownerId, teacher.id)).limit(1);
  if (!course) throw new AppError('PAYOUTS_NEED_A_COURSE', 'Only a teacher who has created a course can set up payouts');
  const running = opening.get(teacher.id);
  if (running) return running;
  const started = openAccount(db, payouts, provider, teacher).finally(() => opening.delete(teacher.id));
  opening.set(teacher.id, started);
  return started;
}

/** A fresh single-use link to the provider's hosted onboarding of the caller's account (opened first if needed). */
export async function startOnboarding(db: Database, payouts: PayoutProvider, provider: ProviderName, teacher: Teacher, urls: OnboardingUrls): Promise<{ url: string }> {
  const accountId = await ensurePayoutAccount(db, payouts, provider, teacher);
  return payouts.createOnboardingLink({ accountId, ...urls });
}

/** A new link for a teacher whose link expired or was used; only for an account already opened. */
export async function refreshOnboarding(db: Database, payouts: PayoutProvider, userId: string, urls: OnboardingUrls): Promise<{ url: string }> {
  const [account] = await db.select({ accountId: payoutAccounts.providerAccountId }).from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  if (!account) throw new AppError('PAYOUT_ACCOUNT_NOT_FOUND', 'You have not started setting up payouts');
  return payouts.createOnboardingLink({ accountId: account.accountId, ...urls });
}
