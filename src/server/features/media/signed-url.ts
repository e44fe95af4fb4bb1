import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a stream token grants, and to whom. A link names a user and what they were allowed to
 * watch, never a stored file: each request it serves asks the database whether that user may
 * still watch it, so a refund, a disabled account or a removed upload ends even links already
 * handed out, and a leaked link is worth no more than its owner's access.
 */
export type StreamSubject = { kind: 'course-main'; courseId: number; userId: string } | { kind: 'upload'; videoId: string; userId: string };
export type StreamGrant = StreamSubject & { expiresAt: Date };

export const STREAM_PATH_PREFIX = '/api/videos/stream/';
/** The HLS copy of a main video: `<prefix><token>/master.m3u8`, and the files it names relatively. */
export const HLS_PATH_PREFIX = '/api/videos/hls/';

/** A key only for video links, so a leaked link key never signs anything else (and the other way round). */
export function deriveVideoUrlKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('marketplace/video-url/v2').digest();
}

/** HMAC-SHA256 cut to 128 bits: plenty against forgery, and it keeps links short. */
const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, 16);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A UUID in 22 URL-safe characters, so a link with two of them stays under the router's 100-character parameter limit. */
function compactUuid(id: string): string {
  if (!UUID.test(id)) throw new Error(`not a UUID: ${id}`);
  return Buffer.from(id.replaceAll('-', ''), 'hex').toString('base64url');
}

function expandUuid(compact: string): string {
  const hex = Buffer.from(compact, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const subjectOf = (grant: StreamGrant) =>
  grant.kind === 'course-main' ? `c.${grant.courseId.toString(36)}.${compactUuid(grant.userId)}` : `u.${compactUuid(grant.videoId)}.${compactUuid(grant.userId)}`;

/** `<expiry, base 36>.<signature>.<c.course|u.upload>.<user>`, all URL-safe. */
export function createStreamToken(key: Buffer, grant: StreamGrant): string {
  const expiry = Math.floor(grant.expiresAt.getTime() / 1000).toString(36);
  const subject = subjectOf(grant);
  return `${expiry}.${sign(key, `${expiry}.${subject}`).toString('base64url')}.${subject}`;
}

export function streamUrl(key: Buffer, grant: StreamGrant): string {
  return `${STREAM_PATH_PREFIX}${createStreamToken(key, grant)}`;
}

const TOKEN = /^([0-9a-z]{1,11})\.([\w-]{22})\.((c)\.([0-9a-z]{1,7})|(u)\.([\w-]{22}))\.([\w-]{22})$/;

/** The grant of a genuine, unexpired token; null for anything else. Whether it still holds is the database's to say. */
export function verifyStreamToken(key: Buffer, token: string, now = new Date()): StreamGrant | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, expiry, signature, subjectHead, courseMark, course, , video, user] = match as unknown as (string | undefined)[];
  const subject = `${subjectHead}.${user}`;
  const expected = sign(key, `${expiry}.${subject}`);
  const given = Buffer.from(signature!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expiresAt = new Date(parseInt(expiry!, 36) * 1000);
  if (!(expiresAt.getTime() > now.getTime())) return null;
  const userId = expandUuid(user!);
  return courseMark ? { kind: 'course-main', courseId: parseInt(course!, 36), userId, expiresAt } : { kind: 'upload', videoId: expandUuid(video!), userId, expiresAt };
}
