import { z } from 'zod';
import { databaseId, errorResponse, idParams, mediaAnswer } from '../api-schemas';
import { captionFileList, captionLanguages, captionUpload, type CaptionLanguage } from '../schemas/captions';
import { defineEndpoint, optionalSession, pathFor } from './endpoint';

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
