import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { createAuthMiddleware } from 'better-auth/api';

type AuthContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** How long a browser that signed in stays known to the account (renewed at each sign-in). */
export const KNOWN_DEVICE_DAYS = 180;

/**
 * "Known device" cookies (OWASP's device cookies): a client that once signed in to an account
 * keeps a cookie naming a random device id for that account, so a stranger's failed attempts
 * (counted for all other clients together) do not stop the owner signing in from it.
 *
 * The cookie holds no secret: a device id and an HMAC, under a key derived from the auth secret,
 * of the account's e-mail, the id and the account's current password hash. Changing or resetting
 * the password therefore forgets every device that knew the old one (whoever once learnt it
 * cannot keep devices that skip the account's limit); the client that made the change gets a new
 * cookie. One cookie per account (its name is a digest of the e-mail), for browsers people share.
 */
const deviceKey = (secret: string) => createHmac('sha256', secret).update('known-device-cookie').digest();

function deviceCookie(ctx: AuthContext, email: string) {
  const tag = createHmac('sha256', deviceKey(ctx.context.secret)).update(`name\n${email}`).digest('base64url').slice(0, 16);
  return ctx.context.createAuthCookie(`known_device_${tag}`, { path: ctx.context.options.basePath ?? '/', maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60 });
}

const signature = (secret: string, email: string, deviceId: string, passwordHash: string) =>
  createHmac('sha256', deviceKey(secret)).update(`${email}\n${deviceId}\n${passwordHash}`).digest('base64url');

async function passwordHashOf(ctx: AuthContext, email: string): Promise<string | undefined> {
  const found = await ctx.context.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  return found?.accounts.find((account) => account.providerId === 'credential')?.password ?? undefined;
}

/**
 * The device id of the request's known-device cookie for this account (lower-case e-mail), if
 * it carries a valid one. Only a client that presents a well-signed cookie costs a look-up.
 */
export async function knownDeviceOf(ctx: AuthContext, email: string): Promise<string | undefined> {
  const value = ctx.getCookie(deviceCookie(ctx, email).name);
  const [deviceId, mac] = value?.split('.') ?? [];
  if (!deviceId || !mac) return undefined;
  const passwordHash = await passwordHashOf(ctx, email);
  if (!passwordHash) return undefined;
  const expected = Buffer.from(signature(ctx.context.secret, email, deviceId, passwordHash));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : undefined;
}

/**
 * Marks the request's client as a known device of the account (keeping its device id if it
 * already had a valid cookie), and answers the id; nothing for an account
 * without a password, which no password attempt concerns.
 */
export async function rememberDevice(ctx: AuthContext, email: string): Promise<string | undefined> {
  const passwordHash = await passwordHashOf(ctx, email);
  if (!passwordHash) return undefined;
  const cookie = deviceCookie(ctx, email);
  const deviceId = (await knownDeviceOf(ctx, email)) ?? randomUUID();
  ctx.setCookie(cookie.name, `${deviceId}.${signature(ctx.context.secret, email, deviceId, passwordHash)}`, cookie.attributes);
  return deviceId;
}
