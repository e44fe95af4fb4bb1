import { createHash, randomBytes } from 'node:crypto';
import type { BetterAuthRateLimitStorage } from 'better-auth';
import { and, eq, gt, isNotNull, isNull, like, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accounts, pendingEmailChanges, sessions, users, verifications } from '../db/schema';
import { AppError, pgErrorCode } from '../errors';
import { enqueueMail } from '../mail/outbox';
import { languageOrDefault } from '../../shared/languages';
import { consumeAccountMailAllowance, mailRequestLimits } from './account-mail';

/**
 * Changing the account's e-mail, so that a stolen session cannot turn into a stolen account:
 * 1. the signed-in owner asks, proving it is them (the current password, or for an account
 *    without one a sign-in in the last few minutes); the current address gets an approval link;
 * 2. opening that link mails a verification link to the new address;
 * 3. opening that one changes the address, verified. Until then the account keeps the old one:
 *    nobody signs in, or asks for a password reset, with the new one.
 * A change under way dies with the session that asked for it (signed out, revoked, ended by a
 * password change or reset, or by disabling the account), when the password changes, when the
 * account's address is no longer the one that approved it, and an hour after it was asked for.
 */
export const emailChangePolicy = {
  /** How long a change may take, from the request to the new address's verification. */
  lifetimeSeconds: 60 * 60,
  /** An account without a password proves it is its owner by a sign-in this recent. */
  recentSignInSeconds: 5 * 60,
  /** Link openings (approval, verification) per client address and minute. */
  linkOpeningsPerAddress: { window: 60, max: 10 },
  /** Expired changes are kept this long, to tell an expired link from a used one, then pruned. */
  rememberedExpiredSeconds: 7 * 24 * 60 * 60,
} as const;

const ADDRESS_KEY_PREFIX = 'email-change:address:';

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 'Too many requests; try again later');
  }
}

/** A link's token: 32 random bytes. Only its SHA-256 is stored, so the table's rows open nothing. */
const newToken = () => randomBytes(32).toString('base64url');
const digest = (value: string) => createHash('sha256').update(value).digest('hex');

const expiredLink = () => new AppError('EXPIRED_ACTION_CODE', 'This link has expired; ask for a new one');
const invalidLink = () => new AppError('INVALID_ACTION_CODE', 'This link is not valid or was already used');

export type EmailChangeDeps = {
  db: Database;
  /** The counters better-auth's limits use (the database's, or Redis). */
  counter: BetterAuthRateLimitStorage;
  perAccountMailMax: number;
  /** Checks the signed-in user's password through better-auth, which counts it as a password attempt. */
  verifyPassword: (password: string) => Promise<boolean>;
  /** Makes an admin of an ADMIN_EMAILS address once it is verified. */
  promoteIfListed: (user: { id: string; email: string; emailVerified: boolean; isAdmin: boolean }) => Promise<void>;
};

async function limitPerAddress(counter: BetterAuthRateLimitStorage, key: string, rule: { window: number; max: number }) {
  const { allowed, retryAfter } = await counter.consume(`${ADDRESS_KEY_PREFIX}${key}`, rule);
  if (!allowed) throw new RateLimitedError(retryAfter ?? rule.window);
}

/** The account's password hash, as a fingerprint: a change made under another password is void. */
async function passwordFingerprint(db: Database, userId: string): Promise<string | null> {
  const [credential] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)));
  return credential?.password ? digest(credential.password) : null;
}

const addressTaken = async (db: Pick<Database, 'select'>, email: string, exceptUserId: string) =>
  (await db.select({ id: users.id }).from(users).where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, exceptUserId)))).length > 0;

type Requester = { userId: string; email: string; language: string; sessionId: string; sessionCreatedAt: Date };

/** Step 1: the owner asks; the current address gets the approval link. Replaces a change under way. */
export async function requestEmailChange(
  deps: EmailChangeDeps,
  requester: Requester,
  input: { newEmail: string; currentPassword?: string | undefined },
  clientAddress: string,
): Promise<{ newEmail: string }> {
  const { db } = deps;
  const newEmail = input.newEmail.trim().toLowerCase();
  const currentEmail = requester.email.toLowerCase();
  if (newEmail === currentEmail) throw new AppError('VALIDATION_FAILED', 'That is already your e-mail address', { newEmail: ['validation.emailUnchanged'] });

  const fingerprint = await passwordFingerprint(db, requester.userId);
  if (fingerprint) {
    if (!input.currentPassword) throw new AppError('VALIDATION_FAILED', 'Type your current password', { currentPassword: ['validation.passwordRequired'] });
    if (!(await deps.verifyPassword(input.currentPassword))) throw new AppError('INVALID_CREDENTIALS', 'The password is not right');
  } else if (Date.now() - requester.sessionCreatedAt.getTime() > emailChangePolicy.recentSignInSeconds * 1000) {
    throw new AppError('REAUTHENTICATION_REQUIRED', 'Sign in again to change your e-mail address');
  }
  if (await addressTaken(db, newEmail, requester.userId)) throw new AppError('EMAIL_TAKEN', 'That e-mail address already has an account');

  await limitPerAddress(deps.counter, `request:${clientAddress}`, mailRequestLimits.perAddress);
  const allowance = await consumeAccountMailAllowance(deps.counter, currentEmail, { perAccountMax: deps.perAccountMailMax });
  if (!allowance.allowed) throw new RateLimitedError(allowance.retryAfter ?? mailRequestLimits.perAccount.window);

  const token = newToken();
  const change = {
    sessionId: requester.sessionId,
    currentEmail,
    newEmail,
    approvalTokenHash: digest(token),
    verificationTokenHash: null,
    approvedAt: null,
    passwordFingerprint: fingerprint,
    createdAt: new Date(),
  };
  await db.transaction(async (tx) => {
    // One statement, so that two requests at once leave one change (the later one), not an error.
    await tx
      .insert(pendingEmailChanges)
      .values({ userId: requester.userId, ...change })
      .onConflictDoUpdate({ target: pendingEmailChanges.userId, set: change });
    await enqueueMail(tx, { kind: 'approve-email-change', to: currentEmail, language: languageOrDefault(requester.language), data: { token, newEmail } });
  });
  return { newEmail };
}

type PendingChange = typeof pendingEmailChanges.$inferSelect;

/**
 * The change a link belongs to, if it may still go on: not past its hour, its session still
 * there (the foreign key deletes the change with it), the password and the account's address
 * those it was asked under, the account enabled. A change that may not is deleted.
 */
async function liveChange(db: Database, link: 'approval' | 'verification', token: string): Promise<PendingChange> {
  const column = link === 'approval' ? pendingEmailChanges.approvalTokenHash : pendingEmailChanges.verificationTokenHash;
  const [change] = await db.select().from(pendingEmailChanges).where(eq(column, digest(token)));
  if (!change) throw invalidLink();
  if (change.createdAt.getTime() + emailChangePolicy.lifetimeSeconds * 1000 < Date.now()) throw expiredLink();
  const [owner] = await db.select({ email: users.email, disabledAt: users.disabledAt }).from(users).where(eq(users.id, change.userId));
  const stillValid =
    owner !== undefined &&
    !owner.disabledAt &&
    owner.email.toLowerCase() === change.currentEmail &&
    (await passwordFingerprint(db, change.userId)) === change.passwordFingerprint &&
    (await db.select({ id: sessions.id }).from(sessions).where(and(eq(sessions.id, change.sessionId), gt(sessions.expiresAt, new Date())))).length > 0;
  if (!stillValid) {
    await db.delete(pendingEmailChanges).where(eq(pendingEmailChanges.id, change.id));
    throw invalidLink();
  }
  return change;
}

/** Step 2: the current address approved; the new address gets the verification link. The link works once. */
export async function approveEmailChange(deps: EmailChangeDeps, token: string, clientAddress: string): Promise<{ newEmail: string }> {
  const { db } = deps;
  await limitPerAddress(deps.counter, `link:${clientAddress}`, emailChangePolicy.linkOpeningsPerAddress);
  const change = await liveChange(db, 'approval', token);
  const [owner] = await db.select({ language: users.language }).from(users).where(eq(users.id, change.userId));
  const verificationToken = newToken();
  await db.transaction(async (tx) => {
    // Taken by one request only: a second opening of the link, even at the same moment, finds no row.
    const approved = await tx
      .update(pendingEmailChanges)
      .set({ approvalTokenHash: null, approvedAt: new Date(), verificationTokenHash: digest(verificationToken) })
      .where(and(eq(pendingEmailChanges.id, change.id), eq(pendingEmailChanges.approvalTokenHash, digest(token)), isNull(pendingEmailChanges.approvedAt)))
      .returning({ id: pendingEmailChanges.id });
    if (approved.length === 0) throw invalidLink();
    await enqueueMail(tx, {
      kind: 'confirm-new-email',
      to: change.newEmail,
      language: languageOrDefault(owner?.language),
      data: { token: verificationToken, newEmail: change.newEmail },
    });
  });
  return { newEmail: change.newEmail };
}

/**
 * Step 3: the new address proved itself; the account takes it, verified (by this link, not by
 * the old address's standing). Reset links mailed to the old address die with it.
 */
export async function confirmEmailChange(deps: EmailChangeDeps, token: string, clientAddress: string): Promise<{ email: string }> {
  const { db } = deps;
  await limitPerAddress(deps.counter, `link:${clientAddress}`, emailChangePolicy.linkOpeningsPerAddress);
  const change = await liveChange(db, 'verification', token);
  const updated = await db
    .transaction(async (tx) => {
      const taken = await tx
        .delete(pendingEmailChanges)
        .where(and(eq(pendingEmailChanges.id, change.id), eq(pendingEmailChanges.verificationTokenHash, digest(token))))
        .returning({ id: pendingEmailChanges.id });
      if (taken.length === 0) throw invalidLink();
      // Someone may have signed up with the address since the change was asked for.
      if (await addressTaken(tx, change.newEmail, change.userId)) return 'taken' as const;
      const [user] = await tx
        .update(users)
        .set({ email: change.newEmail, emailVerified: true })
        .where(and(eq(users.id, change.userId), sql`lower(${users.email}) = ${change.currentEmail}`))
        .returning({ id: users.id, email: users.email, emailVerified: users.emailVerified, isAdmin: users.isAdmin });
      if (!user) throw invalidLink();
      await tx.delete(verifications).where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, change.userId)));
      return user;
    })
    .catch((error: unknown) => {
      if (pgErrorCode(error) === '23505') return 'taken' as const;
      throw error;
    });
  if (updated === 'taken') {
    await db.delete(pendingEmailChanges).where(eq(pendingEmailChanges.id, change.id));
    throw new AppError('EMAIL_TAKEN', 'That e-mail address already has an account');
  }
  await deps.promoteIfListed(updated);
  return { email: updated.email };
}

/** Deletes changes a week past their hour (kept till then so an expired link is told from a used one). Answers how many. */
export async function pruneExpiredEmailChanges(db: Database): Promise<number> {
  const removed = await db
    .delete(pendingEmailChanges)
    .where(lt(pendingEmailChanges.createdAt, sql`now() - make_interval(secs => ${emailChangePolicy.lifetimeSeconds + emailChangePolicy.rememberedExpiredSeconds})`))
    .returning({ id: pendingEmailChanges.id });
  return removed.length;
}
