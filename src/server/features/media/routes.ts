import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lessonEndpoints, mediaEndpoints, signedCaptionTracks } from '../../../shared/endpoints/media';
import { signedInUser } from '../../auth/access';
import { sessionUser, type SessionUser } from '../../auth/guards';
import { renderLessonText, resourceDownloadLink } from '../curriculum';
import { AppError } from '../../errors';
import { route } from '../../http/route';
import { assertMayTakeLesson } from './lesson-access';
import { sendVideo } from './send-video';
import {
  courseVideoProcessing,
  deleteUnattachedUpload,
  retryVideoProcessing,
  findCourseVideo,
  findLessonForContent,
  findStreamableVideo,
  listMyVideoProcessing,
  listUnattachedUploads,
  type StreamableVideo,
} from './service';
import { createStreamToken, deriveVideoUrlKey, HLS_PATH_PREFIX, streamUrl, verifyStreamToken, type StreamSubject } from './signed-url';
import type { VideoStorage } from '../../storage/video-storage';
import { MASTER_PLAYLIST, POSTER_FILE, RENDITION_PLAYLIST, THUMBNAILS_INDEX, THUMBNAILS_SPRITE } from './transcode';
import { readSmallFile, segmentUrlSeconds, SignedPlaylistCache, withSegmentUrls } from './hls-playlists';
import type { UploadStore } from './upload-stores';
import { MAX_UNUSED_UPLOADS, uploadRoutes } from './uploads';
import { lessonImageRoutes } from './lesson-images';
import { resourceRoutes } from './resources';
import { createVideoProber } from './video-prober';

/** The intro of a public course may be cached by browsers and CDNs for an hour (ETag revalidates). */
const PUBLIC_CACHE = 'public, max-age=3600';
/** A disabled course's intro, seen by its owner or an admin: an answer for who asked, kept by no cache (also where a bucket serves it). */
const PRIVATE_NO_STORE = 'private, no-store';
/** An intro's rendition playlist served from a bucket names presigned URLs: shared caches keep it a minute, well inside their lifetime. */
const INTRO_PLAYLIST_CACHE_SECONDS = 60;

/** The content types of an HLS copy's files. */
const hlsContentType = (file: string) =>
  file.endsWith('.m3u8')
    ? 'application/vnd.apple.mpegurl'
    : file.endsWith('.ts')
      ? 'video/mp2t'
      : file.endsWith('.jpg')
        ? 'image/jpeg'
        : file.endsWith('.vtt')
          ? 'text/vtt'
          : 'application/octet-stream';

/** The files of an HLS copy the app reads and serves itself when the copy is in a bucket. */
const servedByApp = (file: string) => file.endsWith('.m3u8') || file === THUMBNAILS_INDEX;

export type MediaOptions = {
  storage: VideoStorage;
  /** Where unfinished uploads are kept: beside the videos (local disk), or in the bucket. */
  uploads: UploadStore;
  /** Signs the links to the main videos (and, through a key of their own, to resource lessons' files). */
  videoUrlSecret: string;
  /** Where a resource lesson's file is written while it arrives. */
  incomingDir: string;
};

/**
 * Videos: resumable uploads, my unclaimed uploads, and streaming. The intro of an active
 * course is public; the main video plays through a short-lived signed link handed to
 * buyers, the owner and admins. With object storage, each request a link serves is checked
 * here as on the local disk, then redirected to a presigned URL of the bucket that is valid
 * for a minute (S3_PRESIGNED_URL_TTL_SECONDS): the bytes never pass through the app. The HLS
 * playlists are the exception: the app reads and serves them, naming presigned segment URLs.
 */
export const mediaRoutes: FastifyPluginAsyncZod<MediaOptions> = async (app, { storage, uploads, videoUrlSecret, incomingDir }) => {
  const { config, db } = app;
  const urlKey = deriveVideoUrlKey(videoUrlSecret);
  const ttlMs = config.videoUrlTtlSeconds * 1000;
  const sendOptions = { accelRedirectPrefix: config.videoAccelRedirectPrefix, presignedUrlTtlSeconds: config.s3?.presignedUrlTtlSeconds };
  const presignedUrlTtlSeconds = config.s3?.presignedUrlTtlSeconds ?? 60;

  const signedPlaylists = new SignedPlaylistCache(Date.now, app.metrics.cache('hls-playlists'));

  type HlsVideo = { hlsPrefix: string | null; hasThumbnails: boolean; durationSeconds: number };
  /**
   * A file of a video's HLS copy, once access is checked. On the local disk, streamed as any
   * video file. With a bucket, the playlists and the thumbnails' index are read and served by
   * the app (a rendition playlist's segments become presigned URLs of the bucket, valid for
   * `urlSeconds`, whose answers carry the segments' type and caching), and the rest is
   * redirected to presigned URLs.
   */
  const sendHlsFile = async (
    request: FastifyRequest,
    reply: FastifyReply,
    video: HlsVideo,
    file: string,
    caching: { file: string; playlist: string; segmentsPlaylist: string; urlSeconds: number },
  ) => {
    if (!video.hlsPrefix) throw new AppError('VIDEO_NOT_FOUND', 'This video is not transcoded yet');
    if ((file === THUMBNAILS_INDEX || file === THUMBNAILS_SPRITE) && !video.hasThumbnails) throw new AppError('VIDEO_NOT_FOUND', 'This video has no preview thumbnails');
    const storageKey = `${video.hlsPrefix}/${file}`;
    const contentType = hlsContentType(file);
    const { presignedUrl } = storage;
    if (!presignedUrl || !servedByApp(file)) return sendVideo(request, reply, storage, { storageKey, contentType, cacheControl: caching.file }, sendOptions);
    if (!file.endsWith(`/${RENDITION_PLAYLIST}`)) {
      reply.header('cache-control', file.endsWith('.m3u8') ? caching.playlist : caching.file);
      return reply.type(contentType).send(await readSmallFile(storage, storageKey));
    }
    const folder = file.slice(0, file.lastIndexOf('/'));
    // Segments are never rewritten in place (a new transcode has a new prefix): whoever holds a URL may keep the bytes while it is valid.
    const segmentCaching = caching.segmentsPlaylist.startsWith('public') ? 'public' : 'private';
    const text = await signedPlaylists.get(`${segmentCaching} ${storageKey}`, caching.urlSeconds, async (signSeconds) =>
      withSegmentUrls(await readSmallFile(storage, storageKey), (segment) =>
        presignedUrl.call(storage, `${video.hlsPrefix}/${folder}/${segment}`, signSeconds, { contentType: 'video/mp2t', cacheControl: `${segmentCaching}, max-age=${signSeconds}` }),
      ),
    );
    reply.header('cache-control', caching.segmentsPlaylist);
    return reply.type(contentType).send(text);
  };

  const signedUrl = (subject: StreamSubject, now = Date.now()) => {
    const expiresAt = new Date(now + ttlMs);
    return { url: streamUrl(urlKey, { ...subject, expiresAt }), expiresAt };
  };

  const probe = createVideoProber({ timeoutMs: config.videoProbeTimeoutMs, maxMemoryMb: config.videoProbeMaxMemoryMb, limits: config.videoLimits, log: app.log });
  await app.register(uploadRoutes, {
    storage,
    uploads,
    maxBytes: config.videoMaxBytes,
    maxUnfinishedPerUser: config.uploadsMaxUnfinishedPerUser,
    maxDeclaredBytesPerUser: config.uploadsMaxDeclaredBytesPerUser,
    probe,
  });
  // Resource lessons' PDFs count in the same allowance as the videos.
  await app.register(resourceRoutes, {
    storage,
    incomingDir,
    urlSecret: videoUrlSecret,
    maxLessons: config.curriculum.maxLessons,
    uploadLimits: { maxUnfinished: config.uploadsMaxUnfinishedPerUser, maxDeclaredBytes: config.uploadsMaxDeclaredBytesPerUser, maxUnused: MAX_UNUSED_UPLOADS },
    presignedUrlTtlSeconds: config.s3?.presignedUrlTtlSeconds,
  });
  // Text lessons' images, in the same allowance while their bytes arrive.
  await app.register(lessonImageRoutes, {
    storage,
    incomingDir,
    maxBytes: config.lessonImages.maxBytes,
    maxPerUser: config.lessonImages.maxPerUser,
    uploadLimits: { maxUnfinished: config.uploadsMaxUnfinishedPerUser, maxDeclaredBytes: config.uploadsMaxDeclaredBytesPerUser, maxUnused: MAX_UNUSED_UPLOADS },
    presignedUrlTtlSeconds: config.s3?.presignedUrlTtlSeconds,
  });

  /**
   * A course's intro, and how it may be cached: public while the course is active; a
   * disabled course's intro stays visible to its owner and admins only.
   */
  const introOf = async (request: FastifyRequest, courseId: number) => {
    const found = await findCourseVideo(db, courseId, 1);
    if (!found) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
    let cacheControl = PUBLIC_CACHE;
    if (found.course.disabledAt) {
      const user: SessionUser | null = await sessionUser(request).catch(() => null);
      if (!user || (!user.isAdmin && user.id !== found.course.ownerId)) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
      cacheControl = PRIVATE_NO_STORE;
    }
    if (!found.video) throw new AppError('VIDEO_NOT_FOUND', 'This course has no intro video');
    return { video: found.video, cacheControl };
  };

  route(app, mediaEndpoints.streamIntroVideo, async (request, reply) => {
    const { video, cacheControl } = await introOf(request, request.params.courseId);
    return sendVideo(request, reply, storage, { storageKey: video.storageKey, contentType: video.contentType, cacheControl }, sendOptions);
  }, { compress: false });

  /** A file of the intro's HLS copy (its renditions are as public as the intro). */
  const sendIntroHls = async (request: FastifyRequest, reply: FastifyReply, courseId: number, file: string) => {
    const { video, cacheControl } = await introOf(request, courseId);
    // A rendition playlist naming presigned URLs is kept by shared caches a minute at most, and its URLs outlive that.
    const segmentsPlaylist = cacheControl === PUBLIC_CACHE ? `public, max-age=${INTRO_PLAYLIST_CACHE_SECONDS}` : cacheControl;
    const urlSeconds = segmentUrlSeconds(video, 0, presignedUrlTtlSeconds) + INTRO_PLAYLIST_CACHE_SECONDS;
    return sendHlsFile(request, reply, video, file, { file: cacheControl, playlist: cacheControl, segmentsPlaylist, urlSeconds });
  };
  route(app, mediaEndpoints.streamIntroHlsMaster, (request, reply) => sendIntroHls(request, reply, request.params.courseId, MASTER_PLAYLIST), { compress: false });
  route(app, mediaEndpoints.streamIntroHlsFile, (request, reply) => sendIntroHls(request, reply, request.params.courseId, `${request.params.rendition}/${request.params.file}`), { compress: false });
  route(app, mediaEndpoints.streamIntroPoster, (request, reply) => sendIntroHls(request, reply, request.params.courseId, POSTER_FILE), { compress: false });
  route(app, mediaEndpoints.streamIntroThumbnailsIndex, (request, reply) => sendIntroHls(request, reply, request.params.courseId, THUMBNAILS_INDEX), { compress: false });
  route(app, mediaEndpoints.streamIntroThumbnailsSprite, (request, reply) => sendIntroHls(request, reply, request.params.courseId, THUMBNAILS_SPRITE), { compress: false });

  /** A video's signed links under a grant, with its size. */
  const signedVideo = (grant: StreamSubject, video: StreamableVideo) => {
    const { url, expiresAt } = signedUrl(grant);
    // The HLS copy under the same grant: its playlists name their files relatively, so every
    // segment request carries the signed link and is checked like the MP4's.
    const hlsBase = video.hlsPrefix ? `${HLS_PATH_PREFIX}${createStreamToken(urlKey, 'hls', { ...grant, expiresAt })}` : null;
    return {
      url,
      hlsUrl: hlsBase && `${hlsBase}/${MASTER_PLAYLIST}`,
      posterUrl: hlsBase && `${hlsBase}/${POSTER_FILE}`,
      thumbnailsUrl: hlsBase && video.hasThumbnails ? `${hlsBase}/${THUMBNAILS_INDEX}` : null,
      captions: signedCaptionTracks(createStreamToken(urlKey, 'captions', { ...grant, expiresAt }), video.captionLanguages),
      width: video.width,
      height: video.height,
      durationSeconds: video.durationSeconds,
      expiresAt: expiresAt.toISOString(),
    };
  };

  route(app, mediaEndpoints.getMainVideo, async (request, reply) => {
    const user = signedInUser(request);
    const { courseId } = request.params;
    const found = await findCourseVideo(db, courseId, 2);
    if (!found) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
    if (!found.video) throw new AppError('VIDEO_NOT_FOUND', 'This course has no main video');
    const grant = { kind: 'course-main' as const, courseId, userId: user.id };
    const video = await findStreamableVideo(db, grant);
    if (!video) throw new AppError('FORBIDDEN', 'Only buyers of this course can watch it');
    reply.header('cache-control', 'no-store');
    return signedVideo(grant, video);
  });


  route(app, lessonEndpoints.getLessonContent, async (request, reply) => {
    const lesson = await findLessonForContent(db, request.params.lessonId);
    if (!lesson) throw new AppError('LESSON_NOT_FOUND', 'Lesson not found');
    // A disabled account takes previews as a visitor does.
    const user: SessionUser | null = await sessionUser(request).catch(() => null);
    const { mayWatch } = await assertMayTakeLesson(db, user, lesson);
    // Signed links and a learner's access are for the one who asked: no cache keeps them.
    reply.header('cache-control', PRIVATE_NO_STORE);
    const grant: StreamSubject = user ? { kind: 'lesson', lessonId: lesson.id, userId: user.id } : { kind: 'preview', lessonId: lesson.id };
    return {
      id: lesson.id,
      courseId: lesson.courseId,
      title: lesson.title,
      kind: lesson.kind,
      isPreview: lesson.isPreview,
      durationSeconds: lesson.durationSeconds,
      video: lesson.kind === 'video' && lesson.video ? signedVideo(grant, lesson.video) : null,
      html: lesson.kind === 'text' ? renderLessonText(lesson.body ?? '') : null,
      download: lesson.kind === 'resource' ? resourceDownloadLink(lesson, { secret: videoUrlSecret, ttlSeconds: config.videoUrlTtlSeconds, userId: mayWatch ? user!.id : null }) : null,
    };
  });

  route(app, mediaEndpoints.streamVideo, async (request, reply) => {
    const grant = verifyStreamToken(urlKey, 'stream', request.params.token);
    if (!grant) throw new AppError('FORBIDDEN', 'This video link is not valid or has expired');
    // Asked on every request, not only when the link was made: access ends the moment it is taken away.
    const video = await findStreamableVideo(db, grant);
    if (!video) throw new AppError('FORBIDDEN', 'This video link is not valid or has expired');
    const secondsLeft = Math.max(0, Math.floor((grant.expiresAt.getTime() - Date.now()) / 1000));
    return sendVideo(request, reply, storage, { storageKey: video.storageKey, contentType: video.contentType, cacheControl: `private, max-age=${secondsLeft}` }, sendOptions);
  }, { compress: false });

  /** A file of the main video's HLS copy through its signed link: the same checks, on every request, as the MP4. */
  const sendSignedHls = async (request: FastifyRequest, reply: FastifyReply, token: string, file: string) => {
    const grant = verifyStreamToken(urlKey, 'hls', token);
    if (!grant || grant.kind === 'upload') throw new AppError('FORBIDDEN', 'This video link is not valid or has expired');
    const video = await findStreamableVideo(db, grant);
    if (!video) throw new AppError('FORBIDDEN', 'This video link is not valid or has expired');
    const secondsLeft = Math.max(0, Math.floor((grant.expiresAt.getTime() - Date.now()) / 1000));
    const cacheControl = `private, max-age=${secondsLeft}`;
    // Served from a bucket, the playlists hold bearer URLs (or lead to them): no cache keeps them.
    return sendHlsFile(request, reply, video, file, { file: cacheControl, playlist: PRIVATE_NO_STORE, segmentsPlaylist: PRIVATE_NO_STORE, urlSeconds: segmentUrlSeconds(video, secondsLeft, presignedUrlTtlSeconds) });
  };
  route(app, mediaEndpoints.streamHlsMaster, (request, reply) => sendSignedHls(request, reply, request.params.token, MASTER_PLAYLIST), { compress: false });
  route(app, mediaEndpoints.streamHlsPoster, (request, reply) => sendSignedHls(request, reply, request.params.token, POSTER_FILE), { compress: false });
  route(app, mediaEndpoints.streamHlsFile, (request, reply) => sendSignedHls(request, reply, request.params.token, `${request.params.rendition}/${request.params.file}`), { compress: false });
  route(app, mediaEndpoints.streamHlsThumbnailsIndex, (request, reply) => sendSignedHls(request, reply, request.params.token, THUMBNAILS_INDEX), { compress: false });
  route(app, mediaEndpoints.streamHlsThumbnailsSprite, (request, reply) => sendSignedHls(request, reply, request.params.token, THUMBNAILS_SPRITE), { compress: false });

  route(app, mediaEndpoints.getMyVideoProcessing, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { items: await listMyVideoProcessing(db, signedInUser(request).id) };
  });

  route(app, mediaEndpoints.getCourseVideoProcessing, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { items: await courseVideoProcessing(db, request.params.id) };
  });

  route(app, mediaEndpoints.retryVideoProcessing, async (request) => ({
    items: await retryVideoProcessing(db, request.params.id, request.params.position, config.transcode.maxWaitingPerUser),
  }));

  route(app, mediaEndpoints.getMyUploads, async (request, reply) => {
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
  });

  route(app, mediaEndpoints.deleteUpload, async (request) => {
    const user = signedInUser(request);
    await deleteUnattachedUpload(db, storage, user.id, request.params.videoId);
    return { ok: true as const };
  });
};
