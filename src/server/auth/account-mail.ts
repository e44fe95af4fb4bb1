import type { BetterAuthPlugin, BetterAuthRateLimitStorage } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { verifications } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { languageOrDefault } from '../../shared/languages';
import { knownDeviceOf } from './known-device';

/** better-auth endpoints that send an e-mail someone asked for; each is limited per client address and per account. */
export const MAIL_SENDING_PATHS = ['/request-password-reset', '/send-verification-email'] as const;

export const mailRequestLimits = {
  /** Per client address and endpoint (better-auth's own limiter). */
  perAddress: { window: 60, max: 3 },
  /** Per account (the e-mail asked about, or the signed-in user's), all endpoints together; its size is MAIL_PER_ACCOUNT_PER_HOUR. */
  perAccount: { window: 60 * 60 },
} as const;

/** How long a reset link is valid, and how long after expiring it is still told apart from a used one. */
export const resetLinkLifetime = { validSeconds: 60 * 60, rememberedExpiredSeconds: 7 * 24 * 60 * 60 } as const;
/** How long verification links (sign-up, new address) are valid; they are signed, not stored. */
export const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;

type MailUser = { id: string; email: string; language?: unknown; disabledAt?: unknown };

/**
 * The JWT's payload says whether a verification link confirms a sign-up or, in better-auth's own
 * e-mail change (not offered: see email-change.ts), a new address.
 */
export function verificationPurpose(token: unknown): { requestType?: string; updateTo?: string } {
  if (typeof token !== 'string') return {};
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { requestType?: string; updateTo?: string };
  } catch {
    return {};
  }
}

/**
 * What better-auth calls to send account e-mails: each is queued in the outbox (the link is
 * built from PUBLIC_URL and the token when it is sent, and opens the web app's own page).
 */
export function accountMailSenders(db: Database) {
  return {
    sendResetPassword: async ({ user, token }: { user: MailUser; token: string }) => {
      // A disabled account cannot sign in with any password: nothing to send (the answer stays the same).
      if (user.disabledAt) return;
      await enqueueMail(db, { kind: 'password-reset', to: user.email, language: languageOrDefault(user.language), data: { token } });
    },
    sendVerificationEmail: async ({ user, token }: { user: MailUser; token: string }) => {
      await enqueueMail(db, { kind: 'verify-email', to: user.email, language: languageOrDefault(user.language), data: { token } });
    },
  };
}

/**
 * The reset link's state, told before better-auth looks at it: a link that never existed or was
 * used (its row is gone) is `invalid`, one past its hour `expired` (rows stay a week after
 * expiring for this; see pruneExpiredVerifications).
 */
export async function resetLinkState(
  adapter: { findVerificationValue(identifier: string): Promise<{ expiresAt: Date } | null> },
  token: unknown,
): Promise<'valid' | 'expired' | 'invalid'> {
  if (typeof token !== 'string' || !token) return 'invalid';
  const row = await adapter.findVerificationValue(`reset-password:${token}`);
  if (!row) return 'invalid';
  return new Date(row.expiresAt).getTime() < Date.now() ? 'expired' : 'valid';
}

export const actionCodeError = (state: 'expired' | 'invalid') =>
  state === 'expired'
    ? new APIError('BAD_REQUEST', { code: 'EXPIRED_ACTION_CODE', message: 'This link has expired; ask for a new one' })
    : new APIError('BAD_REQUEST', { code: 'INVALID_ACTION_CODE', message: 'This link is not valid or was already used' });

/** Deletes verification rows (reset links, sign-in states) a week after they expired. Answers how many. */
export async function pruneExpiredVerifications(db: Database): Promise<number> {
  const removed = await db
    .delete(verifications)
    .where(lt(verifications.expiresAt, sql`now() - make_interval(secs => ${resetLinkLifetime.rememberedExpiredSeconds})`))
    .returning({ id: verifications.id });
  return removed.length;
}

const ACCOUNT_KEY_PREFIX = 'mail-requests:account:';
const STRANGERS_KEY_PREFIX = 'mail-requests:strangers:';
const isMailSendingPath = (path: string | undefined) => (MAIL_SENDING_PATHS as readonly string[]).includes(path ?? '');

/** An account's two mail allowances: its owner's, and the one everybody else shares. */
export const mailAllowanceKeys = (account: string) => [`${ACCOUNT_KEY_PREFIX}${account}`, `${STRANGERS_KEY_PREFIX}${account}`] as const;

/**
 * Counts one e-mail its signed-in owner asked for `account` (an address, lower-case) in the
 * owner's hourly allowance (MAIL_PER_ACCOUNT_PER_HOUR): the e-mail change's.
 */
export const consumeAccountMailAllowance = (counter: BetterAuthRateLimitStorage, account: string, { perAccountMax }: { perAccountMax: number }) =>
  counter.consume(mailAllowanceKeys(account)[0], { window: mailRequestLimits.perAccount.window, max: perAccountMax });

/**
 * Limits every endpoint that sends mail on request: per client address (better-auth's limiter)
 * and per account, by the address the request names (known or not, so the answer tells nothing
 * about which addresses have accounts) or else the signed-in user's. Nobody can flood one
 * inbox, nor grow the outbox without bound. The owner (signed in, or on a known device of the
 * account, see known-device.ts) and everybody else have an allowance each, so strangers using
 * up theirs leave the owner's untouched.
 */
export function mailRequestLimit(counter: BetterAuthRateLimitStorage, { perAccountMax }: { perAccountMax: number }) {
  const perAccount = { window: mailRequestLimits.perAccount.window, max: perAccountMax };
  return {
    id: 'mail-request-limit',
    rateLimit: [{ ...mailRequestLimits.perAddress, pathMatcher: isMailSendingPath }],
    hooks: {
      before: [
        {
          matcher: (context) => isMailSendingPath(context.path),
          handler: createAuthMiddleware(async (ctx) => {
            const named = (ctx.body as { email?: unknown } | undefined)?.email;
            const signedIn = (await getSessionFromCtx(ctx))?.user.email.toLowerCase();
            const account = typeof named === 'string' && named.trim() ? named.trim().toLowerCase() : signedIn;
            if (!account) return;
            const byOwner = account === signedIn || (await knownDeviceOf(ctx, account)) !== undefined;
            const [ownerKey, strangersKey] = mailAllowanceKeys(account);
            const { allowed, retryAfter } = await counter.consume(byOwner ? ownerKey : strangersKey, perAccount);
            if (allowed) return;
            throw new APIError(
              'TOO_MANY_REQUESTS',
              { code: 'RATE_LIMITED', message: 'Too many e-mails asked for this account; try again later' },
              { 'Retry-After': String(retryAfter ?? perAccount.window) },
            );
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
