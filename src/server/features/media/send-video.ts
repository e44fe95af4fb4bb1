import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { errorBody } from '../../http/errors-plugin';
import { entityTag, ifRangeHolds, noneMatchHits, notModifiedSince, parseRange } from './http-range';
import type { VideoStorage } from '../../storage/video-storage';

export type VideoToSend = { storageKey: string; contentType: string; cacheControl: string };
export type SendOptions = {
  accelRedirectPrefix?: string | undefined;
  /** How long the presigned URL a storage that can serve browsers itself (a bucket) is redirected to stays valid. */
  presignedUrlTtlSeconds?: number | undefined;
};

const DEFAULT_PRESIGNED_URL_TTL_SECONDS = 60;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/**
 * Streams a stored video with HTTP range support: 200 for the whole file, 206 for one
 * byte range, 304 when the client's copy is current, 416 for a range it cannot have. A
 * storage that serves browsers itself (a bucket) gets them redirected (302) to a presigned
 * URL instead: the caller has checked access, and the storage answers the ranges.
 */
export async function sendVideo(request: FastifyRequest, reply: FastifyReply, storage: VideoStorage, video: VideoToSend, options: SendOptions = {}) {
  if (storage.presignedUrl) {
    const ttl = options.presignedUrlTtlSeconds ?? DEFAULT_PRESIGNED_URL_TTL_SECONDS;
    // A request in CORS mode (it carries Origin: a <video crossorigin> and its poster, hls.js)
    // gets a URL of its own (a second longer), so that the browser never answers it with a copy
    // of the same object it cached for a plain <img> without the bucket's CORS headers.
    const corsMode = header(request, 'origin') !== undefined;
    // Signed here, without a request to the storage: a missing object is the storage's 404 to tell.
    const url = await storage.presignedUrl(video.storageKey, corsMode ? ttl + 1 : ttl, { contentType: video.contentType, cacheControl: video.cacheControl });
    // The browser may reuse the redirect while the URL it names has at least half its life left.
    reply.header('cache-control', `private, max-age=${Math.floor(ttl / 2)}`);
    reply.header('vary', 'Origin');
    return reply.redirect(url, 302);
  }
  if (options.accelRedirectPrefix) {
    // nginx sends the file (with ranges and validators, and its own 404 should it be missing);
    // the app only said who may have it, without touching the disk.
    reply.header('x-accel-redirect', `${options.accelRedirectPrefix}${video.storageKey.split('/').map(encodeURIComponent).join('/')}`);
    reply.header('cache-control', video.cacheControl);
    return reply.type(video.contentType).send();
  }
  const stored = await storage.stat(video.storageKey);
  if (!stored) throw new AppError('VIDEO_NOT_FOUND', 'Video not found');
  const etag = entityTag(stored.size, stored.modifiedAt);

  reply.header('accept-ranges', 'bytes');
  reply.header('etag', etag);
  reply.header('last-modified', stored.modifiedAt.toUTCString());
  reply.header('cache-control', video.cacheControl);

  const ifNoneMatch = header(request, 'if-none-match');
  const notModified = ifNoneMatch !== undefined ? noneMatchHits(ifNoneMatch, etag) : notModifiedSince(header(request, 'if-modified-since'), stored.modifiedAt);
  if (notModified) return reply.status(304).send();

  const range = ifRangeHolds(header(request, 'if-range'), etag, stored.modifiedAt)
    ? parseRange(header(request, 'range'), stored.size)
    : ({ kind: 'full' } as const);

  if (range.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${stored.size}`);
    return reply.status(416).type('application/json').send(errorBody('RANGE_NOT_SATISFIABLE', `The file has ${stored.size} bytes`));
  }

  reply.type(video.contentType);
  const isHead = request.method === 'HEAD';
  const span = range.kind === 'partial' ? range : { start: 0, end: stored.size - 1 };
  if (range.kind === 'partial') {
    reply.status(206);
    reply.header('content-range', `bytes ${span.start}-${span.end}/${stored.size}`);
  }
  reply.header('content-length', span.end - span.start + 1);
  if (isHead || stored.size === 0) return reply.send(Readable.from([]));
  if (!storage.writeTo) return reply.send(storage.read(video.storageKey, span));

  // The storage writes into the socket itself (reused buffers, read-ahead): the reply is ours from here.
  reply.header('x-request-id', request.id);
  reply.hijack();
  const response = reply.raw;
  response.writeHead(reply.statusCode, reply.getHeaders() as Record<string, string | number | string[]>);
  try {
    await storage.writeTo(video.storageKey, span, response);
  } catch (error) {
    request.log.error({ err: error, storageKey: video.storageKey }, 'video stream failed');
    response.destroy();
  }
}
