import { z } from 'zod';
import { databaseId, errorResponse, idParams, mediaAnswer, okResponse, urlWholeNumber, withAnswerHeaders } from '../api-schemas';
import { lessonImageTypes } from '../limits';
import { captionFileList, type CaptionLanguage, captionLanguages, captionUpload } from '../schemas/captions';
import { curriculumLesson, lessonContent } from '../schemas/curriculum';
import { uploadedLessonImage } from '../schemas/curriculum-editing';
import { mainVideo, uploadedVideo, uploadedVideoList, videoProcessingList } from '../schemas/media';
import { defineEndpoint, optionalSession, pathFor } from './endpoint';

const courseParams = z.object({ courseId: databaseId });
/** 302: with object storage, to a short-lived presigned URL of the bucket, which answers the ranges itself. */
const streamResponses = (contentTypes: readonly [string, ...string[]]) => ({
  200: mediaAnswer(contentTypes),
  206: mediaAnswer(contentTypes),
  302: z.null(),
  304: z.null(),
  404: errorResponse,
  416: errorResponse,
});
const videoResponses = streamResponses(['video/mp4']);
const playlistResponses = streamResponses(['application/vnd.apple.mpegurl']);
const hlsFileResponses = streamResponses(['application/vnd.apple.mpegurl', 'video/mp2t']);
const posterResponses = streamResponses(['image/jpeg']);
const thumbnailsIndexResponses = streamResponses(['text/vtt']);

const uploadParams = z.object({ uploadId: z.uuid() });

/** The files of an HLS copy: the master playlist at the top, a playlist and its segments in each rendition's folder. */
const hlsRendition = z.string().regex(/^\d{2,4}p$/);
const hlsRenditionFile = z.string().regex(/^(index\.m3u8|seg-\d{3,6}\.ts)$/);
const streamToken = z.string().max(100);
const uploadRefusals = {
  400: errorResponse,
  401: errorResponse,
  404: errorResponse,
  409: errorResponse,
  412: errorResponse,
  413: errorResponse,
  415: errorResponse,
  422: errorResponse,
  503: errorResponse,
};

/**
 * The tus protocol's request headers. tus checks them itself and answers its own refusals
 * (412 for another protocol version, 400 for a malformed length or offset…), so their
 * schemas only describe them: each is optional here.
 */
const tusHeader = (description: string) => z.string().optional().describe(description);
const tusResumable = tusHeader('The protocol version: 1.0.0 (412 TUS_VERSION_UNSUPPORTED otherwise)');
const tusAnswerHeaders = { 'Tus-Resumable': 'The protocol version, 1.0.0' };
/** The last part of an upload (or a creation that carries the whole file) answers the stored video. */
const acceptedUpload = uploadedVideo.pick({ id: true, width: true, height: true, durationSeconds: true, sizeBytes: true });

/**
 * Videos: resumable uploads (the tus protocol: its headers carry the offsets and lengths),
 * my unclaimed uploads, and streaming.
 */
export const mediaEndpoints = {
  /** Where tus uploads go: POST creates, then HEAD, PATCH and DELETE `<path>/<id>`. */
  createUpload: defineEndpoint({
    method: 'POST',
    path: '/api/uploads',
    access: 'user',
    effects: [],
    tags: ['media'],
    summary: 'tus: create an upload (headers Tus-Resumable, Upload-Length, Upload-Metadata)',
    headers: z
      .object({
        'tus-resumable': tusResumable,
        'upload-length': tusHeader('The whole file\'s size in bytes (a deferred length is refused)'),
        'upload-metadata': tusHeader('The file\'s name and type, as tus encodes them'),
      })
      .loose(),
    responses: {
      // The stored video when the creation carried the whole file; otherwise an empty object (the data follows by PATCH).
      201: withAnswerHeaders(z.union([acceptedUpload, z.strictObject({})]), { ...tusAnswerHeaders, Location: 'The new upload\'s URL, for HEAD, PATCH and DELETE', 'Upload-Offset': 'The bytes received so far' }),
      ...uploadRefusals,
    },
  }),
  getUploadOffset: defineEndpoint({
    method: 'HEAD',
    path: '/api/uploads/:uploadId',
    access: 'user',
    tags: ['media'],
    summary: 'tus: how many bytes of my upload the server has (Upload-Offset)',
    params: uploadParams,
    headers: z.object({ 'tus-resumable': tusResumable }).loose(),
    responses: {
      200: withAnswerHeaders(z.null(), { ...tusAnswerHeaders, 'Upload-Offset': 'The bytes received so far', 'Upload-Length': 'The whole file\'s size in bytes' }),
      ...uploadRefusals,
    },
  }),
  appendToUpload: defineEndpoint({
    method: 'PATCH',
    path: '/api/uploads/:uploadId',
    access: 'user',
    effects: [],
    tags: ['media'],
    summary: 'tus: append bytes at Upload-Offset (body application/offset+octet-stream); the last part answers the video',
    params: uploadParams,
    headers: z.object({ 'tus-resumable': tusResumable, 'upload-offset': tusHeader('Where these bytes go: the bytes received so far') }).loose(),
    responses: {
      200: withAnswerHeaders(acceptedUpload, { ...tusAnswerHeaders, 'Upload-Offset': 'The bytes received so far: the whole file' }),
      204: withAnswerHeaders(z.null(), { ...tusAnswerHeaders, 'Upload-Offset': 'The bytes received so far' }),
      ...uploadRefusals,
    },
  }),
  cancelUpload: defineEndpoint({
    method: 'DELETE',
    path: '/api/uploads/:uploadId',
    access: 'user',
    effects: [],
    tags: ['media'],
    summary: 'tus: cancel an unfinished upload of mine',
    params: uploadParams,
    headers: z.object({ 'tus-resumable': tusResumable }).loose(),
    responses: { 204: withAnswerHeaders(z.null(), tusAnswerHeaders), ...uploadRefusals },
  }),
  streamIntroVideo: defineEndpoint({
    method: 'GET',
    path: '/api/videos/courses/:courseId/intro',
    access: 'public',
    security: optionalSession,
    tags: ['media'],
    summary: "Stream a course's intro video (HTTP Range, ETag); public while the course is active",
    params: courseParams,
    responses: videoResponses,
  }),
  getMainVideo: defineEndpoint({
    method: 'GET',
    path: '/api/videos/courses/:courseId/main',
    access: 'user',
    tags: ['media'],
    summary: "A short-lived signed link to a course's main video, for its buyers, its owner and admins",
    params: courseParams,
    responses: { 200: mainVideo, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  streamVideo: defineEndpoint({
    method: 'GET',
    path: '/api/videos/stream/:token',
    access: 'public',
    tags: ['media'],
    summary: 'Stream a video through a signed link (HTTP Range, ETag); 403 once expired or altered',
    params: z.object({ token: z.string().max(100) }),
    credentialParams: ['token'],
    responses: { ...videoResponses, 403: errorResponse },
  }),
  streamIntroHlsMaster: defineEndpoint({
    method: 'GET',
    path: '/api/videos/courses/:courseId/intro/hls/master.m3u8',
    access: 'public',
    security: optionalSession,
    tags: ['media'],
    summary: "The HLS master playlist of a course's intro video, once transcoded; public while the course is active",
    params: courseParams,
    responses: playlistResponses,
  }),
  streamIntroHlsFile: defineEndpoint({
    method: 'GET',
    path: '/api/videos/courses/:courseId/intro/hls/:rendition/:file',
    access: 'public',
    security: optionalSession,
    tags: ['media'],
    summary: "A rendition playlist or segment of a course's intro video (HTTP Range, ETag)",
    params: courseParams.extend({ rendition: hlsRendition, file: hlsRenditionFile }),
    responses: hlsFileResponses,
  }),
  streamIntroPoster: defineEndpoint({
    method: 'GET',
    path: '/api/videos/courses/:courseId/poster.jpg',
    access: 'public',
    security: optionalSession,
    tags: ['media'],
    summary: "A frame of a course's intro video (JPEG), once transcoded: the course's picture when it has no cover",
    params: courseParams,
    responses: posterResponses,
  }),
  streamHlsMaster: defineEndpoint({
    method: 'GET',
    path: '/api/videos/hls/:token/master.m3u8',
    access: 'public',
    tags: ['media'],
    summary: "The HLS master playlist of a course's main video through its signed link (the playlists' relative paths keep the link); 403 once expired or altered",
    params: z.object({ token: streamToken }),
    credentialParams: ['token'],
    responses: { ...playlistResponses, 403: errorResponse },
  }),
  streamHlsPoster: defineEndpoint({
    method: 'GET',
    path: '/api/videos/hls/:token/poster.jpg',
    access: 'public',
    tags: ['media'],
    summary: "A frame of a course's main video (JPEG) through its signed link",
    params: z.object({ token: streamToken }),
    credentialParams: ['token'],
    responses: { ...posterResponses, 403: errorResponse },
  }),
  streamHlsFile: defineEndpoint({
    method: 'GET',
    path: '/api/videos/hls/:token/:rendition/:file',
    access: 'public',
    tags: ['media'],
    summary: "A rendition playlist or segment of a course's main video through its signed link (HTTP Range, ETag)",
    params: z.object({ token: streamToken, rendition: hlsRendition, file: hlsRenditionFile }),
    credentialParams: ['token'],
    responses: { ...hlsFileResponses, 403: errorResponse },
  }),
  getMyVideoProcessing: defineEndpoint({
    method: 'GET',
    path: '/api/videos/processing',
    access: 'user',
    tags: ['media'],
    summary: "The processing (HLS transcode) of my courses' videos: queued, processing with its percent, ready, or failed with the reason",
    responses: { 200: videoProcessingList, 401: errorResponse },
  }),
  getCourseVideoProcessing: defineEndpoint({
    method: 'GET',
    path: '/api/courses/:id/videos/processing',
    access: 'course-manager',
    tags: ['media'],
    summary: "The processing of a course's two videos (owner or admin)",
    params: idParams,
    responses: { 200: videoProcessingList, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  retryVideoProcessing: defineEndpoint({
    method: 'POST',
    path: '/api/courses/:id/videos/:position/processing',
    access: 'course-manager',
    effects: ['catalogue'],
    tags: ['media'],
    summary: "Queue a course video's processing again after it failed (owner or admin); 409 unless it failed",
    params: idParams.extend({ position: urlWholeNumber(1, 2) }),
    responses: { 200: videoProcessingList, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse },
  }),
  getMyUploads: defineEndpoint({
    method: 'GET',
    path: '/api/videos/uploads',
    access: 'user',
    tags: ['media'],
    summary: 'My uploaded videos that no course uses yet, oldest first',
    responses: { 200: uploadedVideoList, 401: errorResponse },
  }),
  deleteUpload: defineEndpoint({
    method: 'DELETE',
    path: '/api/videos/uploads/:videoId',
    access: 'user',
    effects: [],
    tags: ['media'],
    summary: 'Remove one of my uploads that no course uses yet',
    params: z.object({ videoId: z.uuid() }),
    responses: { 200: okResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
  streamIntroThumbnailsIndex: defineEndpoint({
    method: 'GET',
    path: '/api/videos/courses/:courseId/intro/hls/thumbnails.vtt',
    access: 'public',
    security: optionalSession,
    tags: ['media'],
    summary: "The timeline's preview thumbnails of a course's intro, once transcoded: a WebVTT index of the sprite's tiles (relative `thumbnails.jpg#xywh=…`)",
    params: courseParams,
    responses: thumbnailsIndexResponses,
  }),
  streamIntroThumbnailsSprite: defineEndpoint({
    method: 'GET',
    path: '/api/videos/courses/:courseId/intro/hls/thumbnails.jpg',
    access: 'public',
    security: optionalSession,
    tags: ['media'],
    summary: "The sprite of a course's intro's preview thumbnails (JPEG)",
    params: courseParams,
    responses: posterResponses,
  }),
  streamHlsThumbnailsIndex: defineEndpoint({
    method: 'GET',
    path: '/api/videos/hls/:token/thumbnails.vtt',
    access: 'public',
    tags: ['media'],
    summary: "The timeline's preview thumbnails of a video through its signed link: a WebVTT index of the sprite's tiles; 403 once expired or altered",
    params: z.object({ token: streamToken }),
    credentialParams: ['token'],
    responses: { ...thumbnailsIndexResponses, 403: errorResponse },
  }),
  streamHlsThumbnailsSprite: defineEndpoint({
    method: 'GET',
    path: '/api/videos/hls/:token/thumbnails.jpg',
    access: 'public',
    tags: ['media'],
    summary: "The sprite of a video's preview thumbnails (JPEG) through its signed link",
    params: z.object({ token: streamToken }),
    credentialParams: ['token'],
    responses: { ...posterResponses, 403: errorResponse },
  }),
};

/** The URL of a course's public intro video. */
export const introVideoUrl = (courseId: number) => pathFor(mediaEndpoints.streamIntroVideo, { courseId });

/** The URL of a course's intro as HLS (its master playlist). */
export const introHlsUrl = (courseId: number) => pathFor(mediaEndpoints.streamIntroHlsMaster, { courseId });

/** The URL of the preview thumbnails' index of a course's intro. */
export const introThumbnailsUrl = (courseId: number) => pathFor(mediaEndpoints.streamIntroThumbnailsIndex, { courseId });

/** The URL of the poster of a course's intro. */
export const introPosterUrl = (courseId: number) => pathFor(mediaEndpoints.streamIntroPoster, { courseId });

const language = z.enum(captionLanguages);
const lessonParams = idParams.extend({ lessonId: databaseId });
const lessonLanguageParams = lessonParams.extend({ language });
const captionsAnswer = { 200: mediaAnswer(['text/vtt']), 304: z.null(), 404: errorResponse };

/**
 * Captions: a teacher attaches a WebVTT or SRT file per language to each video lesson of a
 * course (the intro and main video are its first two lessons); players fetch them as WebVTT
 * with the same protection as the video: the public intro's openly, the others through a
 * signed link of the video's grant that is valid for its captions only.
 */
export const captionsEndpoints = {
  getLessonCaptions: defineEndpoint({
    method: 'GET',
    path: '/api/courses/:id/lessons/:lessonId/captions',
    access: 'course-manager',
    tags: ['captions'],
    summary: "A video lesson's caption files, per language (owner or admin)",
    params: lessonParams,
    responses: { 200: captionFileList, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  putLessonCaptions: defineEndpoint({
    method: 'PUT',
    path: '/api/courses/:id/lessons/:lessonId/captions/:language',
    access: 'course-manager',
    effects: ['catalogue'],
    tags: ['captions'],
    summary: "Attach (or replace) a video lesson's captions in a language: WebVTT, or SRT converted to WebVTT; 422 names the line of a bad cue",
    params: lessonLanguageParams,
    body: captionUpload,
    responses: { 200: captionFileList, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 413: errorResponse, 422: errorResponse },
  }),
  deleteLessonCaptions: defineEndpoint({
    method: 'DELETE',
    path: '/api/courses/:id/lessons/:lessonId/captions/:language',
    access: 'course-manager',
    effects: ['catalogue'],
    tags: ['captions'],
    summary: "Remove a video lesson's captions in a language",
    params: lessonLanguageParams,
    responses: { 200: captionFileList, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  streamIntroCaptions: defineEndpoint({
    method: 'GET',
    path: '/api/videos/courses/:courseId/intro/captions/:language',
    access: 'public',
    security: optionalSession,
    tags: ['captions'],
    summary: "The captions of a course's intro video (WebVTT); public while the course is active",
    params: z.object({ courseId: databaseId, language }),
    responses: captionsAnswer,
  }),
  streamSignedCaptions: defineEndpoint({
    method: 'GET',
    path: '/api/videos/captions/:token/:language',
    access: 'public',
    tags: ['captions'],
    summary: "A video's captions (WebVTT) through a signed caption link (the video's grant, valid for captions only); 403 once expired or altered, or for a link of another kind",
    params: z.object({ token: z.string().max(100), language }),
    credentialParams: ['token'],
    responses: { ...captionsAnswer, 403: errorResponse },
  }),
};

/** The URL of a course intro's captions in a language. */
export const introCaptionsUrl = (courseId: number, language: CaptionLanguage) => pathFor(captionsEndpoints.streamIntroCaptions, { courseId, language });

/** A video's caption tracks under its signed link's token, one per language it has. */
export const signedCaptionTracks = (token: string, languages: readonly CaptionLanguage[] | null | undefined) =>
  (languages ?? []).map((language) => ({ language, url: pathFor(captionsEndpoints.streamSignedCaptions, { token, language }) }));

const lessonIdParams = z.object({ lessonId: databaseId });
const sectionParams = z.object({ id: databaseId, sectionId: databaseId });

/** Lessons: one lesson's content for whoever may take it, and a resource lesson's file upload. */
export const lessonEndpoints = {
  getLessonContent: defineEndpoint({
    method: 'GET',
    path: '/api/lessons/:lessonId',
    access: 'public',
    security: optionalSession,
    tags: ['lessons'],
    summary: "A lesson's content: a video's signed links, a text's HTML, or a file's short-lived download link",
    description:
      'A free-preview lesson is open to anyone, signed in or not. Any other lesson is for the buyers of its course, its owner and admins: 401 UNAUTHENTICATED signed out, 403 NOT_ENROLLED otherwise. A lesson of a disabled course is 404 except to its buyers, its owner and admins (buyers keep what they paid for).',
    params: lessonIdParams,
    responses: { 200: lessonContent, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  uploadLessonResource: defineEndpoint({
    method: 'POST',
    path: '/api/courses/:id/sections/:sectionId/resources',
    access: 'course-manager',
    effects: ['catalogue'],
    tags: ['lessons'],
    summary: 'Add a downloadable PDF as the last lesson of a section of my course',
    description:
      'The body is the PDF itself (`Content-Type: application/pdf`), at most 20 MB, checked by its content; the query gives the lesson title and the file name. It counts in my upload allowance.',
    params: sectionParams,
    query: z.object({ title: z.string().min(1).max(120), fileName: z.string().min(1).max(200) }),
    responses: { 201: curriculumLesson, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 413: errorResponse, 415: errorResponse, 429: errorResponse },
  }),
  uploadLessonImage: defineEndpoint({
    method: 'POST',
    path: '/api/courses/:id/lesson-images',
    access: 'course-manager',
    // A new image changes no page until a lesson's text shows it, which is the curriculum's own write.
    effects: [],
    tags: ['lessons'],
    summary: "Upload an image for my course's text lessons; their Markdown shows it by the URL answered",
    description:
      'The body is the image itself (`Content-Type` image/jpeg, image/png, image/webp or image/gif), at most LESSON_IMAGE_MAX_BYTES, known by its content: anything else (SVG included) is 415 LESSON_IMAGE_NOT_IMAGE. A course owner keeps at most LESSON_IMAGES_MAX_PER_USER images (409 LESSON_IMAGE_LIMIT). A lesson shows no image from anywhere else.',
    params: z.object({ id: databaseId }),
    responses: { 201: uploadedLessonImage, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 413: errorResponse, 415: errorResponse },
  }),
  getLessonImage: defineEndpoint({
    method: 'GET',
    path: '/api/lesson-images/:imageId',
    access: 'public',
    security: optionalSession,
    tags: ['lessons'],
    summary: "A text lesson's image, for whoever may see a lesson that shows it",
    description:
      "The course's buyers, owner and admins see all its images; anyone else, signed in or not, those a free-preview text lesson of the active course shows. 404 otherwise. Served with its type, `nosniff` and a CSP that runs nothing; with object storage, a 302 to a presigned URL of the bucket.",
    params: z.object({ imageId: z.uuid() }),
    responses: { 200: mediaAnswer(lessonImageTypes), 302: z.null(), 400: errorResponse, 404: errorResponse },
  }),
  downloadLessonResource: defineEndpoint({
    method: 'GET',
    path: '/api/resources/:token',
    access: 'public',
    tags: ['lessons'],
    summary: "Download a resource lesson's PDF through the short-lived link its lesson content gave; 403 once expired or altered",
    description:
      'The link is the permission, and each download checks again that its caller may still take the lesson. The file comes as an attachment (`Content-Disposition`), never to be shown in place; with object storage, a 302 to a presigned URL of the bucket that says the same.',
    params: z.object({ token: z.string().max(100) }),
    credentialParams: ['token'],
    responses: { 200: mediaAnswer(['application/pdf']), 302: z.null(), 403: errorResponse, 404: errorResponse },
  }),
};
