import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat as fileStat, unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetBucketCorsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SignatureV4 } from '@smithy/signature-v4';
import type { S3Settings } from '../config';
import { contentTypeFor, isValidStorageKey, type ByteRange, type PresignOptions, type PutOptions, type StoredObject, type VideoStorage } from './video-storage';

/** Files up to this size go up in one PutObject; larger ones in parts of this size (S3 allows 10 000 parts). */
const SINGLE_PUT_MAX_BYTES = 64 * 1024 * 1024;
const PART_BYTES = 64 * 1024 * 1024;

function assertKey(key: string) {
  if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
}

/** A bucket's CORS rule, as GetBucketCors reads it. */
export type CorsRule = { AllowedOrigins?: string[] | undefined; AllowedMethods?: string[] | undefined; AllowedHeaders?: string[] | undefined };

/** An S3 origin pattern (`*`, an exact origin, or one `*` wildcard such as `https://*.example.com`) against an origin. */
const originMatches = (pattern: string, origin: string) => {
  if (!pattern.includes('*')) return pattern.toLowerCase() === origin.toLowerCase();
  const [before, after] = pattern.toLowerCase().split('*', 2) as [string, string];
  const candidate = origin.toLowerCase();
  return candidate.length >= before.length + after.length && candidate.startsWith(before) && candidate.endsWith(after);
};

/**
 * Whether one of the rules lets pages of `origin` read the bucket's objects: GET allowed, and the
 * Range header (players read segments in ranges), as S3 matches a CORS request against its rules.
 */
export function corsAllowsPlayback(rules: CorsRule[], origin: string): boolean {
  return rules.some(
    (rule) =>
      (rule.AllowedOrigins ?? []).some((pattern) => originMatches(pattern, origin)) &&
      (rule.AllowedMethods ?? []).some((method) => method.toUpperCase() === 'GET') &&
      (rule.AllowedHeaders ?? []).some((header) => header === '*' || header.toLowerCase() === 'range'),
  );
}

/** HeadObject answers a bare 404 (NotFound), GetObject a NoSuchKey error. */
export function isNotFound(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return failure?.name === 'NotFound' || failure?.name === 'NoSuchKey' || failure?.$metadata?.httpStatusCode === 404;
}

/** The client settings every S3 client of the app shares (the storage's, the presigner's, the tus store's). */
export function s3ClientConfig(settings: S3Settings, endpoint = settings.endpoint): S3ClientConfig {
  return {
    region: settings.region,
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // The SDK's default CRC checksums on every upload (aws-chunked bodies) are not understood by
    // every S3-compatible service; checksums are sent where the API requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytesOf = (data: SourceData) => (typeof data === 'string' ? data : ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data));

/** SHA-256 and HMAC-SHA256 for the signer, from node:crypto. */
class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }
  update(data: SourceData) {
    this.hash.update(bytesOf(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

/** RFC 3986 encoding, as SigV4 wants query strings. */
const escape = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

type PresignParts = { key: string; expiresIn: number; query: Record<string, string>; signingDate?: Date };

/**
 * Presigned GET URLs signed directly with SigV4, ~10× cheaper than the SDK's getSignedUrl (which
 * runs a whole command through the client's middleware and endpoint rules, ~0.7 ms of CPU each,
 * more than the rest of the request). The URL's shape (origin, path or host style, the query the
 * SDK adds) is taken from one URL the SDK made, and `S3Storage.open` only uses this signer once
 * it has produced the SDK's very signature for the same request.
 */
class DirectPresigner {
  private readonly signer: SignatureV4;
  constructor(
    private readonly base: URL,
    /** The path before the key: `/<bucket>/` (path style) or `/` (host style). */
    private readonly pathPrefix: string,
    settings: S3Settings,
  ) {
    this.signer = new SignatureV4({
      service: 's3',
      region: settings.region,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      sha256: Sha256,
      uriEscapePath: false,
      applyChecksum: false,
    });
  }

  async presign({ key, expiresIn, query, signingDate }: PresignParts): Promise<string> {
    const signed = await this.signer.presign(
      {
        method: 'GET',
        protocol: this.base.protocol,
        hostname: this.base.hostname,
        ...(this.base.port ? { port: Number(this.base.port) } : {}),
        // Storage keys are letters, digits and `_ . - /` only: nothing in the path needs escaping.
        path: `${this.pathPrefix}${key}`,
        query: { ...query, 'x-id': 'GetObject' },
        // The payload hash S3 expects of a presigned GET; signed into the query string.
        headers: { host: this.base.host, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
      },
      { expiresIn, ...(signingDate ? { signingDate } : {}) },
    );
    const search = Object.entries(signed.query ?? {})
      .map(([name, value]) => `${escape(name)}=${escape(String(value))}`)
      .sort()
      .join('&');
    return `${this.base.origin}${signed.path}?${search}`;
  }
}

/**
 * Videos in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, …), under the
 * same keys as on the local disk. Every app process shares the bucket, so a video uploaded
 * through one plays through any other. Browsers fetch the bytes from presigned URLs that the
 * app hands out once it has checked access: the app never streams video itself.
 */
export class S3Storage implements VideoStorage {
  readonly kind = 's3';

  private constructor(
    readonly settings: S3Settings,
    readonly client: S3Client,
    /** Signs URLs with the address browsers reach (S3_PUBLIC_ENDPOINT), which may not be the one the server uses. */
    private readonly presigner: S3Client,
    readonly mediaOrigin: string,
    /** The direct signer, when it signs exactly as the SDK does for this bucket; otherwise the SDK signs each URL. */
    private readonly direct: DirectPresigner | null,
  ) {}

  static async open(settings: S3Settings): Promise<S3Storage> {
    const client = new S3Client(s3ClientConfig(settings));
    const presigner = settings.publicEndpoint ? new S3Client(s3ClientConfig(settings, settings.publicEndpoint)) : client;
    // Where the presigned URLs point, as the SDK builds them (path or virtual-host style, AWS or not): signed locally, nothing is sent.
    const probe: PresignParts = { key: 'presign-check/video.mp4', expiresIn: 60, query: { 'response-content-type': 'video/mp4' }, signingDate: new Date() };
    const sample = new URL(await S3Storage.sdkPresign(presigner, settings.bucket, probe));
    if (!sample.pathname.endsWith(`/${probe.key}`)) throw new Error(`unexpected presigned URL shape: ${sample.origin}${sample.pathname}`);
    const direct = new DirectPresigner(sample, sample.pathname.slice(0, -probe.key.length), settings);
    const same = new URL(await direct.presign(probe)).searchParams.get('X-Amz-Signature') === sample.searchParams.get('X-Amz-Signature');
    return new S3Storage(settings, client, presigner, sample.origin, same ? direct : null);
  }

  private static sdkPresign(presigner: S3Client, bucket: string, { key, expiresIn, query, signingDate }: PresignParts): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: bucket,
      Key: key,
      ...(query['response-content-type'] ? { ResponseContentType: query['response-content-type'] } : {}),
      ...(query['response-cache-control'] ? { ResponseCacheControl: query['response-cache-control'] } : {}),
      ...(query['response-content-disposition'] ? { ResponseContentDisposition: query['response-content-disposition'] } : {}),
    });
    return getSignedUrl(presigner, command, { expiresIn, ...(signingDate ? { signingDate } : {}) });
  }

  /** Whether URLs are signed directly (the SDK's own signature checked at open), for the tests. */
  get signsDirectly(): boolean {
    return this.direct !== null;
  }

  get bucket(): string {
    return this.settings.bucket;
  }

  async stat(key: string): Promise<StoredObject | null> {
    assertKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  read(key: string, range?: ByteRange): Readable {
    assertKey(key);
    const { client, bucket } = this;
    async function* bytes() {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      // Destroying the returned stream ends this generator, which destroys the response body.
      yield* answer.Body as Readable;
    }
    return Readable.from(bytes(), { objectMode: false });
  }

  async importFile(localPath: string, key: string, options: PutOptions = {}): Promise<void> {
    await this.putFile(localPath, key, options);
    await unlink(localPath);
  }

  async putFile(localPath: string, key: string, options: PutOptions = {}): Promise<void> {
    assertKey(key);
    const { size } = await fileStat(localPath);
    const described = { Bucket: this.bucket, Key: key, ContentType: options.contentType ?? contentTypeFor(key) };
    if (size <= SINGLE_PUT_MAX_BYTES) {
      await this.client.send(new PutObjectCommand({ ...described, Body: createReadStream(localPath), ContentLength: size }));
      return;
    }
    // A large file in parts: the object appears whole when the upload completes, or not at all.
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand(described));
    try {
      const parts = [];
      for (let start = 0, number = 1; start < size; start += PART_BYTES, number++) {
        const end = Math.min(size, start + PART_BYTES) - 1;
        const { ETag } = await this.client.send(
          new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId, PartNumber: number, Body: createReadStream(localPath, { start, end }), ContentLength: end - start + 1 }),
        );
        parts.push({ ETag, PartNumber: number });
      }
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId })).catch(() => {});
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    assertKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async removePrefix(prefix: string): Promise<number> {
    assertKey(prefix);
    let removed = 0;
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${prefix}/`, ContinuationToken }));
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) {
        await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
        removed += keys.length;
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return removed;
  }

  /**
   * Why browsers on `publicUrl`'s pages could not play HLS from the bucket (hls.js reads the
   * segments with fetch, which the bucket must allow by its CORS rule), or null when its rule
   * allows them. Reads the rule with GetBucketCors; checked at start, for a warning.
   */
  async browserAccessProblem(publicUrl: string): Promise<string | null> {
    const origin = new URL(publicUrl).origin;
    let rules: CorsRule[];
    try {
      rules = (await this.client.send(new GetBucketCorsCommand({ Bucket: this.bucket }))).CORSRules ?? [];
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'NoSuchCORSConfiguration') rules = [];
      else return `could not read the CORS rule of bucket ${this.bucket} (${name ?? String(error)}): check it allows GET with the Range header from ${origin} (docs/operations.md)`;
    }
    if (corsAllowsPlayback(rules, origin)) return null;
    return `bucket ${this.bucket} has no CORS rule allowing GET with the Range header from ${origin}: browsers will not play HLS videos from it (see docs/operations.md for the rule)`;
  }

  close(): void {
    this.client.destroy();
    if (this.presigner !== this.client) this.presigner.destroy();
  }

  async presignedUrl(key: string, expiresInSeconds: number, options: PresignOptions = {}): Promise<string> {
    assertKey(key);
    const query: Record<string, string> = {};
    if (options.contentType) query['response-content-type'] = options.contentType;
    if (options.cacheControl) query['response-cache-control'] = options.cacheControl;
    if (options.contentDisposition) query['response-content-disposition'] = options.contentDisposition;
    const parts = { key, expiresIn: expiresInSeconds, query };
    return this.direct ? this.direct.presign(parts) : S3Storage.sdkPresign(this.presigner, this.bucket, parts);
  }
}
