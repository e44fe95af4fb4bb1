import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { betterAuth, type BetterAuthRateLimitStorage } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import { bearer, genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { deriveUserName, profileImageField } from '../../shared/schemas/users';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { accounts, rateLimits, sessions, users, verifications } from '../db/schema';
import { databaseCounter, type ForgettingCounter } from '../db/rate-limit-counter';
import { redactLogValue } from '../http/log-redaction';
import { languageOrDefault } from '../../shared/languages';
import {
  accountMailSenders,
  actionCodeError,
  mailAllowanceKeys,
  mailRequestLimit,
  resetLinkLifetime,
  resetLinkState,
  VERIFICATION_LINK_SECONDS,
  verificationPurpose,
} from './account-mail';
import { passwordAttemptLimit, passwordAttemptLimits } from './password-attempts';
import { createRedisRateLimitStorage } from './rate-limit-redis';
import { adminPromotion } from './admin-promotion';
import { enforcePasswordRules } from './password-rules';
import { admitSessionOwner, capSessions } from './session-rules';

// argon2id is @node-rs/argon2's default algorithm.
export const hashPassword = (plain: string) => hash(plain);
const verifyPassword = ({ hash: digest, password }: { hash: string; password: string }) => verify(digest, password);

export const AUTH_BASE_PATH = '/api/auth';
export const CLIENT_IP_HEADER = 'x-marketplace-client-ip';
export const SESSION_COOKIE_PREFIX = 'marketplace';

export { MAX_SESSIONS_PER_USER } from './session-rules';

/** Sign-in and sign-up attempts allowed per client address per window (password checks: see password-attempts.ts). */
export const authRateLimits = { windowSeconds: 60, signIn: passwordAttemptLimits.perAddress.max, signUp: 5 } as const;

/**
 * better-auth endpoints the product does not offer. Profile changes go through
 * `PATCH /api/users/me` (with its validation), accounts are disabled by admins, not deleted, and
 * the e-mail changes through the app's own flow (email-change.ts): better-auth's asks for no
 * password, mails only the new address, and its link outlives a password change.
 */
const DISABLED_PATHS = ['/update-user', '/delete-user', '/change-email'];


/**
 * The signing secret: from AUTH_SECRET, or generated once and kept in DATA_DIR so that a
 * fresh install needs no setup and sessions survive restarts.
 */
export async function resolveAuthSecret(config: Config): Promise<string> {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(config.dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(() => {});
    return (await readFile(file, 'utf8')).trim();
  }
}

/** better-auth warns about every wrong password; those are answers, not operational problems, so it speaks up only on errors unless debugging. */
const authLogLevel = { fatal: 'error', error: 'error', warn: 'error', info: 'error', debug: 'debug', trace: 'debug', silent: 'error' } as const;

/**
 * `log`: where better-auth's own messages go (the app's log, credentials taken out); without it
 * they go to the console.
 */
type AuthDeps = { config: Config; db: Database; secret: string; log?: FastifyBaseLogger };

export function createAuth({ config, db, secret, log }: AuthDeps) {
  const { google, ...builtInProviders } = config.social;
  // GitHub, Facebook and Twitter/X use better-auth's own providers. Google goes through the
  // standard OpenID Connect code flow, configured from the issuer's discovery document, so the
  // very same path runs against a local provider in tests (GOOGLE_ISSUER).
  const socialProviders = Object.fromEntries(
    Object.entries(builtInProviders).map(([provider, credentials]) => [provider, { ...credentials, prompt: 'select_account' as const }]),
  );
  const oidcProviders = google
    ? [
        genericOAuth({
          config: [
            {
              providerId: 'google',
              name: 'Google',
              discoveryUrl: `${config.googleIssuer}/.well-known/openid-configuration`,
              clientId: google.clientId,
              clientSecret: google.clientSecret,
              scopes: ['openid', 'email', 'profile'],
              prompt: 'select_account',
              pkce: true,
              requireIdTokenVerification: true,
            },
          ],
        }),
      ]
    : [];

  const promotion = adminPromotion(db, config.adminEmails);
  const { isListedAdmin, promoteIfListed } = promotion;
  const mailSenders = accountMailSenders(db);

  const redis = config.redisUrl ? createRedisRateLimitStorage(config.redisUrl) : undefined;
  const rateLimitStorage: BetterAuthRateLimitStorage | undefined = redis;
  const counter: ForgettingCounter = redis ?? databaseCounter(db);

  const auth = betterAuth({
    appName: 'Cursos Online',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [config.publicUrl],
    disabledPaths: DISABLED_PATHS,
    logger: {
      disabled: config.logLevel === 'silent',
      level: authLogLevel[config.logLevel],
      // Its messages carry what it was handed (a social callback's state, an error's details):
      // into the app's log, which keeps no credential.
      ...(log && { log: (level, message, ...details) => log[level]({ details: details.map((detail) => redactLogValue(detail)) }, `auth: ${message}`) }),
    },
    // An unexpected error inside an endpoint (the database going away mid-sign-in) leaves through
    // the app's error handler, which answers 503 while the database is unavailable and logs it with
    // the request id, instead of better-auth's bare 500. Its own API errors still become responses.
    onAPIError: { throw: true },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    user: {
      additionalFields: {
        isAdmin: { type: 'boolean', required: false, defaultValue: false, input: false },
        disabledAt: { type: 'date', required: false, input: false },
        // The web app sends its language at sign-up; e-mails are written in it.
        language: { type: 'string', required: false, defaultValue: 'es', input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 12,
      password: { hash: hashPassword, verify: verifyPassword },
      // A reset password ends every session: whoever knew the old password may hold one.
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: resetLinkLifetime.validSeconds,
      sendResetPassword: mailSenders.sendResetPassword,
    },
    emailVerification: {
      // The account works at once; the address is verified when the link is opened.
      sendOnSignUp: true,
      expiresIn: VERIFICATION_LINK_SECONDS,
      sendVerificationEmail: mailSenders.sendVerificationEmail,
      // A proved address on ADMIN_EMAILS makes the account an admin on its very next request.
      afterEmailVerification: promoteIfListed,
    },
    // Expired reset links are kept (and pruned a week later, see pruneExpiredVerifications) so an
    // expired link is told apart from a used one.
    verification: { disableCleanup: true },
    socialProviders,
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // No cookie cache (a signed cookie cannot be revoked): the process's session cache
      // (session-cache.ts) is dropped on the database's notice, so disabling a user takes effect at once.
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      // The database by default, Redis when REDIS_URL is set: either way every process shares the counters.
      storage: 'database',
      ...(rateLimitStorage ? { customStorage: rateLimitStorage } : {}),
      window: authRateLimits.windowSeconds,
      max: 300,
      customRules: {
        '/sign-up/email': { window: authRateLimits.windowSeconds, max: authRateLimits.signUp },
        '/sign-in/social': { window: authRateLimits.windowSeconds, max: authRateLimits.signIn },
        '/get-session': false,
      },
    },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.isHttps,
      // better-auth turns the Origin check off under a test runner; keep it on so tests see production's behaviour.
      disableOriginCheck: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.isHttps },
      // The Fastify mount sets this header from request.ip (which honours TRUST_PROXY).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    // Account linking stays at better-auth's safe default: a social sign-in joins an existing
    // account only when that account's e-mail is verified. Password sign-ups are not until their owner
    // opens the verification link, so someone who registered a victim's address cannot wait for the victim to
    // arrive through Google; the callback answers `error=account_not_linked` instead.
    // Every endpoint that checks a password is limited per client address and per account.
    plugins: [
      bearer(),
      ...oidcProviders,
      // A completed reset also gives back the mail allowances strangers used up.
      passwordAttemptLimit(counter, { perAccountMax: config.passwordAttemptsPerAccount, forgetOnReset: mailAllowanceKeys }),
      mailRequestLimit(counter, { perAccountMax: config.mail.perAccountPerHour }),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const signUpBody = enforcePasswordRules(ctx.path, body);
        if (signUpBody) return { context: { body: signUpBody } };
        // A used and an expired reset link get different answers (better-auth calls both INVALID_TOKEN).
        if (ctx.path === '/reset-password') {
          const state = await resetLinkState(ctx.context.internalAdapter, body.token ?? (ctx.query as { token?: unknown } | undefined)?.token);
          if (state !== 'valid') throw actionCodeError(state);
        }
        // A link of better-auth's own e-mail change, mailed before it was turned off, changes nothing.
        if (ctx.path === '/verify-email' && verificationPurpose((ctx.query as { token?: unknown } | undefined)?.token).updateTo) throw actionCodeError('invalid');
        // A new password ends every other session (whoever knew the old one may hold one), whatever
        // the client asks; the caller's own session is replaced by a new one in the answer's cookie.
        if (ctx.path === '/change-password') return { context: { body: { ...body, revokeOtherSessions: true } } };
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const email = user.email.toLowerCase();
            const image = typeof user.image === 'string' && profileImageField.safeParse(user.image).success ? user.image : null;
            return {
              data: {
                ...user,
                email,
                // The name is the part of the e-mail before the @ until the user changes it.
                name: deriveUserName(email),
                image: image || null,
                isAdmin: isListedAdmin(email, user.emailVerified),
                language: languageOrDefault((user as { language?: unknown }).language),
              },
            };
          },
        },
      },
      session: {
        create: {
          // A disabled account gets no session; a listed admin is promoted (session-rules.ts).
          before: async (session) => admitSessionOwner(db, session.userId, promotion),
          // Sessions are bounded per account: past the newest MAX_SESSIONS_PER_USER, the oldest end.
          after: async (session) => capSessions(db, session.userId),
        },
      },
    },
  });

  return Object.assign(auth, {
    /** Releases what the auth layer holds open (the Redis connection, when used). */
    close: async () => {
      await redis?.close();
    },
    /** The counters of the auth limits (the database's, or Redis), for the app's own limits that share them. */
    counter,
    promoteIfListed,
  });
}

export type Auth = ReturnType<typeof createAuth>;
