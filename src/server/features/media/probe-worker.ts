import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { VideoLimits } from '../../config';
import { AppError } from '../../errors';
import { probeVideo, type ByteSource } from './probe';

/** What the probe worker answers: the video's shape, or the refusal the file earned. */
export type ProbeWorkerAnswer = { ok: true; info: Awaited<ReturnType<typeof probeVideo>> } | { ok: false; code: string; message: string };
/** For an object in a bucket, the worker asks the main thread for byte ranges over a port. */
export type RangeRequest = { id: number; position: number; length: number };
export type RangeReply = { id: number; bytes: Uint8Array } | { id: number; error: string };

// mp4box reports what it makes of a malformed file on console.error; a refusal says enough.
console.error = () => {};

/** The object's bytes, one request to the main thread per read (the probe reads a few boxes, one after another). */
function rangesFrom(size: number, port: MessagePort): ByteSource {
  let next = 0;
  const waiting = new Map<number, (reply: RangeReply) => void>();
  port.on('message', (reply: RangeReply) => waiting.get(reply.id)?.(reply));
  return {
    size,
    read: (target, position) =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, (reply) => {
          waiting.delete(id);
          if ('error' in reply) reject(new Error(`reading the upload failed: ${reply.error}`));
          else resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength).copy(target, 0, 0, Math.min(target.length, reply.bytes.byteLength)));
        });
        port.postMessage({ id, position, length: target.length } satisfies RangeRequest);
      }),
  };
}

const data = workerData as ({ filePath: string } | { size: number; port: MessagePort }) & { limits?: VideoLimits };
try {
  const source = 'filePath' in data ? data.filePath : rangesFrom(data.size, data.port);
  parentPort!.postMessage({ ok: true, info: await probeVideo(source, data.limits) } satisfies ProbeWorkerAnswer);
} catch (error) {
  // Anything else (a parser bug, a read error) escapes as the worker's own error.
  if (!(error instanceof AppError)) throw error;
  parentPort!.postMessage({ ok: false, code: error.code, message: error.message } satisfies ProbeWorkerAnswer);
}
