import { APIError } from 'better-auth/api';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import type { AdminPromotion } from './admin-promotion';

/** Devices one account stays signed in on at once; signing in on one more ends the oldest session. */
export const MAX_SESSIONS_PER_USER = 20;

/**
 * Before a session is created: a disabled account gets none (ACCOUNT_DISABLED), and ADMIN_EMAILS
 * also promotes an account that existed before the setting named it, or whose e-mail was verified
 * after it signed up.
 */
export async function admitSessionOwner(db: Database, userId: string, promotion: AdminPromotion): Promise<void> {
  const [owner] = await db
    .select({ email: users.email, emailVerified: users.emailVerified, isAdmin: users.isAdmin, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId));
  if (owner?.disabledAt) {
    throw new APIError('UNAUTHORIZED', { code: 'ACCOUNT_DISABLED', message: 'This account has been disabled' });
  }
  if (owner) await promotion.promoteIfListed({ id: userId, ...owner });
}

/** After a session is created: past the account's newest MAX_SESSIONS_PER_USER, the oldest end. */
export async function capSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(
    and(
      eq(sessions.userId, userId),
      notInArray(
        sessions.id,
        db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt), desc(sessions.id)).limit(MAX_SESSIONS_PER_USER),
      ),
    ),
  );
}
