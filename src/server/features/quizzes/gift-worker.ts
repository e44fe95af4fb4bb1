import { parentPort, workerData } from 'node:worker_threads';
import { parseGift, type GiftReadResult } from './gift';

/** What the worker is given (the text to read) and answers (what it holds). */
export type GiftWorkerData = { text: string };
export type GiftWorkerAnswer = GiftReadResult;

// One text per worker: it reads, answers and ends (gift-thread.ts stops it if it takes too long).
const { text } = workerData as GiftWorkerData;
parentPort!.postMessage(parseGift(text) satisfies GiftWorkerAnswer);
