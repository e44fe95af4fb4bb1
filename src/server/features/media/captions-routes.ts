import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captionsEndpoints } from '../../../shared/endpoints/media';
import { captionLimits } from '../../../shared/limits';
import type { CaptionLanguage } from '../../../shared/schemas/captions';
import { sessionUser, type SessionUser } from '../../auth/guards';
import { deriveVideoUrlKey, verifyStreamToken } from './stream-tokens';
import { findStreamableVideo } from './streamable-videos';
import { AppError } from '../../errors';
import { route } from '../../http/route';
import { deleteCaptions, findIntro, findLessonVideo, listCaptionFiles, readCaptions, saveCaptions } from './captions';

/** As the intro video: a public course's captions may be cached for an hour (the ETag revalidates). */
const PUBLIC_CACHE = 'public, max-age=3600';
const PRIVATE_NO_STORE = 'private, no-store';

/**
 * Captions: the course editor's files per video lesson and language, and the WebVTT players
 * fetch, with the protection of the video they belong to: a public intro's openly, any other
 * through a signed link of the video's grant made for captions only (it opens no video), asked again on every request (a refund ends them too).
 */
export const captionsRoutes: FastifyPluginAsyncZod<{ videoUrlSecret: string }> = async (app, { videoUrlSecret }) => {
  const { db } = app;
  const urlKey = deriveVideoUrlKey(videoUrlSecret);

  route(app, captionsEndpoints.getLessonCaptions, async (request, reply) => {
    const video = await findLessonVideo(db, request.params.id, request.params.lessonId);
    reply.header('cache-control', 'no-store');
    return { items: await listCaptionFiles(db, video.videoId) };
  });

  route(app, captionsEndpoints.putLessonCaptions, async (request) => {
    const video = await findLessonVideo(db, request.params.id, request.params.lessonId);
    await saveCaptions(db, video, request.params.language, request.body);
    return { items: await listCaptionFiles(db, video.videoId) };
    // Room for the largest file the schema takes, escaped as JSON: the size cap itself answers a translated error.
  }, { bodyLimit: captionLimits.maxBytes * 6 });

  route(app, captionsEndpoints.deleteLessonCaptions, async (request) => {
    const video = await findLessonVideo(db, request.params.id, request.params.lessonId);
    await deleteCaptions(db, video.videoId, request.params.language);
    return { items: await listCaptionFiles(db, video.videoId) };
  });

  /** The WebVTT of a video in a language, with a validator: 304 when the player's copy is current. */
  const sendCaptions = async (request: FastifyRequest, reply: FastifyReply, videoId: string, language: CaptionLanguage, cacheControl: string) => {
    const captions = await readCaptions(db, videoId, language);
    if (!captions) throw new AppError('CAPTIONS_NOT_FOUND', 'This video has no captions in that language');
    const etag = `"${createHash('sha256').update(captions.vtt).digest('base64url').slice(0, 22)}"`;
    reply.header('etag', etag).header('cache-control', cacheControl);
    const ifNoneMatch = request.headers['if-none-match'];
    if (typeof ifNoneMatch === 'string' && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.status(304).send();
    return reply.type('text/vtt; charset=utf-8').send(captions.vtt);
  };

  route(app, captionsEndpoints.streamIntroCaptions, async (request, reply) => {
    const intro = await findIntro(db, request.params.courseId);
    if (!intro) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
    // The intro's rule: public while the course is active; a disabled course's, for its owner and admins only.
    let cacheControl = PUBLIC_CACHE;
    if (intro.disabledAt) {
      const user: SessionUser | null = await sessionUser(request).catch(() => null);
      if (!user || (!user.isAdmin && user.id !== intro.ownerId)) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
      cacheControl = PRIVATE_NO_STORE;
    }
    if (!intro.videoId) throw new AppError('VIDEO_NOT_FOUND', 'This course has no intro video');
    return sendCaptions(request, reply, intro.videoId, request.params.language, cacheControl);
  });

  route(app, captionsEndpoints.streamSignedCaptions, async (request, reply) => {
    const grant = verifyStreamToken(urlKey, 'captions', request.params.token);
    if (!grant) throw new AppError('FORBIDDEN', 'This video link is not valid or has expired');
    // Asked on every request, as for the video's own files: access ends the moment it is taken away.
    const video = await findStreamableVideo(db, grant);
    if (!video) throw new AppError('FORBIDDEN', 'This video link is not valid or has expired');
    const secondsLeft = Math.max(0, Math.floor((grant.expiresAt.getTime() - Date.now()) / 1000));
    return sendCaptions(request, reply, video.id, request.params.language, `private, max-age=${secondsLeft}`);
  });
};
