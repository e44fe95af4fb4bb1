import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

// The SDK warns at its first client under Node 20 (its releases from 2027 need Node 22); the tests know.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export const TEST_BUCKET = 'marketplace-test';
const ACCESS_KEY = 'S3RVER';

export type S3TestServer = {
  endpoint: string;
  /** The app's settings for this server and bucket. */
  env: Record<string, string>;
  /** A client of the test's own, to look into the bucket. */
  client: S3Client;
  /** The object's bytes, or null when there is none. */
  objectBytes(key: string): Promise<Buffer | null>;
  /** Every key in the bucket (under a prefix). */
  keys(prefix?: string): Promise<string[]>;
  /** Empties the bucket. */
  clear(): Promise<void>;
  /** Multipart uploads begun and neither completed nor aborted. */
  openMultipartUploads(): Promise<number>;
  close(): Promise<void>;
};

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * s3rver (3.7, the last release) implements multipart uploads but not two of their calls that
 * @tus/s3-store makes: ListParts (how much of an upload arrived, on every PATCH and HEAD) and
 * AbortMultipartUpload (a cancelled upload). Both are answered here from the parts s3rver keeps
 * on disk (`<bucket>/._S3rver_uploads/<upload id>/<part number>` and `.md5`), the way S3 does.
 */
function addMultipartCalls(server: S3rver) {
  const uploadsDir = (bucket: string) => server.store.getResourcePath(bucket, undefined, 'uploads');
  server.middleware.unshift(async (ctx, next) => {
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    const [, bucket, ...keyParts] = ctx.path.split('/');
    if (!uploadId || !bucket || keyParts.length === 0 || 'partNumber' in ctx.query || !/^[0-9a-f]+$/.test(uploadId)) return next();
    const key = decodeURIComponent(keyParts.join('/'));
    const dir = path.join(uploadsDir(bucket), uploadId);
    const exists = await stat(dir).then(
      () => true,
      () => false,
    );
    const noSuchUpload = () => {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${uploadId}</UploadId></Error>`;
    };
    if (ctx.method === 'DELETE') {
      if (!exists) return noSuchUpload();
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method !== 'GET') return next();
    if (!exists) return noSuchUpload();
    const numbers = (await readdir(dir)).filter((name) => /^\d+$/.test(name)).map(Number).sort((a, b) => a - b);
    const marker = Number(ctx.query['part-number-marker'] ?? 0);
    const parts = await Promise.all(
      numbers
        .filter((number) => number > marker)
        .map(async (number) => {
          const file = path.join(dir, String(number));
          const [info, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
          return `<Part><PartNumber>${number}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5.trim()}"</ETag><Size>${info.size}</Size></Part>`;
        }),
    );
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body =
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId>` +
      `<PartNumberMarker>${marker}</PartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  });
}

/**
 * The bucket's CORS rule as S3 takes it (PutBucketCors' XML): pages of these origins may GET
 * (and HEAD) its objects with a Range header, as docs/operations.md tells operators to set.
 */
export const playbackCorsRule = (origins: string[]) =>
  `<CORSConfiguration><CORSRule>${origins.map((origin) => `<AllowedOrigin>${xmlEscape(origin)}</AllowedOrigin>`).join('')}` +
  `<AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>Range</AllowedHeader>` +
  `<ExposeHeader>Content-Length</ExposeHeader><ExposeHeader>Content-Range</ExposeHeader><MaxAgeSeconds>3600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

export type S3ServerOptions = {
  /** A fixed port (the browser tests' servers name it in their settings); a free one otherwise. */
  port?: number;
  /** Origins the bucket's CORS rule lets read it (none: no rule, as a new bucket has). */
  corsOrigins?: string[];
};

/** An S3-speaking server on a loopback port, keeping its bucket in a folder (a temporary one unless given). */
export async function startS3Server(folder?: string, { port: fixedPort = 0, corsOrigins }: S3ServerOptions = {}): Promise<S3TestServer> {
  const directory = folder ?? mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const configs = corsOrigins?.length ? [playbackCorsRule(corsOrigins)] : [];
  const server = new S3rver({ address: '127.0.0.1', port: fixedPort, silent: true, directory, configureBuckets: [{ name: TEST_BUCKET, configs }] });
  addMultipartCalls(server);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: TEST_BUCKET,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: ACCESS_KEY,
  };
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const keys = async (prefix = '') => {
    const found: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: prefix, ContinuationToken }));
      found.push(...(page.Contents ?? []).map((object) => object.Key!));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found.sort();
  };
  return {
    endpoint,
    env,
    client,
    keys,
    async objectBytes(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: TEST_BUCKET, Key: key }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async clear() {
      const all = await keys();
      if (all.length > 0) await client.send(new DeleteObjectsCommand({ Bucket: TEST_BUCKET, Delete: { Objects: all.map((Key) => ({ Key })) } }));
      await rm(server.store.getResourcePath(TEST_BUCKET, undefined, 'uploads'), { recursive: true, force: true });
    },
    async openMultipartUploads() {
      try {
        return (await readdir(server.store.getResourcePath(TEST_BUCKET, undefined, 'uploads'))).length;
      } catch {
        return 0;
      }
    },
    async close() {
      client.destroy();
      await server.close();
      if (!folder) rmSync(directory, { recursive: true, force: true });
    },
  };
}
