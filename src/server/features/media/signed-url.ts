import { createHmac, timingSafeEqual } from 'node:crypto';
import { isValidStorageKey } from './storage';

/** What a stream token grants: one stored video (every stored video is an MP4), until a moment. */
export type StreamGrant = { storageKey: string; expiresAt: Date };

export const STREAM_PATH_PREFIX = '/api/videos/stream/';

/** A key only for video links, so a leaked link key never signs anything else (and the other way round). */
export function deriveVideoUrlKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('marketplace/video-url/v1').digest();
}

/** HMAC-SHA256 cut to 128 bits: plenty against forgery, and it keeps links short. */
const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, 16);

/** Storage keys never contain `~`, so `/` can travel as `~` inside one path segment. */
const encodeKey = (storageKey: string) => storageKey.replaceAll('/', '~');
const decodeKey = (encoded: string) => encoded.replaceAll('~', '/');

/**
 * `<expiry, base 36>.<signature>.<storage key>`, all URL-safe and under the router's
 * 100-character limit for a path parameter. The key travels in the token, so serving a
 * signed stream needs no database query.
 */
export function createStreamToken(key: Buffer, grant: StreamGrant): string {
  const payload = `${Math.floor(grant.expiresAt.getTime() / 1000).toString(36)}.${encodeKey(grant.storageKey)}`;
  const [expiry, encodedKey] = [payload.slice(0, payload.indexOf('.')), payload.slice(payload.indexOf('.') + 1)];
  return `${expiry}.${sign(key, payload).toString('base64url')}.${encodedKey}`;
}

export function streamUrl(key: Buffer, grant: StreamGrant): string {
  return `${STREAM_PATH_PREFIX}${createStreamToken(key, grant)}`;
}

/** The grant of a genuine, unexpired token; null for anything else. */
export function verifyStreamToken(key: Buffer, token: string, now = new Date()): StreamGrant | null {
  const match = /^([0-9a-z]{1,11})\.([\w-]{22})\.(.+)$/.exec(token);
  if (!match) return null;
  const [, expiry, signature, encodedKey] = match as unknown as [string, string, string, string];
  const expected = sign(key, `${expiry}.${encodedKey}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expiresAt = new Date(parseInt(expiry, 36) * 1000);
  const storageKey = decodeKey(encodedKey);
  if (!(expiresAt.getTime() > now.getTime()) || !isValidStorageKey(storageKey)) return null;
  return { storageKey, expiresAt };
}
