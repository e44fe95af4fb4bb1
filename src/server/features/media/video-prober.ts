import { MessageChannel, Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { errorStatus, type ErrorCode } from '../../../shared/errors';
import type { VideoLimits } from '../../config';
import { AppError } from '../../errors';
import type { VideoInfo } from './probe';
import type { ProbeWorkerAnswer, RangeReply, RangeRequest } from './probe-worker';

/** An object elsewhere (a bucket), read in ranges: its size, and the bytes from a position. */
export type RangeReader = { size: number; read(position: number, length: number): Promise<Buffer>; name?: string };
/** A finished upload to probe: a local file's path, or ranged reads of an object. */
export type ProbeSource = string | RangeReader;
export type VideoProber = (source: ProbeSource) => Promise<VideoInfo>;

/** The moov box the probe accepts (64 MiB) and the few bytes around it: no read the worker asks for is larger. */
const MAX_RANGE_BYTES = 64 * 1024 * 1024 + 4096;

export type ProberOptions = {
  /** From the worker's start to its answer; past it the worker is stopped and the file refused. */
  timeoutMs: number;
  /** The worker's JavaScript heap; a file that needs more is refused. */
  maxMemoryMb: number;
  /** Probes at once; more wait their turn (each worker is a thread and up to maxMemoryMb). */
  concurrency?: number;
  /** The largest picture and longest video accepted; a file declaring more is refused. */
  limits?: VideoLimits;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

const WORKER_ENTRY = new URL('./probe-worker.mjs', import.meta.url);

const unreadable = (message = 'This video could not be read; export it again as an MP4 (H.264) and upload it again') =>
  new AppError('VIDEO_UNREADABLE', message);

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorStatus, code);

/**
 * Probes uploaded files in worker threads, one file per worker: the parsing of an untrusted
 * file never runs on the thread that answers requests, a file that needs too much memory or
 * time only ends its own worker, and the upload is refused with a 4xx either way.
 */
export function createVideoProber({ timeoutMs, maxMemoryMb, concurrency = 2, limits, log }: ProberOptions): VideoProber {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  const acquire = async () => {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
  };

  const probeInWorker = (source: ProbeSource) =>
    new Promise<VideoInfo>((resolve, reject) => {
      const filePath = typeof source === 'string' ? source : (source.name ?? 'object');
      // An object in a bucket: the worker parses, this thread fetches the ranges it asks for (the worker loads no S3 client).
      const channel = typeof source === 'string' ? null : serveRanges(source);
      const worker = new Worker(WORKER_ENTRY, {
        workerData: { ...(channel ? { size: (source as RangeReader).size, port: channel.port } : { filePath }), limits },
        transferList: channel ? [channel.port] : [],
        // Not the parent's flags (a test runner's or a debugger's): the entry loads what it needs.
        execArgv: [],
        resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb, maxYoungGenerationSizeMb: Math.min(32, maxMemoryMb), stackSizeMb: 4 },
      });
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        channel?.close();
        outcome();
        void worker.terminate();
      };
      const timer = setTimeout(() => {
        log.warn({ filePath, timeoutMs }, 'video probe took too long: stopped');
        settle(() => reject(unreadable('This video took too long to read; export it again as an MP4 (H.264) and upload it again')));
      }, timeoutMs);
      worker.on('message', (answer: ProbeWorkerAnswer) =>
        settle(() => {
          if (answer.ok) resolve(answer.info);
          else reject(isErrorCode(answer.code) && errorStatus[answer.code] < 500 ? new AppError(answer.code, answer.message) : unreadable());
        }),
      );
      worker.on('error', (error: Error & { code?: string }) =>
        settle(() => {
          if (channel?.failure !== undefined) {
            // Not the file's fault: the storage did not answer.
            log.error({ err: channel.failure, filePath }, 'reading an upload to probe it failed');
            reject(new AppError('SERVICE_UNAVAILABLE', 'The video could not be read from storage right now; upload it again shortly'));
            return;
          }
          if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') log.warn({ filePath, maxMemoryMb }, 'video probe ran out of memory: stopped');
          else log.error({ err: error, filePath }, 'video probe failed');
          reject(unreadable());
        }),
      );
      worker.on('exit', (exitCode) =>
        settle(() => {
          log.error({ filePath, exitCode }, 'video probe ended without an answer');
          reject(unreadable());
        }),
      );
    });

  return async (source) => {
    await acquire();
    try {
      return await probeInWorker(source);
    } finally {
      release();
    }
  };
}

/** Answers the worker's range requests from the reader, over a channel of their own. */
function serveRanges(reader: RangeReader) {
  const { port1, port2 } = new MessageChannel();
  const channel = { port: port2, close: () => port1.close(), failure: undefined as unknown };
  port1.on('message', ({ id, position, length }: RangeRequest) => {
    const answer = (reply: RangeReply, transfer: ArrayBuffer[] = []) => {
      try {
        port1.postMessage(reply, transfer);
      } catch {
        // The probe ended meanwhile.
      }
    };
    if (!(Number.isSafeInteger(position) && Number.isSafeInteger(length) && position >= 0 && length > 0 && length <= MAX_RANGE_BYTES)) {
      answer({ id, error: 'range out of bounds' });
      return;
    }
    reader.read(position, Math.min(length, reader.size - position)).then(
      (bytes) => {
        // A copy of its own, handed over rather than cloned (a small buffer may share Node's pool).
        const copy = new Uint8Array(bytes);
        answer({ id, bytes: copy }, [copy.buffer]);
      },
      (error: unknown) => {
        channel.failure = error;
        answer({ id, error: error instanceof Error ? error.message : String(error) });
      },
    );
  });
  return channel;
}
