import { randomUUID } from 'node:crypto';
import { createReadStream, read as readCallback } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { S3Settings } from '../config';

export type StoredObject = { size: number; modifiedAt: Date };
export type ByteRange = { start: number; end: number };
/** How a stored file is described to whoever fetches it (object storage keeps it with the object). */
export type PutOptions = { contentType?: string };
/** Response headers a presigned URL makes the storage send, whatever was stored with the object (a download's `Content-Disposition` too). */
export type PresignOptions = { contentType?: string; cacheControl?: string; contentDisposition?: string };

/**
 * Where video files live, addressed by storage keys such as `demo/intro-landscape.mp4`,
 * `uploads/<uuid>.mp4` or, for a transcoded video, `hls/<uuid>/720p/segment-00001.m4s`. The
 * local disk (DATA_DIR/videos) is the default; with S3_* settings, an S3-compatible bucket
 * (stat = HeadObject, read = ranged GetObject, importFile/putFile = PutObject, multipart for
 * large files), which also hands browsers presigned URLs so that the bytes never pass through
 * the app.
 */
export interface VideoStorage {
  /** `local-disk` or `s3`: for logs and the benchmarks. */
  readonly kind: string;
  /** Size and modification time, or null when nothing is stored under the key. */
  stat(key: string): Promise<StoredObject | null>;
  /** The bytes of the object, or of the inclusive byte range. */
  read(key: string, range?: ByteRange): Readable;
  /**
   * Optional fast path: writes the range straight into an HTTP response and ends it.
   * Resolves once the last byte is handed to the socket, or as soon as the response closes.
   */
  writeTo?(key: string, range: ByteRange, destination: Writable): Promise<void>;
  /**
   * Takes over a finished local file (a completed upload, a transcoded segment) and stores it
   * under the key, replacing what was there; the local file is gone afterwards. Readers see
   * the old object or the whole new one, never half of it.
   */
  importFile(localPath: string, key: string, options?: PutOptions): Promise<void>;
  /** Stores a copy of a local file under the key (the local file stays), with the same guarantees. */
  putFile(localPath: string, key: string, options?: PutOptions): Promise<void>;
  /** Removes the object; absent objects are not an error. */
  remove(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix/` (all the files of one transcoded video); answers how many. */
  removePrefix(prefix: string): Promise<number>;
  /**
   * Only storages that can serve browsers themselves: a URL that fetches the object (ranges
   * included) straight from the storage until it expires. Whoever calls it has checked access;
   * the URL itself is a bearer token for its lifetime, so keep that short.
   */
  presignedUrl?(key: string, expiresInSeconds: number, options?: PresignOptions): Promise<string>;
  /** The origin of the presigned URLs, which the pages' Content-Security-Policy must allow for media. */
  readonly mediaOrigin?: string;
  /** Lets go of connections (the app's close). */
  close?(): void;
  /** Only storages that serve browsers themselves: why pages of that public URL could not read from it (a missing CORS rule), or null; checked at start. */
  browserAccessProblem?(publicUrl: string): Promise<string | null>;
}

/** The type a browser needs for the files a video is made of, by extension. */
export function contentTypeFor(key: string): string {
  const extension = path.extname(key).toLowerCase();
  const types: Record<string, string> = {
    '.mp4': 'video/mp4',
    '.m4v': 'video/mp4',
    '.m4s': 'video/iso.segment',
    '.ts': 'video/mp2t',
    '.m3u8': 'application/vnd.apple.mpegurl',
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.webp': 'image/webp',
    '.png': 'image/png',
    '.vtt': 'text/vtt',
  };
  return types[extension] ?? 'application/octet-stream';
}

/** Keys are relative paths made of plain segments: no `..`, no absolute paths, no odd characters. */
export function isValidStorageKey(key: string): boolean {
  return /^[A-Za-z0-9][\w.-]*(\/[A-Za-z0-9][\w.-]*)*$/.test(key) && !key.split('/').some((segment) => segment === '..' || segment === '.');
}

function assertKey(key: string) {
  if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
}

/** Reading in 1 MiB chunks (instead of 64 KiB) cuts the syscalls and event-loop turns per request. */
const READ_CHUNK_BYTES = 1024 * 1024;

/**
 * Read buffers given back once the socket has taken their bytes. A fresh 1 MiB buffer per
 * chunk is external memory that makes V8 run full garbage collections over the app's whole
 * heap; reusing a few buffers keeps streaming cost flat (see bench/stream.ts).
 */
class BufferPool {
  private readonly free: Buffer[] = [];
  constructor(
    private readonly size: number,
    private readonly keep: number,
  ) {}
  take(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafeSlow(this.size);
  }
  give(buffer: Buffer) {
    if (this.free.length < this.keep) this.free.push(buffer);
  }
}

const readInto = (fd: number, buffer: Buffer, length: number, position: number) =>
  new Promise<number>((resolve, reject) => readCallback(fd, buffer, 0, length, position, (error, bytesRead) => (error ? reject(error) : resolve(bytesRead))));

/** Resolves on 'drain', or on 'close' when the client went away. */
const writable = (destination: Writable) =>
  new Promise<void>((resolve) => {
    const done = () => {
      destination.off('drain', done);
      destination.off('close', done);
      resolve();
    };
    destination.on('drain', done);
    destination.on('close', done);
  });

/** Files under one folder: `DATA_DIR/videos/<key>`. */
export class LocalDiskStorage implements VideoStorage {
  readonly kind = 'local-disk';
  private readonly pool = new BufferPool(READ_CHUNK_BYTES, 32);

  constructor(readonly root: string) {}

  pathOf(key: string): string {
    assertKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  read(key: string, range?: ByteRange): Readable {
    return createReadStream(this.pathOf(key), { ...range, highWaterMark: READ_CHUNK_BYTES });
  }

  async writeTo(key: string, range: ByteRange, destination: Writable): Promise<void> {
    const file = await open(this.pathOf(key), 'r');
    const fd = file.fd;
    try {
      let position = range.start;
      const readChunk = async (at: number) => {
        const buffer = this.pool.take();
        try {
          const bytesRead = await readInto(fd, buffer, Math.min(buffer.length, range.end - at + 1), at);
          if (bytesRead === 0) throw new Error(`${key} is shorter than expected`);
          return { buffer, bytesRead };
        } catch (error) {
          this.pool.give(buffer);
          throw error;
        }
      };
      let next: ReturnType<typeof readChunk> | null = readChunk(position);
      while (next) {
        const { buffer, bytesRead } = await next;
        if (destination.destroyed) {
          this.pool.give(buffer);
          return;
        }
        position += bytesRead;
        // Read ahead while the socket sends this chunk (a failure surfaces when awaited above).
        next = position <= range.end ? readChunk(position) : null;
        next?.catch(() => {});
        const flowing = destination.write(buffer.subarray(0, bytesRead), () => this.pool.give(buffer));
        if (!flowing) await writable(destination);
      }
      destination.end();
    } finally {
      await file.close();
    }
  }

  async importFile(localPath: string, key: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(localPath, target);
    } catch (error) {
      // Another file system: copy, then let the local file go.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await this.putFile(localPath, key);
      await unlink(localPath);
    }
  }

  async putFile(localPath: string, key: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Copied under a temporary name, then renamed, so a reader never sees half a file.
    const partial = `${target}.${randomUUID()}.partial`;
    try {
      await copyFile(localPath, partial);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async removePrefix(prefix: string): Promise<number> {
    const folder = this.pathOf(prefix);
    let count = 0;
    try {
      const entries = await readdir(folder, { recursive: true, withFileTypes: true });
      count = entries.filter((entry) => entry.isFile()).length;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return 0;
      throw error;
    }
    await rm(folder, { recursive: true, force: true });
    return count;
  }
}

export const videosDirFor = (dataDir: string) => path.join(dataDir, 'videos');
/** Unfinished tus uploads; on the same disk as the videos so that finishing one is a rename. */
export const incomingDirFor = (dataDir: string) => path.join(dataDir, 'uploads-incoming');

export function createVideoStorage(dataDir: string): LocalDiskStorage {
  return new LocalDiskStorage(videosDirFor(dataDir));
}

/**
 * The videos' storage the settings choose: the bucket when S3_* is set, otherwise the local
 * disk. The AWS SDK is loaded only for a bucket, so a local-disk server never pays for it.
 */
export async function openVideoStorage(config: { dataDir: string; s3: S3Settings | undefined }): Promise<VideoStorage> {
  if (!config.s3) return createVideoStorage(config.dataDir);
  const { S3Storage } = await import('./s3-storage');
  return S3Storage.open(config.s3);
}

/** The whole object or range as one buffer (for the probe, which reads a few kilobytes here and there). */
export async function readBytes(storage: VideoStorage, key: string, range: ByteRange): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(key, range)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
