import { createReadStream } from 'node:fs';
import { stat as fileStat, unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../../config';
import { contentTypeFor, isValidStorageKey, type ByteRange, type PresignOptions, type PutOptions, type StoredObject, type VideoStorage } from './storage';

/** Files up to this size go up in one PutObject; larger ones in parts of this size (S3 allows 10 000 parts). */
const SINGLE_PUT_MAX_BYTES = 64 * 1024 * 1024;
const PART_BYTES = 64 * 1024 * 1024;

function assertKey(key: string) {
  if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
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
  ) {}

  static async open(settings: S3Settings): Promise<S3Storage> {
    const client = new S3Client(s3ClientConfig(settings));
    const presigner = settings.publicEndpoint ? new S3Client(s3ClientConfig(settings, settings.publicEndpoint)) : client;
    // Where the presigned URLs point, as the SDK builds them (path or virtual-host style, AWS or not): signed locally, nothing is sent.
    const sample = await getSignedUrl(presigner, new GetObjectCommand({ Bucket: settings.bucket, Key: 'origin-check' }), { expiresIn: 60 });
    return new S3Storage(settings, client, presigner, new URL(sample).origin);
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

  close(): void {
    this.client.destroy();
    if (this.presigner !== this.client) this.presigner.destroy();
  }

  async presignedUrl(key: string, expiresInSeconds: number, options: PresignOptions = {}): Promise<string> {
    assertKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(options.contentType ? { ResponseContentType: options.contentType } : {}),
      ...(options.cacheControl ? { ResponseCacheControl: options.cacheControl } : {}),
    });
    return getSignedUrl(this.presigner, command, { expiresIn: expiresInSeconds });
  }
}
