import { Worker } from 'node:worker_threads';
import { AppError } from '../../errors';
import type { GiftReadResult } from './gift';
import type { GiftWorkerAnswer, GiftWorkerData } from './gift-worker';

/**
 * A GIFT text to import is an untrusted file: it is read in a worker thread of its own, never on
 * the thread that answers requests, with a bounded size, heap and time. Past the time the worker
 * is stopped and the import refused with a clear message; a text that needs more memory than
 * the worker has ends only its worker. The reader itself is linear in its input (gift.ts), so the
 * limits are for what it was not expected to meet.
 */

/** The most a GIFT import may hold, in characters (as the endpoint's schema, giftImportInput, accepts). */
export const GIFT_MAX_CHARS = 200_000;

export type GiftThreadOptions = {
  /** From the worker's start to its answer (the start, with its TypeScript loader in development, is most of it). */
  timeoutMs?: number;
  /** The worker's JavaScript heap. */
  maxMemoryMb?: number;
};

const DEFAULTS = { timeoutMs: 10_000, maxMemoryMb: 128 } as const;
/** Readings at once; more wait their turn (each is a thread with its own heap). */
const CONCURRENCY = 2;

const WORKER_ENTRY = new URL('./gift-worker.mjs', import.meta.url);

let running = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

const unreadable = (reason: string) => new AppError('BAD_REQUEST', `This GIFT text could not be read (${reason}); check the file, or import it in smaller parts`);

function readInWorker(text: string, { timeoutMs, maxMemoryMb }: Required<GiftThreadOptions>): Promise<GiftReadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_ENTRY, {
      workerData: { text } satisfies GiftWorkerData,
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
    const timer = setTimeout(() => settle(() => reject(unreadable(`it took over ${timeoutMs / 1000} s`))), timeoutMs);
    worker.on('message', (answer: GiftWorkerAnswer) => settle(() => resolve(answer)));
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() => reject(unreadable(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'it needed too much memory' : 'the reader failed'))),
    );
    worker.on('exit', (code) => settle(() => reject(unreadable(`the reader ended with code ${code}`))));
  });
}

/**
 * `parseGift` of an imported text, in a worker thread. Refuses a text over GIFT_MAX_CHARS
 * (PAYLOAD_TOO_LARGE), and one the worker could not read in time or memory (BAD_REQUEST).
 */
export async function readGiftOffThread(text: string, options: GiftThreadOptions = {}): Promise<GiftReadResult> {
  if (text.length > GIFT_MAX_CHARS) {
    throw new AppError('PAYLOAD_TOO_LARGE', `A GIFT text may have at most ${GIFT_MAX_CHARS.toLocaleString('en')} characters`);
  }
  return inTurn(() => readInWorker(text, { ...DEFAULTS, ...options }));
}
