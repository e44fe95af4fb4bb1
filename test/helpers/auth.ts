import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { App } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { TEST_ORIGIN } from './app';

export const TEST_PASSWORD = 'Passw0rd12';

export type TestUser = { id: string; email: string; name: string; cookie: string; headers: Record<string, string> };

/** Signs a new user up through the real auth endpoint and returns its session cookie. */
export async function signUp(app: App, email = `user-${randomUUID().slice(0, 8)}@example.com`, password = TEST_PASSWORD): Promise<TestUser> {
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
  return { id: body.user.id, email: body.user.email, name: body.user.name, cookie, headers: { cookie, origin: TEST_ORIGIN } };
}

/** A signed-in admin. */
export async function signUpAdmin(app: App, db: Database): Promise<TestUser> {
  const user = await signUp(app);
  await db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
  return user;
}
