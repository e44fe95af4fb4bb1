import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { referralCodes } from '../../db/schema';
import { pgErrorCode } from '../../errors';

/**
 * Teachers' referral links: one code per teacher (`/course/<id>?ref=<code>`), and the signed
 * cookie that remembers, in the visitor's browser, which teacher brought them to which course.
 * The checkout reads the cookie (`readReferralAttributions`) to mark the lines a teacher brought.
 */

/** No 0/O, 1/I/L: a code read aloud or copied by hand stays the same code. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;
/** A collision among 31^8 codes is rare; a few tries make a failure all but impossible. */
const CODE_ATTEMPTS = 5;

export function randomReferralCode(): string {
  let code = '';
  for (let index = 0; index < REFERRAL_CODE_LENGTH; index += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The teacher's code, created on first use (a new random one when another teacher already holds it). */
export async function ensureReferralCode(db: Database, teacherId: string, generate: () => string = randomReferralCode): Promise<string> {
  const existing = await findReferralCode(db, teacherId);
  if (existing) return existing;
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    try {
      // A concurrent first read by the same teacher inserts the same row: the second keeps the first's code.
      const [created] = await db.insert(referralCodes).values({ teacherId, code: generate() }).onConflictDoNothing({ target: referralCodes.teacherId }).returning();
      if (created) return created.code;
      const raced = await findReferralCode(db, teacherId);
      if (raced) return raced;
    } catch (error) {
      // Another teacher holds this code: draw again.
      if (pgErrorCode(error) !== '23505') throw error;
    }
  }
  throw new Error('Could not draw an unused referral code');
}

async function findReferralCode(db: Database, teacherId: string): Promise<string | null> {
  const [row] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.teacherId, teacherId));
  return row?.code ?? null;
}

/** The teacher who holds a code (codes are upper case; a link typed in lower case still counts). */
export async function teacherOfReferralCode(db: Database, code: string): Promise<string | null> {
  const [row] = await db.select({ teacherId: referralCodes.teacherId }).from(referralCodes).where(eq(referralCodes.code, code.trim().toUpperCase()));
  return row?.teacherId ?? null;
}

// --- The attribution cookie ----------------------------------------------------------

export const REFERRAL_COOKIE = 'referral';
/** The courses one browser remembers; the oldest go first. Bounded so the cookie stays far below 4 KB. */
export const REFERRAL_COOKIE_MAX_ENTRIES = 20;
/** A clock a little ahead of ours must not void a fresh attribution. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

export type ReferralAttribution = { courseId: number; teacherId: string; at: number };

/** A key only for this cookie, so it signs nothing else (and nothing else's signature passes here). */
export function deriveReferralKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('marketplace/referral-cookie/v1').digest();
}

const signatureOf = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

/** `<base64url JSON of [courseId, teacherId, at seconds][]>.<base64url HMAC-SHA256>`. */
export function signReferralAttributions(key: Buffer, entries: readonly ReferralAttribution[]): string {
  const payload = Buffer.from(JSON.stringify(entries.map((entry) => [entry.courseId, entry.teacherId, Math.floor(entry.at / 1000)]))).toString('base64url');
  return `${payload}.${signatureOf(key, payload).toString('base64url')}`;
}

/** One cookie's value from a `Cookie` header (the first of that name), or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    return part.slice(separator + 1).trim();
  }
  return undefined;
}

const isEntry = (value: unknown): value is [number, string, number] =>
  Array.isArray(value) &&
  value.length === 3 &&
  Number.isSafeInteger(value[0]) &&
  (value[0] as number) > 0 &&
  typeof value[1] === 'string' &&
  value[1].length > 0 &&
  value[1].length <= 64 &&
  Number.isSafeInteger(value[2]);

/**
 * Every attribution of the request's cookie, with when it was made, that is signed with `key`
 * and younger than `windowMs`; one per course (the latest). An unsigned, tampered or garbled
 * cookie attributes nothing.
 */
export function verifiedReferralAttributions(cookieHeader: string | undefined, key: Buffer, now: number, windowMs: number): ReferralAttribution[] {
  const value = cookieValue(cookieHeader, REFERRAL_COOKIE);
  if (!value || value.length > 4096) return [];
  const [payload, signature, extra] = value.split('.');
  if (!payload || !signature || extra !== undefined) return [];
  const expected = signatureOf(key, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return [];
  }
  if (!Array.isArray(decoded)) return [];
  const latest = new Map<number, ReferralAttribution>();
  for (const item of decoded.slice(-REFERRAL_COOKIE_MAX_ENTRIES)) {
    if (!isEntry(item)) continue;
    const [courseId, teacherId, atSeconds] = item;
    const at = atSeconds * 1000;
    if (at <= now - windowMs || at > now + CLOCK_SKEW_MS) continue;
    const previous = latest.get(courseId);
    if (!previous || previous.at <= at) latest.set(courseId, { courseId, teacherId, at });
  }
  return [...latest.values()];
}

/** For the checkout: which teacher brought the buyer to which course, from the signed cookie, within the window. */
export function readReferralAttributions(cookieHeader: string | undefined, key: Buffer, now: number, windowMs: number): Array<{ courseId: number; teacherId: string }> {
  return verifiedReferralAttributions(cookieHeader, key, now, windowMs).map(({ courseId, teacherId }) => ({ courseId, teacherId }));
}

/** The attributions after a visit: the course's new attribution last (the last link followed wins), the oldest dropped past the bound. */
export function withReferralAttribution(entries: readonly ReferralAttribution[], visit: ReferralAttribution): ReferralAttribution[] {
  const others = [...entries].filter((entry) => entry.courseId !== visit.courseId).sort((a, b) => a.at - b.at);
  return [...others, visit].slice(-REFERRAL_COOKIE_MAX_ENTRIES);
}

/** The `Set-Cookie` header: out of scripts' reach, sent on top-level navigations from other sites (the link itself), for the whole window. */
export function referralCookieHeader(value: string, { maxAgeMs, secure }: { maxAgeMs: number; secure: boolean }): string {
  return [`${REFERRAL_COOKIE}=${value}`, 'Path=/', `Max-Age=${Math.floor(maxAgeMs / 1000)}`, 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join('; ');
}
