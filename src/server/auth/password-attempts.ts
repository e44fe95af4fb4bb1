import type { BetterAuthPlugin, BetterAuthRateLimitStorage } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { COUNTER_WINDOW_MAX_SECONDS } from '../db/rate-limit-counter';

/**
 * The better-auth endpoints that check a password. `/delete-user` is disabled today (see
 * DISABLED_PATHS); it is listed so that offering it one day does not open a guessing oracle.
 */
export const PASSWORD_CHECKING_PATHS = ['/sign-in/email', '/change-password', '/verify-password', '/delete-user'] as const;

/**
 * How many password attempts are allowed. Per client address (and endpoint), a guesser on one
 * address; per account (all addresses and endpoints together), a guesser spread over many
 * addresses. Right and wrong passwords count alike, and over a limit even the right one waits.
 *
 * The account limit is what an attacker can turn against the account's owner, so it is a short
 * fixed window rather than a lockout: it ends 15 minutes after it began however many attempts
 * follow, keeping it closed costs a steady stream of requests, and it stops only password checks
 * (open sessions and social sign-in keep working). Its size is PASSWORD_ATTEMPTS_PER_ACCOUNT:
 * the default 20 in 15 minutes is about 2,000 a day, too few to guess any password the
 * product's rules accept.
 */
export const passwordAttemptLimits = {
  perAddress: { window: 60, max: 10 },
  perAccount: { window: 15 * 60 },
} as const;

const ACCOUNT_KEY_PREFIX = 'password-attempts:account:';

const isPasswordCheckingPath = (path: string | undefined): boolean => (PASSWORD_CHECKING_PATHS as readonly string[]).includes(path ?? '');

/**
 * A better-auth plugin limiting every endpoint that checks a password, per client address (by
 * better-auth's own limiter, whose counters live in the same storage) and per account (here).
 * It runs on the endpoint better-auth actually matched and the body it parsed, so no spelling of
 * the path or the body reaches the password check uncounted.
 */
export function passwordAttemptLimit(counter: BetterAuthRateLimitStorage, { perAccountMax }: { perAccountMax: number }) {
  const perAccount = { window: passwordAttemptLimits.perAccount.window, max: perAccountMax };
  return {
    id: 'password-attempt-limit',
    rateLimit: [
      { ...passwordAttemptLimits.perAddress, pathMatcher: isPasswordCheckingPath },
      // Matches no request: it tells better-auth, which prunes rows of `rate_limits` older than the
      // longest window it knows, to keep the app's own counters there (these per-account ones,
      // the contact form's) for their whole window.
      { window: COUNTER_WINDOW_MAX_SECONDS, max: 1, pathMatcher: () => false },
    ],
    hooks: {
      before: [
        {
          matcher: (context) => isPasswordCheckingPath(context.path),
          handler: createAuthMiddleware(async (ctx) => {
            const account = await accountOf(ctx);
            if (!account) return;
            const { allowed, retryAfter } = await counter.consume(`${ACCOUNT_KEY_PREFIX}${account}`, perAccount);
            if (allowed) return;
            throw new APIError(
              'TOO_MANY_REQUESTS',
              { code: 'RATE_LIMITED', message: 'Too many password attempts for this account; try again later' },
              { 'Retry-After': String(retryAfter ?? perAccount.window) },
            );
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/**
 * The account whose password is being tried, by e-mail: the one typed at sign-in (known or not,
 * so the answer tells nothing about which addresses have accounts), otherwise the session's.
 */
async function accountOf(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]): Promise<string | undefined> {
  if (ctx.path === '/sign-in/email') {
    const email = (ctx.body as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
  }
  const session = await getSessionFromCtx(ctx);
  return session?.user.email.toLowerCase();
}
