import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/server';
import type { Database } from '../../db/client';
import type { S3Storage } from '../../storage/s3-storage';
import { removeUnreferencedFiles } from './video-files';
import { forgetUploadInProgress, recordUploadWrite, uploadStorageKey } from './service';
import { readBytes, type VideoStorage } from '../../storage/video-storage';
import type { ProbeSource } from './video-prober';

/**
 * Where the tus server keeps uploads while they arrive, and what becomes of a finished one:
 * on the local disk, files in DATA_DIR/uploads-incoming that are moved into the videos folder;
 * with object storage, a multipart upload straight into the bucket, at the key the video keeps.
 */
export interface UploadStore {
  /** The tus data store. */
  readonly datastore: DataStore;
  /** What the probe reads of a finished upload: a local file, or ranged reads of the object. */
  probeSource(id: string, size: number): ProbeSource;
  /** Puts a finished, accepted upload's bytes under the storage key and drops the store's own bookkeeping. */
  keep(id: string, storageKey: string): Promise<void>;
  /** The names of the uploads the store holds something of (upload ids, or strays that are not). */
  listIds(): Promise<string[]>;
  /** Removes what the store holds of an upload; bytes a video row already points at stay. */
  discard(id: string): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's base must take any arguments
type StoreClass = new (...args: any[]) => DataStore;

/**
 * The tus store, keeping the `uploads_in_progress` rows in step with the files: the server
 * records the time of every write that brought bytes (an upload's idle time is measured from
 * it, not from the file's modification time), and a cancelled upload frees its row.
 */
function recordingWrites<Base extends StoreClass>(Store: Base, db: Database) {
  return class Recorded extends Store {
    override async create(upload: Parameters<DataStore['create']>[0]) {
      try {
        return await super.create(upload);
      } catch (error) {
        await forgetUploadInProgress(db, upload.id).catch(() => {});
        throw error;
      }
    }

    override async write(readable: Parameters<DataStore['write']>[0], id: string, offset: number) {
      const newOffset = await super.write(readable, id, offset);
      // Only bytes count: empty PATCHes cannot keep an upload (and its place) alive.
      if (newOffset > offset) await recordUploadWrite(db, id);
      return newOffset;
    }

    override async remove(id: string) {
      await super.remove(id);
      await forgetUploadInProgress(db, id);
    }
  };
}

/** Unfinished uploads as files on the local disk, beside the videos so that finishing one is a rename. */
export async function localUploadStore({ incomingDir, storage, db }: { incomingDir: string; storage: VideoStorage; db: Database }): Promise<UploadStore> {
  // Created, awaited, before the store. The file store would create it again from its
  // constructor in an unawaited callback that throws (the method is private, hence no
  // override): a directory removed meanwhile, such as a data folder deleted as the server
  // stops, would crash the process.
  await mkdir(incomingDir, { recursive: true });
  const RecordedFileStore = recordingWrites(FileStore, db);
  Object.defineProperty(RecordedFileStore.prototype, 'checkOrCreateDirectory', { value: () => {} });
  const datastore = new RecordedFileStore({ directory: incomingDir });
  const fileOf = (id: string) => path.join(incomingDir, id);
  return {
    datastore,
    probeSource: (id) => fileOf(id),
    async keep(id, storageKey) {
      await storage.importFile(fileOf(id), storageKey);
      await rm(`${fileOf(id)}.json`, { force: true });
    },
    async listIds() {
      try {
        // An upload is its data file `<id>` plus `<id>.json`.
        return [...new Set((await readdir(incomingDir)).map((name) => name.replace(/\.json$/, '')))];
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    },
    async discard(id) {
      // Something that is not a file (a folder someone made) is left alone.
      await rm(fileOf(id), { force: true }).catch(() => {});
      await rm(`${fileOf(id)}.json`, { force: true }).catch(() => {});
    },
  };
}

/** Where the tus store's own objects go in the bucket: its `.info` (the upload's description) and `.part` (a tail under 5 MiB). */
export const BUCKET_INCOMING_PREFIX = 'uploads-incoming/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The object keys of an upload in the bucket. @tus/s3-store names the multipart upload after
 * the upload id: it is written at the video's own key (`uploads/<id>.mp4`), so that a finished
 * upload is already where the video stays (no copy of gigabytes), and no reader can see it
 * before S3 assembles its parts.
 */
function bucketKeyOf(key: string): string {
  if (UUID.test(key)) return uploadStorageKey(key);
  if (key.startsWith(BUCKET_INCOMING_PREFIX) || key.startsWith('uploads/')) return key;
  throw new Error(`unexpected tus object key: ${key}`);
}

/** Unfinished uploads as multipart uploads in the bucket: any app process can continue any upload. */
export async function bucketUploadStore({ storage, db }: { storage: S3Storage; db: Database }): Promise<UploadStore> {
  const { S3Store } = await import('@tus/s3-store');
  const { s3ClientConfig } = await import('../../storage/s3-storage');
  const { DeleteObjectsCommand, GetObjectCommand, AbortMultipartUploadCommand, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const infoKey = (id: string) => `${BUCKET_INCOMING_PREFIX}${id}.info`;
  const partKey = (id: string) => `${BUCKET_INCOMING_PREFIX}${id}.part`;

  class BucketStore extends recordingWrites(S3Store, db) {
    constructor() {
      super({ s3ClientConfig: { ...s3ClientConfig(storage.settings), bucket: storage.bucket } } as ConstructorParameters<typeof S3Store>[0]);
      this.client.middlewareStack.add(
        (next) => async (args) => {
          const input = args.input as { Key?: unknown; Delete?: { Objects?: { Key?: string }[] } };
          if (typeof input.Key === 'string') input.Key = bucketKeyOf(input.Key);
          for (const object of input.Delete?.Objects ?? []) if (object.Key) object.Key = bucketKeyOf(object.Key);
          return next(args);
        },
        { step: 'initialize', name: 'uploadObjectKeys' },
      );
    }

    protected override infoKey(id: string) {
      return infoKey(id);
    }

    protected override partKey(id: string, isIncomplete = false) {
      return isIncomplete ? partKey(id) : id;
    }

    override async remove(id: string) {
      // A cancelled upload: the multipart upload is aborted and its description goes, and so does its tail.
      await super.remove(id);
      await storage.remove(partKey(id));
    }
  }
  const datastore = new BucketStore();
  const { client, bucket } = storage;

  return {
    datastore,
    probeSource: (id, size) => ({ size, read: (position, length) => readBytes(storage, uploadStorageKey(id), { start: position, end: Math.min(size, position + length) - 1 }) }),
    async keep(id, storageKey) {
      if (storageKey !== uploadStorageKey(id)) throw new Error(`a finished upload stays at ${uploadStorageKey(id)}, not ${storageKey}`);
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: [{ Key: infoKey(id) }, { Key: partKey(id) }], Quiet: true } }));
    },
    async listIds() {
      const names = new Set<string>();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: BUCKET_INCOMING_PREFIX, ContinuationToken }));
        for (const object of page.Contents ?? []) names.add(object.Key!.slice(BUCKET_INCOMING_PREFIX.length).replace(/\.(info|part)$/, ''));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return [...names];
    },
    async discard(id) {
      const isUpload = UUID.test(id);
      if (isUpload) {
        // The multipart upload (parts S3 keeps, and bills, until it is completed or aborted), named in the description.
        try {
          const info = await client.send(new GetObjectCommand({ Bucket: bucket, Key: infoKey(id) }));
          await info.Body?.transformToString();
          const uploadId = info.Metadata?.['upload-id'];
          if (uploadId) await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: uploadStorageKey(id), UploadId: uploadId })).catch(() => {});
        } catch {
          // No description: nothing to abort that it could name.
        }
      }
      const keys = [infoKey(id), partKey(id), `${BUCKET_INCOMING_PREFIX}${id}`];
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
      // A finished upload's object stays if a video row points at it (it was recorded meanwhile).
      if (isUpload) await removeUnreferencedFiles(db, storage, [uploadStorageKey(id)]);
    },
  };
}

/** The upload store that goes with the videos' storage. */
export async function openUploadStore(options: { storage: VideoStorage; incomingDir: string; db: Database }): Promise<UploadStore> {
  if (options.storage.kind === 's3') return bucketUploadStore({ storage: options.storage as S3Storage, db: options.db });
  return localUploadStore(options);
}
