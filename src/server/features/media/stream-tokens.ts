import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a stream token grants, and to whom. A link names a user and what they were allowed to
 * watch, never a stored file: each request it serves asks the database whether that user may
 * still watch it, so a refund, a disabled account or a removed upload ends even links already
 * handed out, and a leaked link is worth no more than its owner's access.
 */
export type StreamSubject =
  | { kind: 'course-main'; courseId: number; userId: string }
  | { kind: 'upload'; videoId: string; userId: string }
  /** A video lesson, for a signed-in learner (or its owner, or an admin). */
  | { kind: 'lesson'; lessonId: number; userId: string }
  /** A free-preview video lesson for a visitor: no one to ask about, only whether it is still a preview of an active course. */
  | { kind: 'preview'; lessonId: number };
export type StreamGrant = StreamSubject & { expiresAt: Date };

/**
 * What one signed link opens, signed with it: the MP4 (`stream`), the HLS copy (`hls`: its
 * playlists, segments, poster and thumbnails) or the captions (`captions`). A link of one kind
 * opens nothing else, so a caption link (handed to the player's text tracks, kept in its
 * history, easier to leak) is never a way to the paid video itself.
 */
export const streamLinkPurposes = ['stream', 'hls', 'captions'] as const;
export type StreamLinkPurpose = (typeof streamLinkPurposes)[number];

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

function subjectOf(grant: StreamGrant): string {
  switch (grant.kind) {
    case 'course-main':
      return `c.${grant.courseId.toString(36)}.${compactUuid(grant.userId)}`;
    case 'upload':
      return `u.${compactUuid(grant.videoId)}.${compactUuid(grant.userId)}`;
    case 'lesson':
      return `l.${grant.lessonId.toString(36)}.${compactUuid(grant.userId)}`;
    case 'preview':
      return `p.${grant.lessonId.toString(36)}`;
  }
}

/** What is signed: the purpose goes in, not in the link (it is the route's to say), so links stay as short. */
const signedPayload = (purpose: StreamLinkPurpose, expiry: string, subject: string) => `${purpose}:${expiry}.${subject}`;

/** `<expiry, base 36>.<signature>.<c.course.user|u.upload.user|l.lesson.user|p.lesson>`, all URL-safe; valid only for `purpose`. */
export function createStreamToken(key: Buffer, purpose: StreamLinkPurpose, grant: StreamGrant): string {
  const expiry = Math.floor(grant.expiresAt.getTime() / 1000).toString(36);
  const subject = subjectOf(grant);
  return `${expiry}.${sign(key, signedPayload(purpose, expiry, subject)).toString('base64url')}.${subject}`;
}

export function streamUrl(key: Buffer, grant: StreamGrant): string {
  return `${STREAM_PATH_PREFIX}${createStreamToken(key, 'stream', grant)}`;
}

const TOKEN = /^([0-9a-z]{1,11})\.([\w-]{22})\.(c\.[0-9a-z]{1,7}\.[\w-]{22}|u\.[\w-]{22}\.[\w-]{22}|l\.[0-9a-z]{1,7}\.[\w-]{22}|p\.[0-9a-z]{1,7})$/;

/** The subject a verified token names (its parts are of the shapes the pattern let through). */
function parseSubject(subject: string): StreamSubject {
  const [mark, first, user] = subject.split('.') as [string, string, string | undefined];
  switch (mark) {
    case 'c':
      return { kind: 'course-main', courseId: parseInt(first, 36), userId: expandUuid(user!) };
    case 'u':
      return { kind: 'upload', videoId: expandUuid(first), userId: expandUuid(user!) };
    case 'l':
      return { kind: 'lesson', lessonId: parseInt(first, 36), userId: expandUuid(user!) };
    default:
      return { kind: 'preview', lessonId: parseInt(first, 36) };
  }
}

/**
 * The grant of a genuine, unexpired token made for `purpose`; null for anything else (a link made
 * for another purpose included). Whether it still holds is the database's to say.
 */
export function verifyStreamToken(key: Buffer, purpose: StreamLinkPurpose, token: string, now = new Date()): StreamGrant | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, expiry, signature, subject] = match as unknown as [string, string, string, string];
  const expected = sign(key, signedPayload(purpose, expiry, subject));
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expiresAt = new Date(parseInt(expiry, 36) * 1000);
  if (!(expiresAt.getTime() > now.getTime())) return null;
  return { ...parseSubject(subject), expiresAt };
}
