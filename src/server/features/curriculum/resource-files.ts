import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { courseLessons, courses, users } from '../../db/schema';
import { mayWatchCourse } from '../orders';

/**
 * A resource lesson's file (a PDF): where it is stored, the name it is downloaded under, and
 * the short-lived signed link that downloads it. A link names a lesson and who asked for it,
 * never a stored file: each download asks the database whether that caller may still take the
 * lesson, so a refund or a lesson no longer offered as a preview ends links already handed out.
 * Here rather than in a feature: the lesson content endpoint hands the links out, the media
 * feature serves them, and the curriculum editor removes the files.
 */

export const RESOURCE_PATH_PREFIX = '/api/resources/';
export const RESOURCE_CONTENT_TYPE = 'application/pdf';
/** The longest name a resource is downloaded under, its `.pdf` included. */
export const RESOURCE_NAME_MAX = 200;
/** Where a PDF's `%%EOF` may lie: within this many bytes of its end (what readers tolerate after it). */
export const PDF_TRAILER_WINDOW = 1024;

/** A new resource file's storage key: the course's folder, a fresh name (never the uploader's). */
export const resourceStorageKey = (courseId: number) => `resources/${courseId}/${randomUUID()}.pdf`;

/**
 * The name a resource is downloaded under, from the name its uploader gave: its last path
 * segment, without control or bidirectional-override characters (which would disguise its
 * extension), at most 200 characters, ending in `.pdf`.
 */
export function sanitizeResourceName(fileName: string): string {
  const lastSegment = fileName.split(/[/\\]/).at(-1) ?? '';
  const cleaned = lastSegment
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const base = cleaned.replace(/\.pdf$/i, '').trim() || 'document';
  return `${[...base].slice(0, RESOURCE_NAME_MAX - 4).join('').trimEnd()}.pdf`;
}

/** `Content-Disposition` of a download: an ASCII fallback for old clients, the exact name in RFC 5987 form. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A PDF by its content: it starts with `%PDF-` and has `%%EOF` near its end. Nothing else of it is read. */
export function looksLikePdf(head: Buffer, tail: Buffer): boolean {
  return head.subarray(0, 5).toString('latin1') === '%PDF-' && tail.subarray(-PDF_TRAILER_WINDOW).includes('%%EOF', 0, 'latin1');
}

/** Something that removes stored files by key (the video storage: local disk or bucket). */
export type FileRemover = { remove(key: string): Promise<void> };

/** Removes a resource lesson's stored file; a missing one is not an error. Call it once the lesson's row is gone. */
export async function removeResourceFile(storage: FileRemover, key: string | null | undefined): Promise<void> {
  if (key) await storage.remove(key);
}

/** The stored files of a course's resource lessons, to remove after the rows go (a course or section deleted). */
export async function courseResourceKeys(db: Database, courseId: number, sectionId?: number): Promise<string[]> {
  const rows = await db
    .select({ key: courseLessons.resourceKey })
    .from(courseLessons)
    .where(and(eq(courseLessons.courseId, courseId), sectionId === undefined ? undefined : eq(courseLessons.sectionId, sectionId), isNotNull(courseLessons.resourceKey)));
  return rows.map((row) => row.key!);
}

// ---------------------------------------------------------------------------
// Signed download links
// ---------------------------------------------------------------------------

/** Who a link was made for: a signed-in user, or a visitor (a free-preview lesson only). */
export type ResourceGrant = { lessonId: number; userId: string | null; expiresAt: Date };

/** A key only for resource links, derived from the video links' secret: neither kind of link opens the other. */
export function deriveResourceUrlKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('marketplace/resource-url/v1').digest();
}

/** HMAC-SHA256 cut to 128 bits, as the video links are signed. */
const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, 16);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const VISITOR = '_';

const compactUser = (userId: string | null) => {
  if (userId === null) return VISITOR;
  if (!UUID.test(userId)) throw new Error(`not a UUID: ${userId}`);
  return Buffer.from(userId.replaceAll('-', ''), 'hex').toString('base64url');
};

const expandUser = (compact: string): string | null => {
  if (compact === VISITOR) return null;
  const hex = Buffer.from(compact, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** `<expiry, base 36>.<signature>.<lesson, base 36>.<user or _>`, all URL-safe and under the router's 100 characters. */
export function createResourceToken(key: Buffer, grant: ResourceGrant): string {
  const expiry = Math.floor(grant.expiresAt.getTime() / 1000).toString(36);
  const subject = `${grant.lessonId.toString(36)}.${compactUser(grant.userId)}`;
  return `${expiry}.${sign(key, `${expiry}.${subject}`).toString('base64url')}.${subject}`;
}

const TOKEN = /^([0-9a-z]{1,11})\.([\w-]{22})\.([0-9a-z]{1,7})\.([\w-]{22}|_)$/;

/** The grant of a genuine, unexpired token; null for anything else. Whether it still holds is the database's to say. */
export function verifyResourceToken(key: Buffer, token: string, now = new Date()): ResourceGrant | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, expiry, signature, lesson, user] = match as unknown as string[];
  const expected = sign(key, `${expiry}.${lesson}.${user}`);
  const given = Buffer.from(signature!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expiresAt = new Date(parseInt(expiry!, 36) * 1000);
  if (!(expiresAt.getTime() > now.getTime())) return null;
  return { lessonId: parseInt(lesson!, 36), userId: expandUser(user!), expiresAt };
}

export type ResourceDownloadLink = { url: string; name: string; sizeBytes: number; expiresAt: string };

/**
 * A resource lesson's download, as the lesson content endpoint hands it out (`download` in
 * `lessonContent`): a link valid for `ttlSeconds`, for the caller who was checked (null for a
 * visitor on a free preview). `secret` is the video links' secret (`secrets.videoUrl`), from
 * which the resource links' own key is derived; `ttlSeconds` the videos' (VIDEO_URL_TTL_SECONDS).
 */
export function resourceDownloadLink(
  lesson: { id: number; resourceName: string | null; resourceSizeBytes: number | null },
  { secret, ttlSeconds, userId, now = Date.now() }: { secret: string; ttlSeconds: number; userId: string | null; now?: number },
): ResourceDownloadLink {
  const expiresAt = new Date(now + ttlSeconds * 1000);
  const token = createResourceToken(deriveResourceUrlKey(secret), { lessonId: lesson.id, userId, expiresAt });
  return { url: `${RESOURCE_PATH_PREFIX}${token}`, name: lesson.resourceName ?? 'document.pdf', sizeBytes: lesson.resourceSizeBytes ?? 0, expiresAt: expiresAt.toISOString() };
}

export type DownloadableResource = { key: string; name: string; sizeBytes: number };

/**
 * The file a link opens, while its caller may still take the lesson; null once they may not.
 * A free preview of an active course downloads for anyone; otherwise for the course's buyers
 * (while they hold it and the course is active), its owner and admins, with an account that is
 * not disabled.
 */
export async function findDownloadableResource(db: Database, grant: Pick<ResourceGrant, 'lessonId' | 'userId'>): Promise<DownloadableResource | null> {
  const active = isNull(courses.disabledAt);
  const openPreview = and(eq(courseLessons.isPreview, true), active);
  // As the lesson content endpoint decides: a disabled course's lessons stay with its buyers, owner and admins.
  const mayTake = and(isNotNull(users.id), mayWatchCourse(users, courses));
  const [row] = await db
    .select({ key: courseLessons.resourceKey, name: courseLessons.resourceName, sizeBytes: courseLessons.resourceSizeBytes })
    .from(courseLessons)
    .innerJoin(courses, eq(courses.id, courseLessons.courseId))
    .leftJoin(users, grant.userId === null ? sql`false` : and(eq(users.id, grant.userId), isNull(users.disabledAt)))
    .where(
      and(
        eq(courseLessons.id, grant.lessonId),
        eq(courseLessons.kind, 'resource'),
        isNotNull(courseLessons.resourceKey),
        or(openPreview, mayTake),
      ),
    );
  if (!row?.key) return null;
  return { key: row.key, name: row.name ?? 'document.pdf', sizeBytes: row.sizeBytes ?? 0 };
}
