import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';

export type AdminPromotion = {
  /** Whether an account with this address, proved or not, is an admin by ADMIN_EMAILS. */
  isListedAdmin: (email: string, emailVerified: boolean | null | undefined) => boolean;
  /** Makes the account an admin when ADMIN_EMAILS names its proved address. */
  promoteIfListed: (user: { id: string; email: string; emailVerified?: boolean | null; isAdmin?: unknown }) => Promise<void>;
};

/**
 * ADMIN_EMAILS names addresses, but anyone can sign up with any address: only an owner who
 * proved the address (a verified e-mail, e.g. from Google's email_verified) becomes an admin.
 * A password sign-up proves it by opening the verification link; `npm run admin:grant` remains for
 * an installation without mail.
 */
export function adminPromotion(db: Database, adminEmails: readonly string[]): AdminPromotion {
  const isListedAdmin = (email: string, emailVerified: boolean | null | undefined) => emailVerified === true && adminEmails.includes(email.toLowerCase());
  const promoteIfListed: AdminPromotion['promoteIfListed'] = async (user) => {
    if (user.isAdmin !== true && isListedAdmin(user.email, user.emailVerified)) await db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
  };
  return { isListedAdmin, promoteIfListed };
}
