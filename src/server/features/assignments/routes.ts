import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assignmentEditingEndpoints as editing, assignmentLearningEndpoints as learning } from '../../../shared/endpoints/assignments';
import type { AssignmentFileType } from '../../../shared/limits';
import { signedInUser } from '../../auth/access';
import { sessionUser, type SessionUser } from '../../auth/guards';
import { AppError } from '../../errors';
import { route } from '../../http/route';
import type { VideoStorage } from '../../storage/video-storage';
import { attachmentDisposition } from '../curriculum';
import { DEFAULT_PRESIGNED_URL_TTL_SECONDS, DOWNLOAD_HEADERS, declaredLength, forgetUploadInProgress, receive, reserveUpload, type UploadLimits } from '../media';
import {
  assignmentForLearner,
  attachReturnedFile,
  dropDraftFile,
  findDownloadableFile,
  handIn,
  keepDraftFile,
  readAssignmentForEdit,
  readAssignmentLesson,
  readMyAssignments,
  readReviewQueue,
  readSubmissionForReview,
  reviewSubmission,
  saveAssignment,
  storageFull,
  storedBytesOf,
  waitingSubmissionOfCourse,
  type AssignmentFileSettings,
} from './assignments';
import { assignmentFileKey, assignmentFileName, assignmentFileTypeOf } from './files';

export type AssignmentRoutesOptions = {
  storage: VideoStorage;
  /** Where a file's bytes are written while they arrive (the uploads' incoming folder, which the upload sweep cleans). */
  incomingDir: string;
  settings: AssignmentFileSettings;
  /** The uploader's allowance of uploads in flight, the same the video uploads count in. */
  uploadLimits: UploadLimits;
  presignedUrlTtlSeconds?: number | undefined;
};

const tooLarge = (maxBytes: number) => new AppError('ASSIGNMENT_FILE_TOO_LARGE', `An assignment file may be at most ${maxBytes} bytes`);
const wrongType = () => new AppError('ASSIGNMENT_FILE_TYPE', 'The file is not a PDF, a JPEG, PNG, WebP or GIF image, or a ZIP archive');
const fileNotFound = () => new AppError('NOT_FOUND', 'File not found');

type StoredUpload = { key: string; name: string; type: AssignmentFileType; sizeBytes: number };

/**
 * Receives a request's body as an assignment file: refused past `maxBytes` as it arrives (never
 * more than a chunk in memory), known by its first and last bytes, stored under a key of the
 * app's own; the bytes in flight count in the uploader's upload allowance. `keep` records it
 * (and answers a file it replaces); a file no row points at is removed.
 */
async function receiveFile(
  request: FastifyRequest,
  options: AssignmentRoutesOptions,
  { ownerId, courseId, fileName }: { ownerId: string; courseId: number; fileName: string },
  keep: (file: StoredUpload) => Promise<string | null>,
): Promise<StoredUpload> {
  const { storage, incomingDir, settings, uploadLimits } = options;
  const { db } = request.server;
  const declared = declaredLength(request);
  if (declared !== null && declared > settings.maxBytes) throw tooLarge(settings.maxBytes);
  const reservation = randomUUID();
  await reserveUpload(db, { id: reservation, ownerId, declaredBytes: declared ?? settings.maxBytes }, uploadLimits);
  const incoming = path.join(incomingDir, reservation);
  let storedKey: string | null = null;
  try {
    await mkdir(incomingDir, { recursive: true });
    const body = (request.body as Readable | undefined) ?? Readable.from([]);
    const received = await receive(body, incoming, settings.maxBytes, () => tooLarge(settings.maxBytes));
    const type = assignmentFileTypeOf(received.head, received.tail);
    if (!type) throw wrongType();
    const key = assignmentFileKey(courseId, type);
    await storage.importFile(incoming, key, { contentType: type });
    storedKey = key;
    const file = { key, name: assignmentFileName(fileName, type), type, sizeBytes: received.sizeBytes };
    const replaced = await keep(file);
    storedKey = replaced;
    return file;
  } finally {
    if (storedKey) await storage.remove(storedKey).catch((error: unknown) => request.log.error({ err: error, storageKey: storedKey }, 'removing an assignment file failed'));
    await rm(incoming, { force: true }).catch(() => {});
    await forgetUploadInProgress(db, reservation).catch(() => {});
  }
}

/**
 * Assignments' routes: the teacher's editing, queue and reviews (course-manager of `:id`, the
 * queue for any signed-in user over their own courses), the learner's lesson, file, hand-ins
 * and list, and the files' downloads (authorized streams: 404 for anyone but the learner and the
 * course's managers).
 */
export const assignmentRoutes: FastifyPluginAsyncZod<AssignmentRoutesOptions> = async (app, options) => {
  const { db } = app;
  const { storage, settings } = options;
  const presignTtl = options.presignedUrlTtlSeconds ?? DEFAULT_PRESIGNED_URL_TTL_SECONDS;

  route(app, editing.getAssignmentForEdit, async (request) => readAssignmentForEdit(db, request.params.id, request.params.lessonId));

  route(app, editing.saveAssignment, async (request) => saveAssignment(db, request.params.id, request.params.lessonId, request.body));

  route(app, editing.getAssignmentQueue, async (request) => readReviewQueue(db, signedInUser(request), request.query.page));

  route(app, editing.getSubmissionForReview, async (request) => readSubmissionForReview(db, request.params.id, request.params.submissionId));

  route(app, editing.reviewSubmission, async (request) =>
    reviewSubmission(db, request.params.id, request.params.submissionId, signedInUser(request).id, request.body),
  );

  route(app, learning.getAssignmentLesson, async (request) => {
    // A disabled account reads previews as a visitor does.
    const user: SessionUser | null = await sessionUser(request).catch(() => null);
    return readAssignmentLesson(db, request.params.lessonId, user, settings);
  });

  route(app, learning.deleteAssignmentFile, async (request, reply) => {
    const key = await dropDraftFile(db, request.params.lessonId, signedInUser(request).id);
    if (key) await storage.remove(key);
    return reply.status(204).send(null);
  });

  route(app, learning.handInAssignment, async (request, reply) => {
    const user = signedInUser(request);
    await handIn(db, request.params.lessonId, user.id, request.body);
    return reply.status(201).send(await readAssignmentLesson(db, request.params.lessonId, user, settings));
  });

  route(app, learning.getMyAssignments, async (request) => readMyAssignments(db, signedInUser(request).id));

  const sendFile = async (reply: FastifyReply, file: { key: string; name: string; contentType: string }) => {
    const disposition = attachmentDisposition(file.name);
    reply.headers(DOWNLOAD_HEADERS);
    if (storage.presignedUrl) {
      const url = await storage.presignedUrl(file.key, presignTtl, { contentType: file.contentType, cacheControl: DOWNLOAD_HEADERS['cache-control'], contentDisposition: disposition });
      return reply.redirect(url, 302);
    }
    const stored = await storage.stat(file.key);
    if (!stored) throw fileNotFound();
    reply.type(file.contentType).header('content-disposition', disposition).header('content-length', stored.size);
    return reply.send(storage.read(file.key));
  };

  route(
    app,
    learning.downloadSubmissionFile,
    async (request, reply) => {
      const file = await findDownloadableFile(db, request.params.submissionId, signedInUser(request), 'submitted');
      if (!file) throw fileNotFound();
      return sendFile(reply, file);
    },
    { compress: false },
  );

  route(
    app,
    learning.downloadReturnedFile,
    async (request, reply) => {
      const file = await findDownloadableFile(db, request.params.submissionId, signedInUser(request), 'returned');
      if (!file) throw fileNotFound();
      return sendFile(reply, file);
    },
    { compress: false },
  );

  // The uploads: the body is the file itself, whatever type the browser gave it, read by the
  // handler once the caller is known to may send it, and judged by its bytes.
  await app.register(async (uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    route(uploads, learning.uploadAssignmentFile, async (request) => {
      const user = signedInUser(request);
      const { lessonId } = request.params;
      const { courseId } = await assignmentForLearner(db, lessonId, user.id);
      // Early, so a learner with no room sends no file for nothing; checked again under the lock.
      const declared = declaredLength(request);
      if ((await storedBytesOf(db, user.id, lessonId)) + (declared ?? 0) > settings.maxBytesPerLearner) throw storageFull(settings.maxBytesPerLearner);
      const file = await receiveFile(request, options, { ownerId: user.id, courseId, fileName: request.query.fileName }, (stored) =>
        keepDraftFile(db, { lessonId, userId: user.id, storageKey: stored.key, fileName: stored.name, fileType: stored.type, sizeBytes: stored.sizeBytes }, settings.maxBytesPerLearner),
      );
      return { name: file.name, contentType: file.type, sizeBytes: file.sizeBytes };
    });

    route(uploads, editing.uploadReturnedFile, async (request) => {
      const { id: courseId, submissionId } = request.params;
      await waitingSubmissionOfCourse(db, courseId, submissionId);
      // The reviewer's files count in their own upload allowance while they arrive; one a hand-in.
      const file = await receiveFile(request, options, { ownerId: signedInUser(request).id, courseId, fileName: request.query.fileName }, (stored) =>
        attachReturnedFile(db, courseId, submissionId, stored),
      );
      return { url: `/api/assignment-submissions/${submissionId}/returned-file`, name: file.name, contentType: file.type, sizeBytes: file.sizeBytes };
    });
  });
};
