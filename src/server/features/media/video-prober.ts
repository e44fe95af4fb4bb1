import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { errorStatus, type ErrorCode } from '../../../shared/errors';
import { AppError } from '../../errors';
import type { VideoInfo } from './probe';
import type { ProbeWorkerAnswer } from './probe-worker';

export type VideoProber = (filePath: string) => Promise<VideoInfo>;

export type ProberOptions = {
  /** From the worker's start to its answer; past it the worker is stopped and the file refused. */
  timeoutMs: number;
  /** The worker's JavaScript heap; a file that needs more is refused. */
  maxMemoryMb: number;
  /** Probes at once; more wait their turn (each worker is a thread and up to maxMemoryMb). */
  concurrency?: number;
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
export function createVideoProber({ timeoutMs, maxMemoryMb, concurrency = 2, log }: ProberOptions): VideoProber {
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

  const probeInWorker = (filePath: string) =>
    new Promise<VideoInfo>((resolve, reject) => {
      const worker = new Worker(WORKER_ENTRY, {
        workerData: { filePath },
        // Not the parent's flags (a test runner's or a debugger's): the entry loads what it needs.
        execArgv: [],
        resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb, maxYoungGenerationSizeMb: Math.min(32, maxMemoryMb), stackSizeMb: 4 },
      });
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
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

  return async (filePath) => {
    await acquire();
    try {
      return await probeInWorker(filePath);
    } finally {
      release();
    }
  };
}
