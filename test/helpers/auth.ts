import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { App } from '../../src/server/app';
import { hashPassword, SESSION_COOKIE_PREFIX } from '../../src/server/auth/auth';
import type { Database } from '../../src/server/db/client';
import { accounts, sessions, users } from '../../src/server/db/schema';
import { deriveUserName } from '../../src/shared/schemas/users';
import { TEST_ORIGIN } from './app';

export const TEST_PASSWORD = 'Passw0rd12';

export type TestUser = {
  id: string;
  email: string;
  name: string;
  cookie: string;
  headers: Record<string, string>;
  /** What better-auth's bearer plugin accepts in `Authorization: Bearer …` for the same session. */
  bearerToken: string;
};

const randomAddress = () => `user-${randomUUID().slice(0, 8)}@example.com`;

/**
 * Signs a new user up through the real auth endpoint and returns its session cookie. Only for
 * the tests about signing up and in; everyone else uses `signedInUser`, which skips the
 * password hashing and the sign-up rate limit.
 */
export async function signUpThroughApi(app: App, email = randomAddress(), password = TEST_PASSWORD): Promise<TestUser> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    payload: { email, password, name: email },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { user: { id: string; name: string; email: string } };
  const setCookie = response.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : [String(setCookie)]).map((c) => c.split(';')[0]).join('; ');
  return {
    id: body.user.id,
    email: body.user.email,
    name: body.user.name,
    cookie,
    headers: { cookie, origin: TEST_ORIGIN },
    bearerToken: String(response.headers['set-auth-token']),
  };
}

// argon2 is slow on purpose; one hash per password serves every user of the test process.
const passwordHashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let digest = passwordHashes.get(password);
  if (!digest) {
    digest = hashPassword(password);
    passwordHashes.set(password, digest);
  }
  return digest;
};

/**
 * A new user with a password account and a live session, written straight to the database as
 * the e-mail sign-up would leave them (lower-cased e-mail, name derived from it, e-mail not
 * verified), with the session cookie signed the way better-auth signs it (HMAC-SHA256 of the
 * token with the auth secret, base64). The user can also sign in with `password`.
 */
export async function signedInUser(app: App, email = randomAddress(), password = TEST_PASSWORD): Promise<TestUser> {
  const secret = app.config.authSecret;
  if (!secret) throw new Error('signedInUser needs the app built with AUTH_SECRET (useTestApp sets one)');
  const normalized = email.toLowerCase();
  const now = new Date();
  const [user] = await app.db
    .insert(users)
    .values({ id: randomUUID(), email: normalized, name: deriveUserName(normalized), emailVerified: false, createdAt: now, updatedAt: now })
    .returning({ id: users.id, email: users.email, name: users.name });
  if (!user) throw new Error('signedInUser: the user was not stored');
  await app.db.insert(accounts).values({ id: randomUUID(), accountId: user.id, providerId: 'credential', userId: user.id, password: await hashOnce(password) });
  const token = randomBytes(24).toString('base64url');
  await app.db.insert(sessions).values({
    id: randomUUID(),
    token,
    userId: user.id,
    expiresAt: new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000),
    createdAt: now,
    updatedAt: now,
  });
  const bearerToken = `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
  const cookieName = `${app.config.isHttps ? '__Secure-' : ''}${SESSION_COOKIE_PREFIX}.session_token`;
  const cookie = `${cookieName}=${encodeURIComponent(bearerToken)}`;
  return { ...user, cookie, headers: { cookie, origin: TEST_ORIGIN }, bearerToken };
}

/** A signed-in admin. */
export async function signedInAdmin(app: App, db: Database = app.db): Promise<TestUser> {
  const user = await signedInUser(app);
  await db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
  return user;
}
