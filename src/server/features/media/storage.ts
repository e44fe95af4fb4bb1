import { createReadStream, read as readCallback } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';

export type StoredObject = { size: number; modifiedAt: Date };
export type ByteRange = { start: number; end: number };

/**
 * Where video files live, addressed by storage keys such as `demo/intro-landscape.mp4` or
 * `uploads/<uuid>.mp4`. The local disk is the default; an S3-compatible implementation
 * fits the same interface (stat = HeadObject, read = ranged GetObject, importFile = upload).
 */
export interface VideoStorage {
  /** Size and modification time, or null when nothing is stored under the key. */
  stat(key: string): Promise<StoredObject | null>;
  /** The bytes of the object, or of the inclusive byte range. */
  read(key: string, range?: ByteRange): Readable;
  /**
   * Optional fast path: writes the range straight into an HTTP response and ends it.
   * Resolves once the last byte is handed to the socket, or as soon as the response closes.
   */
  writeTo?(key: string, range: ByteRange, destination: Writable): Promise<void>;
  /** Takes over a finished local file (a completed upload) and stores it under the key. */
  importFile(localPath: string, key: string): Promise<void>;
  /** Removes the object; absent objects are not an error. */
  remove(key: string): Promise<void>;
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
      // Another file system: copy under a temporary name, then rename, so a reader never sees half a file.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      const partial = `${target}.partial`;
      await copyFile(localPath, partial);
      await rename(partial, target);
      await unlink(localPath);
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

export const videosDirFor = (dataDir: string) => path.join(dataDir, 'videos');
/** Unfinished tus uploads; on the same disk as the videos so that finishing one is a rename. */
export const incomingDirFor = (dataDir: string) => path.join(dataDir, 'uploads-incoming');

export function createVideoStorage(dataDir: string): LocalDiskStorage {
  return new LocalDiskStorage(videosDirFor(dataDir));
}
