import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Metadata, ERRORS as TUS_ERRORS, Server as TusServer } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mediaEndpoints } from '../../../shared/endpoints/media';
import type { ErrorCode } from '../../../shared/errors';
import { signedInUser } from '../../auth/access';
import type { SessionUser } from '../../auth/guards';
import { AppError } from '../../errors';
import { errorBody, isDatabaseUnavailable } from '../../http/errors-plugin';
import { route } from '../../http/route';
import { findUploadInProgress, forgetUploadInProgress, recordUpload, reserveUpload, uploadStorageKey } from './service';
import type { VideoStorage } from '../../storage/video-storage';
import type { UploadStore } from './upload-stores';
import type { VideoProber } from './video-prober';

export type UploadOptions = {
  storage: VideoStorage;
  /** Where unfinished uploads are kept (local files, or multipart uploads in the bucket). */
  uploads: UploadStore;
  maxBytes: number;
  /** Per user: unfinished uploads at once, and the bytes they declare in total. */
  maxUnfinishedPerUser: number;
  maxDeclaredBytesPerUser: number;
  /** Reads a finished upload's shape, away from the request thread. */
  probe: VideoProber;
  /** Called with each finished, accepted upload (its id is the tus upload id). */
  onAccepted?: (videoId: string) => void;
};

type TusRequest = Parameters<NonNullable<ConstructorParameters<typeof TusServer>[0]['onIncomingRequest']>>[0];
type TusError = { status_code: number; body: string };

const TUS_PATH = '/api/uploads';
/** The body of a creation that carried no data (the document's 201: an empty object until the last part arrives). */
const UNFINISHED_CREATION_BODY = '{}';
const TUS_VERSION = '1.0.0';

/** A course needs two; a few spare, but nobody fills the disk with videos no course uses. */
export const MAX_UNUSED_UPLOADS = 10;

const json = (code: ErrorCode, message: string) => JSON.stringify(errorBody(code, message));

/**
 * The disk (or bucket) under the uploads failed: full, read-only, gone. tus reports a failed
 * write as its FILE_WRITE_ERROR; the file store and the video storage throw the system call's
 * error (ENOSPC, EROFS, EACCES, ENOTDIR, EIO…, or ECONNREFUSED for a bucket out of reach), the
 * bucket its service error. Nothing the client did: it may try again later.
 */
function isStorageFailure(error: unknown): boolean {
  if (error === TUS_ERRORS.FILE_WRITE_ERROR) return true;
  const failure = error as { syscall?: unknown; code?: unknown; $metadata?: unknown } | null;
  // The bucket's own refusals and failures (the AWS SDK's service errors), whatever their status.
  if (typeof failure?.$metadata === 'object' && failure.$metadata !== null) return true;
  return typeof failure?.syscall === 'string' && typeof failure.code === 'string';
}

const STORAGE_UNAVAILABLE_MESSAGE = 'The video could not be stored right now; upload it again shortly';

/** tus's own refusals, in the API's error vocabulary. */
function codeForTusStatus(status: number): ErrorCode {
  if (status === 413) return 'VIDEO_TOO_LARGE';
  if (status === 404 || status === 410) return 'VIDEO_NOT_FOUND';
  if (status === 409 || status === 423) return 'CONFLICT';
  if (status === 403) return 'FORBIDDEN';
  return 'BAD_REQUEST';
}

const isByteCount = (value: string) => /^(0|[1-9]\d*)$/.test(value) && Number.isSafeInteger(Number(value));

/**
 * The request headers tus itself checks before its handlers (as @tus/server's header
 * validator does), which it would refuse in plain text: refused here first, in the API's shape.
 */
const tusHeaderRules: Record<string, (value: string, method: string) => boolean> = {
  'upload-offset': isByteCount,
  'upload-length': isByteCount,
  'upload-defer-length': (value) => value === '1',
  'upload-metadata': (value) => {
    try {
      Metadata.parse(value);
      return true;
    } catch {
      return false;
    }
  },
  'upload-concat': (value) => value === 'partial' || value.startsWith('final;'),
  'x-forwarded-proto': (value) => value === 'http' || value === 'https',
  'tus-version': (value) => value === TUS_VERSION,
  // Only a PATCH carries bytes; other methods' content types are ignored, as tus does.
  'content-type': (value, method) => method !== 'PATCH' || value === 'application/offset+octet-stream',
};

function refuseInvalidTusHeaders(request: FastifyRequest) {
  const invalid = Object.entries(tusHeaderRules)
    .filter(([name, isValid]) => {
      const value = request.headers[name];
      return value !== undefined && !isValid(Array.isArray(value) ? value.join(', ') : value, request.method);
    })
    .map(([name]) => name);
  if (invalid.length > 0) throw new AppError('BAD_REQUEST', `Invalid ${invalid.join(', ')}`);
}

/**
 * Resumable video uploads over the tus protocol at /api/uploads. Only signed-in users may
 * upload, and only the uploader may resume, inspect or cancel an upload. A finished upload
 * is checked (an MP4 with a video track, whatever its name), moved into video storage and
 * recorded as a `course_videos` row of the uploader that no course has claimed yet.
 */
export const uploadRoutes: FastifyPluginAsyncZod<UploadOptions> = async (
  scope,
  { storage, uploads, maxBytes, maxUnfinishedPerUser, maxDeclaredBytesPerUser, probe, onAccepted },
) => {
  const { datastore } = uploads;
  const limits = { maxUnfinished: maxUnfinishedPerUser, maxDeclaredBytes: maxDeclaredBytesPerUser, maxUnused: MAX_UNUSED_UPLOADS };
  /** The signed-in user of each request tus handles, resolved by the route before tus runs. */
  const uploaders = new WeakMap<IncomingMessage, SessionUser>();

  const uploaderOf = (req: TusRequest): SessionUser => {
    const raw = (req as TusRequest & { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    const user = raw ? uploaders.get(raw) : undefined;
    if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
    return user;
  };

  /** A refused or failed upload leaves nothing behind: its files and its row go. */
  const removeIncoming = async (id: string) => {
    await uploads.discard(id);
    await forgetUploadInProgress(scope.db, id);
  };

  const tus = new TusServer({
    path: TUS_PATH,
    datastore,
    maxSize: maxBytes,
    relativeLocation: true,
    namingFunction: () => randomUUID(),
    // tus takes the id from the end of the whole URL, query string included: `?x=1` became part of
    // the id, which the database then refused as no UUID (a 500). The id is the path's last
    // segment, which the route has already checked is a UUID.
    getFileIdFromRequest: (req) => new URL(req.url, 'http://localhost').pathname.split('/').at(-1),
    // Once finished, an upload is a video of the user's: it is removed through the videos API.
    disableTerminationForFinishedUploads: true,
    async onIncomingRequest(req, uploadId) {
      const user = uploaderOf(req);
      if (req.method === 'POST') return;
      // The server's record decides, not the files: someone else's upload looks exactly like a missing one.
      const recorded = await findUploadInProgress(scope.db, uploadId);
      if (recorded?.ownerId !== user.id) throw new AppError('VIDEO_NOT_FOUND', 'Upload not found');
    },
    async onUploadCreate(req, upload) {
      const user = uploaderOf(req);
      // Deferred lengths are refused before tus runs, so every upload declares its size here.
      if (upload.size === undefined) throw new AppError('UPLOAD_LENGTH_REQUIRED', 'Declare the upload\'s length (Upload-Length)');
      await reserveUpload(scope.db, { id: upload.id, ownerId: user.id, declaredBytes: upload.size }, limits);
      return { metadata: { ...upload.metadata, ownerId: user.id } };
    },
    async onUploadFinish(req, upload) {
      const user = uploaderOf(req);
      let info;
      try {
        info = await probe(uploads.probeSource(upload.id, upload.size ?? 0));
      } catch (error) {
        await removeIncoming(upload.id);
        throw error;
      }
      const storageKey = uploadStorageKey(upload.id);
      try {
        // Before the row is recorded: from then on the sweeper takes what is left of the upload for a stray.
        await uploads.keep(upload.id, storageKey);
      } catch (error) {
        // Nothing half-made stays behind: the received bytes go, and the client starts the upload over.
        scope.log.error({ err: error, uploadId: upload.id }, 'storing a finished upload failed');
        await removeIncoming(upload.id).catch(() => {});
        throw new AppError('SERVICE_UNAVAILABLE', STORAGE_UNAVAILABLE_MESSAGE);
      }
      try {
        await recordUpload(scope.db, { id: upload.id, ownerId: user.id, storageKey, sizeBytes: upload.size ?? 0, ...info });
      } catch (error) {
        await storage.remove(storageKey);
        // Its bytes are gone: if the row could not go with them, the sweeper removes it.
        await forgetUploadInProgress(scope.db, upload.id).catch(() => {});
        throw error;
      }
      onAccepted?.(upload.id);
      const body = JSON.stringify({ id: upload.id, ...info, sizeBytes: upload.size ?? 0 });
      // A PATCH may answer 200 with a body (tus clients accept any 2xx); a POST must stay 201 to keep its Location.
      return { ...(req.method === 'PATCH' ? { status_code: 200 } : {}), headers: { 'Content-Type': 'application/json' }, body };
    },
    onResponseError(_req, error) {
      if (error instanceof AppError) return { status_code: error.statusCode, body: JSON.stringify(errorBody(error.code, error.message, error.fields)) };
      if (isStorageFailure(error)) {
        scope.log.error({ err: error }, 'upload storage failed');
        return { status_code: 503, body: json('SERVICE_UNAVAILABLE', STORAGE_UNAVAILABLE_MESSAGE) };
      }
      if (isDatabaseUnavailable(error)) {
        scope.log.error({ err: error }, 'database unavailable');
        return { status_code: 503, body: json('SERVICE_UNAVAILABLE', 'The service is briefly unavailable, try again shortly') };
      }
      const status = (error as Partial<TusError>).status_code ?? 500;
      if (status >= 500) {
        scope.log.error({ err: error }, 'upload failed');
        return { status_code: 500, body: json('INTERNAL', 'Something went wrong on our side') };
      }
      const message = ((error as Partial<TusError>).body ?? '').trim() || 'The upload request was refused';
      return { status_code: status, body: json(codeForTusStatus(status), message) };
    },
  });

  // tus reads the raw request body itself: no parser may consume it.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

  /**
   * tus sends every refusal as text/plain, whatever its body: `onResponseError` makes each body
   * the API's JSON error, so its type must say JSON too. tus hands its headers to `writeHead` as
   * a flat list of names and values.
   */
  const sendTusRefusalsAsJson = (response: FastifyReply['raw']) => {
    const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => typeof response;
    const end = response.end.bind(response) as (...args: unknown[]) => typeof response;
    let unfinishedCreation = false;
    response.writeHead = ((status: number, ...rest: unknown[]) => {
      const headers = rest.find(Array.isArray) as unknown[] | undefined;
      if (headers) {
        for (let index = 0; index + 1 < headers.length; index += 2) {
          if (String(headers[index]).toLowerCase() !== 'content-type' || !String(headers[index + 1]).startsWith('text/plain')) continue;
          headers[index + 1] = 'application/json; charset=utf-8';
          // A creation without the whole file: tus answers it with an empty text body; the API's is
          // an empty JSON object, and the offset the upload is at (0: the data comes by PATCH).
          if (status === 201) unfinishedCreation = true;
        }
        if (unfinishedCreation) {
          const lengthAt = headers.findIndex((name, index) => index % 2 === 0 && String(name).toLowerCase() === 'content-length');
          if (lengthAt === -1) headers.push('Content-Length', String(UNFINISHED_CREATION_BODY.length));
          else headers[lengthAt + 1] = String(UNFINISHED_CREATION_BODY.length);
          if (!headers.some((name, index) => index % 2 === 0 && String(name).toLowerCase() === 'upload-offset')) headers.push('Upload-Offset', '0');
        }
      }
      return writeHead(status, ...rest);
    }) as typeof response.writeHead;
    response.end = ((...args: unknown[]) => (unfinishedCreation ? end(UNFINISHED_CREATION_BODY, ...args.filter((arg) => typeof arg === 'function')) : end(...args))) as typeof response.end;
  };

  const handleWithTus = async (request: FastifyRequest, reply: FastifyReply) => {
    // Visitors and disabled accounts are refused here, in the API's usual JSON.
    uploaders.set(request.raw, signedInUser(request));
    // tus would answer a missing or other protocol version in plain text; say it in the API's shape.
    if (request.headers['tus-resumable'] !== TUS_VERSION) {
      reply.header('tus-version', TUS_VERSION);
      throw new AppError('TUS_VERSION_UNSUPPORTED', `Send Tus-Resumable: ${TUS_VERSION}`);
    }
    refuseInvalidTusHeaders(request);
    // An upload of unknown length could not be counted against the user's upload space.
    if (request.method === 'POST' && request.headers['upload-defer-length'] !== undefined) {
      throw new AppError('UPLOAD_LENGTH_REQUIRED', 'Declare the upload\'s length (Upload-Length); deferred lengths are not accepted');
    }
    reply.hijack();
    sendTusRefusalsAsJson(reply.raw);
    try {
      await tus.handle(request.raw, reply.raw);
    } catch (error) {
      request.log.error({ err: error }, 'upload handler failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(json('INTERNAL', 'Something went wrong on our side'));
      } else reply.raw.destroy();
    }
  };

  route(scope, mediaEndpoints.createUpload, handleWithTus);
  route(scope, mediaEndpoints.getUploadOffset, handleWithTus);
  route(scope, mediaEndpoints.appendToUpload, handleWithTus);
  route(scope, mediaEndpoints.cancelUpload, handleWithTus);
};
