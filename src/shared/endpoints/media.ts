import { z } from 'zod';
import { databaseId, errorResponse, okResponse } from '../api-schemas';
import { mainVideo, uploadedVideoList } from '../schemas/media';
import { defineEndpoint, pathFor } from './endpoint';

const courseParams = z.object({ courseId: databaseId });
/** 302: with object storage, to a short-lived presigned URL of the bucket, which answers the ranges itself. */
const streamResponses = { 200: z.unknown(), 206: z.unknown(), 302: z.null(), 304: z.null(), 404: errorResponse, 416: errorResponse };

const uploadParams = z.object({ uploadId: z.uuid() });
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
 * Videos: resumable uploads (the tus protocol: its headers carry the offsets and lengths),
 * my unclaimed uploads, and streaming.
 */
export const mediaEndpoints = {
  /** Where tus uploads go: POST creates, then HEAD, PATCH and DELETE `<path><id>`. */
  createUpload: defineEndpoint({
    method: 'POST',
    path: '/api/uploads/',
    access: 'user',
    tags: ['media'],
    summary: 'tus: create an upload (headers Tus-Resumable, Upload-Length, Upload-Metadata)',
    responses: { 201: z.null(), ...uploadRefusals },
  }),
  getUploadOffset: defineEndpoint({
    method: 'HEAD',
    path: '/api/uploads/:uploadId',
    access: 'user',
    tags: ['media'],
    summary: 'tus: how many bytes of my upload the server has (Upload-Offset)',
    params: uploadParams,
    responses: { 200: z.null(), ...uploadRefusals },
  }),
  appendToUpload: defineEndpoint({
    method: 'PATCH',
    path: '/api/uploads/:uploadId',
    access: 'user',
    tags: ['media'],
    summary: 'tus: append bytes at Upload-Offset (body application/offset+octet-stream); the last part answers the video',
    params: uploadParams,
    responses: { 200: z.null(), 204: z.null(), ...uploadRefusals },
  }),
  cancelUpload: defineEndpoint({
    method: 'DELETE',
    path: '/api/uploads/:uploadId',
    access: 'user',
    tags: ['media'],
    summary: 'tus: cancel an unfinished upload of mine',
    params: uploadParams,
    responses: { 204: z.null(), ...uploadRefusals },
  }),
  streamIntroVideo: defineEndpoint({
    method: 'GET',
    path: '/api/videos/courses/:courseId/intro',
    access: 'public',
    tags: ['media'],
    summary: "Stream a course's intro video (HTTP Range, ETag); public while the course is active",
    params: courseParams,
    responses: streamResponses,
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
    responses: { ...streamResponses, 403: errorResponse },
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
    tags: ['media'],
    summary: 'Remove one of my uploads that no course uses yet',
    params: z.object({ videoId: z.uuid() }),
    responses: { 200: okResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
};

/** The URL of a course's public intro video. */
export const introVideoUrl = (courseId: number) => pathFor(mediaEndpoints.streamIntroVideo, { courseId });
