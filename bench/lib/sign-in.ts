/** Signing in as generated users (bench/seed.ts gives them all one password). */
import { randomInt } from 'node:crypto';
import type { ServerProcess } from './server';

/** Every generated user's password (bench/seed.ts). */
export const BENCH_PASSWORD = 'Bench12345';

/** Signs in through the API and answers the session's `cookie` header. */
export async function signIn(server: Pick<ServerProcess, 'url'>, email: string): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    // A client address of its own per sign-in: the sign-in rate limit counts per address.
    headers: { origin: server.url, 'content-type': 'application/json', 'x-forwarded-for': `198.18.${randomInt(256)}.${randomInt(1, 255)}` },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
