import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lessonEndpoints } from '../../../shared/endpoints/media';
import { curriculumLimits } from '../../../shared/limits';
import type { CurriculumLessonView } from '../../../shared/schemas/curriculum';
import type { Database } from '../../db/client';
import { courseLessons, courses, courseSections } from '../../db/schema';
import { attachmentDisposition, deriveResourceUrlKey, ensureLessonRoom, findDownloadableResource, lockCourseForCurriculum, looksLikePdf, PDF_TRAILER_WINDOW, RESOURCE_CONTENT_TYPE, resourceStorageKey, sanitizeResourceName, verifyResourceToken } from '../curriculum';
import { AppError } from '../../errors';
import { route } from '../../http/route';
import type { VideoStorage } from '../../storage/video-storage';
import { forgetUploadInProgress, reserveUpload, type UploadLimits } from './service';

export type ResourceOptions = {
  storage: VideoStorage;
  /** Where a resource's bytes are written while they arrive (the tus uploads' folder, which the sweeper cleans). */
  incomingDir: string;
  /** The video links' secret, from which the resource links' key is derived. */
  urlSecret: string;
  /** The owner's upload allowance, the same the video uploads count in. */
  uploadLimits: UploadLimits;
  /** Lessons per course (CURRICULUM_MAX_LESSONS). */
  maxLessons: number;
  /** The largest resource, in bytes. */
  maxBytes?: number;
  /** How long the presigned URL a bucket download is redirected to stays valid. */
  presignedUrlTtlSeconds?: number | undefined;
};

export const DEFAULT_PRESIGNED_URL_TTL_SECONDS = 60;
/** A download's answer is for its caller alone and kept by no cache; it cannot run anything even if opened in place. */
export const DOWNLOAD_HEADERS = {
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
} as const;

const tooLarge = (maxBytes: number) => new AppError('RESOURCE_TOO_LARGE', `A resource may be at most ${maxBytes} bytes`);
const notPdf = () => new AppError('RESOURCE_NOT_PDF', 'The file is not a PDF document');
const invalidLink = () => new AppError('FORBIDDEN', 'This download link is not valid or has expired');

/** The body's declared length, or null when it comes chunked. */
export function declaredLength(request: FastifyRequest): number | null {
  const value = request.headers['content-length'];
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
}

export type Received = { sizeBytes: number; head: Buffer; tail: Buffer };
/** How many first bytes `receive` keeps: enough for a PDF's header and an image's signature. */
const HEAD_BYTES = 16;

/**
 * Writes the body to `file` as it arrives, refusing it as soon as it passes `maxBytes`: no more
 * than a chunk is ever in memory, and only the first bytes and the last kilobyte are kept to
 * check. On a refusal the request stream is let go, not destroyed, so the client still reads
 * the answer (as Fastify does with a body over its limit).
 */
export async function receive(body: Readable, file: string, maxBytes: number, refusal: () => AppError = () => tooLarge(maxBytes)): Promise<Received> {
  let sizeBytes = 0;
  let head = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sizeBytes += chunk.length;
      if (sizeBytes > maxBytes) return done(refusal());
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      tail = Buffer.concat([tail, chunk.subarray(-PDF_TRAILER_WINDOW)]).subarray(-PDF_TRAILER_WINDOW);
      done(null, chunk);
    },
  });
  body.on('error', (error) => meter.destroy(error));
  // A client that goes away mid-file: what arrived is dropped, not taken for the whole file.
  body.on('close', () => {
    if (!body.readableEnded) meter.destroy(new Error('the request ended before its body'));
  });
  body.pipe(meter);
  await pipeline(meter, createWriteStream(file, { flags: 'wx' }));
  return { sizeBytes, head, tail };
}

/** The course's owner (whose allowance the file counts in), once the section is known to be one of its. */
async function ownerOfSection(db: Database, courseId: number, sectionId: number): Promise<string> {
  const [row] = await db
    .select({ ownerId: courses.ownerId })
    .from(courseSections)
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(and(eq(courseSections.id, sectionId), eq(courseSections.courseId, courseId)));
  if (!row) throw new AppError('SECTION_NOT_FOUND', 'This course has no such section');
  return row.ownerId;
}

type NewResourceLesson = { courseId: number; sectionId: number; title: string; key: string; name: string; sizeBytes: number; maxLessons: number };

/**
 * The resource lesson, last of its section, under the course row's lock: two additions at once
 * neither pass the lesson cap nor take the same position, and a section deleted meanwhile is
 * seen.
 */
async function insertResourceLesson(db: Database, lesson: NewResourceLesson): Promise<CurriculumLessonView> {
  return db.transaction(async (tx) => {
    await lockCourseForCurriculum(tx as unknown as Database, lesson.courseId);
    const [section] = await tx
      .select({ id: courseSections.id })
      .from(courseSections)
      .where(and(eq(courseSections.id, lesson.sectionId), eq(courseSections.courseId, lesson.courseId)));
    if (!section) throw new AppError('SECTION_NOT_FOUND', 'This course has no such section');
    await ensureLessonRoom(tx as unknown as Database, lesson.courseId, { maxLessons: lesson.maxLessons });
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${courseLessons.position}), 0)::int` })
      .from(courseLessons)
      .where(eq(courseLessons.sectionId, lesson.sectionId));
    const [row] = await tx
      .insert(courseLessons)
      .values({
        courseId: lesson.courseId,
        sectionId: lesson.sectionId,
        position: (last?.position ?? 0) + 1,
        title: lesson.title,
        kind: 'resource',
        isPreview: false,
        resourceKey: lesson.key,
        resourceName: lesson.name,
        resourceSizeBytes: lesson.sizeBytes,
        durationSeconds: 0,
      })
      .returning({ id: courseLessons.id, title: courseLessons.title, kind: courseLessons.kind, isPreview: courseLessons.isPreview, durationSeconds: courseLessons.durationSeconds });
    return row!;
  });
}

/**
 * Resource lessons' files: the upload of a PDF into a section of my course, and its download
 * through the short-lived link the lesson content endpoint hands out. A PDF is known by its
 * content (its header and trailer; it is never parsed, run or rendered here), counts in its
 * course owner's upload allowance while it arrives, and is stored under a name of the app's
 * own. It downloads as an attachment of type application/pdf that no browser sniffs or runs.
 */
export const resourceRoutes: FastifyPluginAsyncZod<ResourceOptions> = async (scope, options) => {
  const { storage, incomingDir, uploadLimits } = options;
  const { db } = scope;
  const maxBytes = options.maxBytes ?? curriculumLimits.resourceMaxBytes;
  const { maxLessons } = options;
  const urlKey = deriveResourceUrlKey(options.urlSecret);
  const presignTtl = options.presignedUrlTtlSeconds ?? DEFAULT_PRESIGNED_URL_TTL_SECONDS;

  // The body is the file itself, read by the handler once the caller is known to manage the
  // course: nothing is read for a caller who may not upload. Any other type is refused (415).
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(RESOURCE_CONTENT_TYPE, (_request, payload, done) => done(null, payload));

  route(scope, lessonEndpoints.uploadLessonResource, async (request, reply) => {
    const { id: courseId, sectionId } = request.params;
    const title = request.query.title.trim();
    if (!title) throw new AppError('BAD_REQUEST', 'The lesson needs a title');
    const declared = declaredLength(request);
    if (declared !== null && declared > maxBytes) throw tooLarge(maxBytes);
    const ownerId = await ownerOfSection(db, courseId, sectionId);
    // Early, so a full course reads no file; checked again under the lock.
    await ensureLessonRoom(db, courseId, { maxLessons });

    const reservation = randomUUID();
    await reserveUpload(db, { id: reservation, ownerId, declaredBytes: declared ?? maxBytes }, uploadLimits);
    const file = path.join(incomingDir, reservation);
    let storedKey: string | null = null;
    try {
      await mkdir(incomingDir, { recursive: true });
      const body = (request.body as Readable | undefined) ?? Readable.from([]);
      const received = await receive(body, file, maxBytes);
      if (!looksLikePdf(received.head, received.tail)) throw notPdf();
      const key = resourceStorageKey(courseId);
      await storage.importFile(file, key, { contentType: RESOURCE_CONTENT_TYPE });
      storedKey = key;
      const lesson = await insertResourceLesson(db, {
        courseId,
        sectionId,
        title,
        key,
        name: sanitizeResourceName(request.query.fileName),
        sizeBytes: received.sizeBytes,
        maxLessons,
      });
      storedKey = null;
      // Returned rather than sent: the answer leaves once the cleanup below is done, so a client
      // that uploads again at once finds its allowance's place given back.
      reply.status(201);
      return lesson;
    } finally {
      // A file no row points at goes at once.
      if (storedKey) await storage.remove(storedKey).catch((error: unknown) => request.log.error({ err: error, storageKey: storedKey }, 'removing a resource file failed'));
      await rm(file, { force: true }).catch(() => {});
      await forgetUploadInProgress(db, reservation).catch(() => {});
    }
  });

  route(scope, lessonEndpoints.downloadLessonResource, async (request, reply) => {
    const grant = verifyResourceToken(urlKey, request.params.token);
    if (!grant) throw invalidLink();
    // Asked on every download, not only when the link was made: access ends the moment it is taken away.
    const resource = await findDownloadableResource(db, grant);
    if (!resource) throw invalidLink();
    const disposition = attachmentDisposition(resource.name);
    reply.headers(DOWNLOAD_HEADERS);
    if (storage.presignedUrl) {
      // The bucket answers with the same type, disposition and caching: the URL says so, signed.
      const url = await storage.presignedUrl(resource.key, presignTtl, { contentType: RESOURCE_CONTENT_TYPE, cacheControl: DOWNLOAD_HEADERS['cache-control'], contentDisposition: disposition });
      return reply.redirect(url, 302);
    }
    const stored = await storage.stat(resource.key);
    if (!stored) throw new AppError('NOT_FOUND', 'This file is no longer available');
    reply.type(RESOURCE_CONTENT_TYPE).header('content-disposition', disposition).header('content-length', stored.size);
    return reply.send(storage.read(resource.key));
  }, { compress: false });
};
