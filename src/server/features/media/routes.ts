import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseId, errorResponse, okResponse } from '../../../shared/api-schemas';
import { mainVideo, uploadedVideoList } from '../../../shared/schemas/media';
import { signedInUser } from '../../auth/access';
import { sessionUser, type SessionUser } from '../../auth/guards';
import { AppError } from '../../errors';
import { sendVideo } from './send-video';
import { deleteUnattachedUpload, findCourseVideo, findStreamableVideo, listUnattachedUploads } from './service';
import { deriveVideoUrlKey, streamUrl, verifyStreamToken, type StreamSubject } from './signed-url';
import { incomingDirFor, type VideoStorage } from './storage';
import { uploadRoutes } from './uploads';
import { createVideoProber } from './video-prober';

const courseParams = z.object({ courseId: databaseId });
const streamResponses = { 200: z.unknown(), 206: z.unknown(), 304: z.null(), 404: errorResponse, 416: errorResponse };

/** The intro of a public course may be cached by browsers and CDNs for an hour (ETag revalidates). */
const PUBLIC_CACHE = 'public, max-age=3600';
const PRIVATE_NO_CACHE = 'private, no-cache';

export type MediaOptions = {
  storage: VideoStorage;
  /** Signs the links to the main videos. */
  videoUrlSecret: string;
};

/**
 * Videos: resumable uploads, my unclaimed uploads, and streaming. The intro of an active
 * course is public; the main video plays through a short-lived signed link handed to
 * buyers, the owner and admins.
 */
export const mediaRoutes: FastifyPluginAsyncZod<MediaOptions> = async (app, { storage, videoUrlSecret }) => {
  const { config, db } = app;
  const incomingDir = incomingDirFor(config.dataDir);
  const urlKey = deriveVideoUrlKey(videoUrlSecret);
  const ttlMs = config.videoUrlTtlSeconds * 1000;
  const sendOptions = { accelRedirectPrefix: config.videoAccelRedirectPrefix };

  const signedUrl = (subject: StreamSubject, now = Date.now()) => {
    const expiresAt = new Date(now + ttlMs);
    return { url: streamUrl(urlKey, { ...subject, expiresAt }), expiresAt };
  };

  const probe = createVideoProber({ timeoutMs: config.videoProbeTimeoutMs, maxMemoryMb: config.videoProbeMaxMemoryMb, log: app.log });
  await app.register(uploadRoutes, {
    storage,
    incomingDir,
    maxBytes: config.videoMaxBytes,
    maxUnfinishedPerUser: config.uploadsMaxUnfinishedPerUser,
    maxDeclaredBytesPerUser: config.uploadsMaxDeclaredBytesPerUser,
    probe,
  });

  app.get(
    '/videos/courses/:courseId/intro',
    {
      config: { access: 'public' },
      compress: false,
      schema: {
        tags: ['media'],
        summary: "Stream a course's intro video (HTTP Range, ETag); public while the course is active",
        params: courseParams,
        response: streamResponses,
      },
    },
    async (request, reply) => {
      const found = await findCourseVideo(db, request.params.courseId, 1);
      if (!found) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
      let cacheControl = PUBLIC_CACHE;
      if (found.course.disabledAt) {
        // A disabled course's intro stays visible to its owner and admins only.
        const user: SessionUser | null = await sessionUser(request).catch(() => null);
        if (!user || (!user.isAdmin && user.id !== found.course.ownerId)) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
        cacheControl = PRIVATE_NO_CACHE;
      }
      if (!found.video) throw new AppError('VIDEO_NOT_FOUND', 'This course has no intro video');
      return sendVideo(request, reply, storage, { storageKey: found.video.storageKey, contentType: found.video.contentType, cacheControl }, sendOptions);
    },
  );

  app.get(
    '/videos/courses/:courseId/main',
    {
      config: { access: 'user' },
      schema: {
        tags: ['media'],
        summary: "A short-lived signed link to a course's main video, for its buyers, its owner and admins",
        params: courseParams,
        response: { 200: mainVideo, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { courseId } = request.params;
      const found = await findCourseVideo(db, courseId, 2);
      if (!found) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
      if (!found.video) throw new AppError('VIDEO_NOT_FOUND', 'This course has no main video');
      const grant = { kind: 'course-main' as const, courseId, userId: user.id };
      const video = await findStreamableVideo(db, grant);
      if (!video) throw new AppError('FORBIDDEN', 'Only buyers of this course can watch it');
      const { url, expiresAt } = signedUrl(grant);
      reply.header('cache-control', 'no-store');
      return { url, width: video.width, height: video.height, durationSeconds: video.durationSeconds, expiresAt: expiresAt.toISOString() };
    },
  );

  app.get(
    '/videos/stream/:token',
    {
      config: { access: 'public' },
      compress: false,
      schema: {
        tags: ['media'],
        summary: 'Stream a video through a signed link (HTTP Range, ETag); 403 once expired or altered',
        params: z.object({ token: z.string().max(100) }),
        response: { ...streamResponses, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const grant = verifyStreamToken(urlKey, request.params.token);
      if (!grant) throw new AppError('FORBIDDEN', 'This video link is not valid or has expired');
      // Asked on every request, not only when the link was made: access ends the moment it is taken away.
      const video = await findStreamableVideo(db, grant);
      if (!video) throw new AppError('FORBIDDEN', 'This video link is not valid or has expired');
      const secondsLeft = Math.max(0, Math.floor((grant.expiresAt.getTime() - Date.now()) / 1000));
      return sendVideo(request, reply, storage, { storageKey: video.storageKey, contentType: video.contentType, cacheControl: `private, max-age=${secondsLeft}` }, sendOptions);
    },
  );

  app.get(
    '/videos/uploads',
    {
      config: { access: 'user' },
      schema: {
        tags: ['media'],
        summary: 'My uploaded videos that no course uses yet, oldest first',
        response: { 200: uploadedVideoList, 401: errorResponse },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const rows = await listUnattachedUploads(db, user.id);
      const now = Date.now();
      reply.header('cache-control', 'no-store');
      return {
        items: rows.map((row) => ({
          id: row.id,
          width: row.width,
          height: row.height,
          durationSeconds: row.durationSeconds,
          sizeBytes: row.sizeBytes,
          createdAt: row.createdAt.toISOString(),
          url: signedUrl({ kind: 'upload', videoId: row.id, userId: user.id }, now).url,
        })),
      };
    },
  );

  app.delete(
    '/videos/uploads/:videoId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['media'],
        summary: 'Remove one of my uploads that no course uses yet',
        params: z.object({ videoId: z.uuid() }),
        response: { 200: okResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      await deleteUnattachedUpload(db, storage, user.id, request.params.videoId);
      return { ok: true as const };
    },
  );
};
