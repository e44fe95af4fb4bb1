import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lessonEndpoints } from '../../../shared/endpoints/media';
import { sessionUser, type SessionUser } from '../../auth/guards';
import type { Database } from '../../db/client';
import { lockPerUser } from '../../db/locks';
import { courses, lessonImages } from '../../db/schema';
import { findServableLessonImage, lessonImageStorageKey, lessonImageTypeOf, lessonImageUrl } from '../curriculum';
import { AppError } from '../../errors';
import { route } from '../../http/route';
import type { VideoStorage } from '../../storage/video-storage';
import { declaredLength, DEFAULT_PRESIGNED_URL_TTL_SECONDS, DOWNLOAD_HEADERS, receive } from './resources';
import { forgetUploadInProgress, reserveUpload, type UploadLimits } from './service';

export type LessonImageOptions = {
  storage: VideoStorage;
  /** Where an image's bytes are written while they arrive (the tus uploads' folder, which the sweeper cleans). */
  incomingDir: string;
  /** The owner's upload allowance, the same the video uploads count in while bytes arrive. */
  uploadLimits: UploadLimits;
  /** The largest image, in bytes (LESSON_IMAGE_MAX_BYTES). */
  maxBytes: number;
  /** Images one course owner may keep, all their courses together (LESSON_IMAGES_MAX_PER_USER). */
  maxPerUser: number;
  /** How long the presigned URL a bucket image is redirected to stays valid. */
  presignedUrlTtlSeconds?: number | undefined;
};

/**
 * An image is shown in place (an <img>), but opened on its own it may run nothing: its type is
 * the one its content was checked to be and is not sniffed, and the CSP sandboxes it. Its answer
 * depends on who asks, so no shared cache keeps it.
 */
const IMAGE_HEADERS = { ...DOWNLOAD_HEADERS, 'content-disposition': 'inline' } as const;

const PER_USER_LOCK = 'lesson-images';

const tooLarge = (maxBytes: number) => new AppError('LESSON_IMAGE_TOO_LARGE', `A lesson image may be at most ${maxBytes} bytes`);
const notImage = () => new AppError('LESSON_IMAGE_NOT_IMAGE', 'The file is not a JPEG, PNG, WebP or GIF image');
const noRoom = (maxPerUser: number) => new AppError('LESSON_IMAGE_LIMIT', `An account keeps at most ${maxPerUser} lesson images`);
const notFound = () => new AppError('NOT_FOUND', 'Image not found');

async function ownerOfCourse(db: Database, courseId: number): Promise<string> {
  const [row] = await db.select({ ownerId: courses.ownerId }).from(courses).where(eq(courses.id, courseId));
  if (!row) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
  return row.ownerId;
}

async function ensureImageRoom(db: Database, ownerId: string, maxPerUser: number): Promise<void> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(lessonImages).where(eq(lessonImages.ownerId, ownerId));
  if ((row?.count ?? 0) >= maxPerUser) throw noRoom(maxPerUser);
}

/**
 * Text lessons' images: the upload of one for my course, and its display to whoever may see a
 * lesson that shows it. An image is known by its content (JPEG, PNG, WebP or GIF; never SVG),
 * counts in its course owner's upload allowance while it arrives and in their image allowance
 * once kept, and is stored under a name of the app's own.
 */
export const lessonImageRoutes: FastifyPluginAsyncZod<LessonImageOptions> = async (scope, options) => {
  const { storage, incomingDir, uploadLimits, maxBytes, maxPerUser } = options;
  const { db } = scope;
  const presignTtl = options.presignedUrlTtlSeconds ?? DEFAULT_PRESIGNED_URL_TTL_SECONDS;

  // The body is the file itself, whatever type the browser gave it (a renamed file's type says
  // nothing): it is read by the handler once the caller is known to manage the course, and judged by its bytes.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  route(scope, lessonEndpoints.uploadLessonImage, async (request, reply) => {
    const courseId = request.params.id;
    const declared = declaredLength(request);
    if (declared !== null && declared > maxBytes) throw tooLarge(maxBytes);
    const ownerId = await ownerOfCourse(db, courseId);
    // Early, so an owner at the limit sends no file for nothing; checked again under the lock.
    await ensureImageRoom(db, ownerId, maxPerUser);

    const reservation = randomUUID();
    await reserveUpload(db, { id: reservation, ownerId, declaredBytes: declared ?? maxBytes }, uploadLimits);
    const file = path.join(incomingDir, reservation);
    let storedKey: string | null = null;
    try {
      await mkdir(incomingDir, { recursive: true });
      const body = (request.body as Readable | undefined) ?? Readable.from([]);
      const received = await receive(body, file, maxBytes, () => tooLarge(maxBytes));
      const contentType = lessonImageTypeOf(received.head);
      if (!contentType) throw notImage();
      const id = randomUUID();
      const key = lessonImageStorageKey(courseId, id, contentType);
      await storage.importFile(file, key, { contentType });
      storedKey = key;
      await db.transaction(async (tx) => {
        // Two uploads at once cannot both take an owner's last place.
        await lockPerUser(tx as unknown as Database, PER_USER_LOCK, ownerId);
        await ensureImageRoom(tx as unknown as Database, ownerId, maxPerUser);
        await tx.insert(lessonImages).values({ id, courseId, ownerId, storageKey: key, contentType, sizeBytes: received.sizeBytes });
      });
      storedKey = null;
      reply.status(201);
      return { id, url: lessonImageUrl(id), contentType, sizeBytes: received.sizeBytes };
    } finally {
      // A file no row points at goes at once.
      if (storedKey) await storage.remove(storedKey).catch((error: unknown) => request.log.error({ err: error, storageKey: storedKey }, 'removing a lesson image failed'));
      await rm(file, { force: true }).catch(() => {});
      await forgetUploadInProgress(db, reservation).catch(() => {});
    }
  });

  route(
    scope,
    lessonEndpoints.getLessonImage,
    async (request, reply) => {
      // A disabled account sees previews as a visitor does.
      const user: SessionUser | null = await sessionUser(request).catch(() => null);
      // Asked on every request: access ends the moment it is taken away (a refund, a preview no longer offered).
      const image = await findServableLessonImage(db, request.params.imageId, user);
      if (!image) throw notFound();
      reply.headers(IMAGE_HEADERS);
      if (storage.presignedUrl) {
        const url = await storage.presignedUrl(image.key, presignTtl, { contentType: image.contentType, cacheControl: IMAGE_HEADERS['cache-control'], contentDisposition: IMAGE_HEADERS['content-disposition'] });
        return reply.redirect(url, 302);
      }
      const stored = await storage.stat(image.key);
      if (!stored) throw notFound();
      reply.type(image.contentType).header('content-length', stored.size);
      return reply.send(storage.read(image.key));
    },
    { compress: false },
  );
};
