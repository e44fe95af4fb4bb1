import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { COUNTER_WINDOW_MAX_SECONDS, type ForgettingCounter } from '../db/rate-limit-counter';
import { knownDeviceOf, rememberDevice } from './known-device';

/**
 * The better-auth endpoints that check a password. `/delete-user` is disabled today (see
 * DISABLED_PATHS); it is listed so that offering it one day does not open a guessing oracle.
 */
export const PASSWORD_CHECKING_PATHS = ['/sign-in/email', '/change-password', '/verify-password', '/delete-user'] as const;

/**
 * How many password attempts are allowed. Per client address (and endpoint), a guesser on one
 * address. Per account, a guesser spread over many addresses: PASSWORD_ATTEMPTS_PER_ACCOUNT
 * (20 by default) in 15 minutes, about 2,000 a day, too few to guess any password the product's
 * rules accept. Attempts are counted before the password is checked, so right and wrong ones
 * count alike, parallel requests cannot outrun the count, and over a limit even the right one waits.
 *
 * The per-account limit is what a stranger could turn against the owner, so it is split by who
 * asks (OWASP's device cookies, see known-device.ts):
 * - a known device of the account (a browser that signed in to it) has its own count, which no
 *   one else's attempts touch; a successful sign-in clears it;
 * - every other client shares the account's budget, which slows down rather than locks: half of
 *   it at once, then one attempt per interval (the other half spread over the window), so the
 *   account sees no more attempts in a window than before, and the wait is the interval, not the window.
 *   An attempt that signs in gives its place back: only failures spend the budget, so the owner
 *   signing in on one new device after another never runs it down for anyone;
 * - a signed-in owner's `/change-password` and `/verify-password` are counted per session
 *   (a stolen session guessing), never by the account's budget: the session already proves who
 *   asks, and a stranger's attempts cannot stop the owner changing the password.
 * A completed password reset clears the account's counters and makes its client a known device.
 */
export const passwordAttemptLimits = {
  perAddress: { window: 60, max: 10 },
  perAccount: { window: 15 * 60 },
} as const;

/** The budget clients other than the account's known devices share: a burst, then one attempt per interval. */
export function sharedAccountBudget(perAccountMax: number) {
  const { window } = passwordAttemptLimits.perAccount;
  const burst = Math.floor(perAccountMax / 2);
  const paced = perAccountMax - burst;
  return { burst: { window, max: burst }, paced: { window: Math.ceil(window / paced), max: 1 } };
}

const KEY_PREFIX = 'password-attempts:';
const sharedKeys = (account: string) => [`${KEY_PREFIX}account:${account}`, `${KEY_PREFIX}account-paced:${account}`] as const;
const deviceKey = (account: string, deviceId: string) => `${KEY_PREFIX}device:${account}:${deviceId}`;
const sessionKey = (sessionId: string) => `${KEY_PREFIX}session:${sessionId}`;

const isPasswordCheckingPath = (path: string | undefined): boolean => (PASSWORD_CHECKING_PATHS as readonly string[]).includes(path ?? '');

type AuthContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

function tooManyAttempts(retryAfter: number): APIError {
  return new APIError(
    'TOO_MANY_REQUESTS',
    { code: 'RATE_LIMITED', message: 'Too many password attempts for this account; try again later' },
    { 'Retry-After': String(retryAfter) },
  );
}

/**
 * A better-auth plugin limiting every endpoint that checks a password, per client address (by
 * better-auth's own limiter, whose counters live in the same storage) and per account (here).
 * It runs on the endpoint better-auth actually matched and the body it parsed, so no spelling of
 * the path or the body reaches the password check uncounted. `forgetOnReset` names other
 * counters of an account that a completed password reset clears (the mail strangers asked for).
 */
export function passwordAttemptLimit(
  counter: ForgettingCounter,
  { perAccountMax, forgetOnReset = () => [] }: { perAccountMax: number; forgetOnReset?: (account: string) => readonly string[] },
) {
  const perClient = { window: passwordAttemptLimits.perAccount.window, max: perAccountMax };
  const shared = sharedAccountBudget(perAccountMax);
  // The account a reset link belongs to, found before better-auth consumes the link.
  const resetAccounts = new WeakMap<object, string>();
  // The shared budget's counter a sign-in was counted on, given back if the password was right.
  const sharedCounts = new WeakMap<object, string>();

  const consumeOrRefuse = async (key: string, rule: { window: number; max: number }) => {
    const { allowed, retryAfter } = await counter.consume(key, rule);
    if (!allowed) throw tooManyAttempts(retryAfter ?? rule.window);
  };

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
            if (ctx.path !== '/sign-in/email') {
              const session = await getSessionFromCtx(ctx);
              if (session) await consumeOrRefuse(sessionKey(session.session.id), perClient);
              return;
            }
            const account = typedAccount(ctx);
            if (!account) return;
            const deviceId = await knownDeviceOf(ctx, account);
            if (deviceId) return consumeOrRefuse(deviceKey(account, deviceId), perClient);
            const [burstKey, pacedKey] = sharedKeys(account);
            const burst = await counter.consume(burstKey, shared.burst);
            if (!burst.allowed) await consumeOrRefuse(pacedKey, shared.paced);
            if (ctx.request) sharedCounts.set(ctx.request, burst.allowed ? burstKey : pacedKey);
          }),
        },
        {
          matcher: (context) => context.path === '/reset-password',
          handler: createAuthMiddleware(async (ctx) => {
            const account = await resetLinkAccount(ctx);
            if (account && ctx.request) resetAccounts.set(ctx.request, account);
          }),
        },
      ],
      after: [
        {
          // Whoever signs in (or up, or changes the password) becomes a known device of the account,
          // and its own count starts again.
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            const email = ctx.context.newSession?.user.email.toLowerCase();
            if (!email) return;
            const counted = ctx.request ? sharedCounts.get(ctx.request) : undefined;
            if (counted) await counter.giveBack(counted);
            const deviceId = await rememberDevice(ctx, email);
            if (deviceId) await counter.forget([deviceKey(email, deviceId)]);
          }),
        },
        {
          // A completed reset proves the mailbox: the account's shared counters (and whatever else
          // strangers used up) are cleared, and the client that reset it becomes a known device, so
          // the owner gets in even while strangers keep spending the shared budget.
          matcher: (context) => context.path === '/reset-password',
          handler: createAuthMiddleware(async (ctx) => {
            const account = ctx.request ? resetAccounts.get(ctx.request) : undefined;
            const returned = ctx.context.returned as { status?: unknown } | undefined;
            if (!account || returned?.status !== true) return;
            await counter.forget([...sharedKeys(account), ...forgetOnReset(account)]);
            await rememberDevice(ctx, account);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/** The e-mail typed at sign-in (known or not, so the answer tells nothing about which addresses have accounts). */
function typedAccount(ctx: AuthContext): string | undefined {
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
}

async function resetLinkAccount(ctx: AuthContext): Promise<string | undefined> {
  const token = (ctx.body as { token?: unknown } | undefined)?.token ?? (ctx.query as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string' || !token) return undefined;
  const link = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  const user = link ? await ctx.context.internalAdapter.findUserById(link.value) : null;
  return user?.email.toLowerCase();
}
