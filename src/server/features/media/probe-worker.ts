import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../errors';
import { probeVideo } from './probe';

/** What the probe worker answers: the video's shape, or the refusal the file earned. */
export type ProbeWorkerAnswer = { ok: true; info: Awaited<ReturnType<typeof probeVideo>> } | { ok: false; code: string; message: string };

// mp4box reports what it makes of a malformed file on console.error; a refusal says enough.
console.error = () => {};

const { filePath } = workerData as { filePath: string };
try {
  parentPort!.postMessage({ ok: true, info: await probeVideo(filePath) } satisfies ProbeWorkerAnswer);
} catch (error) {
  // Anything else (a parser bug, a read error) escapes as the worker's own error.
  if (!(error instanceof AppError)) throw error;
  parentPort!.postMessage({ ok: false, code: error.code, message: error.message } satisfies ProbeWorkerAnswer);
}
