import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { recordAudit } from '../audit';

export type AdminGrantResult = { outcome: 'granted' | 'already-admin'; user: { id: string; email: string; name: string } };

/** Why an operator's grant was refused, in words for the terminal. */
export class AdminGrantError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminGrantError';
  }
}

/**
 * Makes the existing account with this e-mail an admin: the operator's way to promote the first
 * admin, since ADMIN_EMAILS only promotes addresses whose owner proved them (a verified e-mail).
 * Recorded in the audit log like a promotion by an admin, with no actor.
 */
export async function grantAdmin(db: Database, rawEmail: string): Promise<AdminGrantResult> {
  const email = rawEmail.trim().toLowerCase();
  if (!email) throw new AdminGrantError('Give the e-mail of the account to make an admin.');
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(sql`lower(${users.email})`, email)).for('update');
    if (!user) throw new AdminGrantError(`No account uses the e-mail ${email}. The person must sign up first, then run this again.`);
    const summary = { id: user.id, email: user.email, name: user.name };
    if (user.disabledAt) throw new AdminGrantError(`The account ${user.email} is disabled; an admin must enable it before it can be made an admin.`);
    if (user.isAdmin) return { outcome: 'already-admin', user: summary };
    await tx.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
    await recordAudit(tx, { actorId: null, action: 'user.makeAdmin', targetType: 'user', targetId: user.id, before: { isAdmin: false }, after: { isAdmin: true } });
    return { outcome: 'granted', user: summary };
  });
}
