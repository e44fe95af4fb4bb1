import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { BackgroundJob } from '../jobs';
import { claimJob, completeJob, defaultQueuePolicy, failJob, heartbeat, releaseJob, type JobRow, type QueuePolicy } from './queue';

export type JobContext = {
  /** Aborted when the server stops or the lease is lost: stop working and throw. */
  signal: AbortSignal;
  /** Records how far the work is (0–100); written with the next heartbeat. */
  progress(percent: number): void;
  /** The worker's id (the holder named in `jobs.locked_by`). */
  workerId: string;
};

/** A failure that no retry can mend (a file that is not a video): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export type JobHandler = {
  queue: string;
  run(job: JobRow, context: JobContext): Promise<void>;
  /** An attempt failed and the job will run again after its back-off. */
  onRetry?(job: JobRow, error: string): Promise<void>;
  /** The job failed for good (its last attempt, a permanent failure, or a worker that kept dying on it). */
  onGiveUp?(job: JobRow, error: string): Promise<void>;
};

export type WorkerOptions = {
  db: Database;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  handler: JobHandler;
  /** Jobs this process runs at once. */
  concurrency: number;
  /** How often an idle worker looks for due jobs. */
  pollIntervalMs: number;
  policy?: QueuePolicy;
};

export type JobWorker = {
  /** Claims and runs due jobs until none is left (or the worker stops). Answers how many it ran. */
  drain(): Promise<number>;
  /** The polling loop, for the app's background jobs. */
  backgroundJob: BackgroundJob;
  workerId: string;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs the jobs of one queue in this process: `concurrency` loops that claim a due job, run
 * it under a lease renewed every third of its length, and record the outcome. Stopping (the
 * server closing) aborts the jobs in flight and puts them back in the queue at once, without
 * counting the attempt, for this or another process to run.
 */
export function createJobWorker({ db, log, handler, concurrency, pollIntervalMs, policy = defaultQueuePolicy }: WorkerOptions): JobWorker {
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const stopping = new AbortController();

  const runOne = async (job: JobRow) => {
    const abort = new AbortController();
    const onStop = () => abort.abort(new Error('the server is stopping'));
    stopping.signal.addEventListener('abort', onStop, { once: true });
    let progress: number | undefined;
    let beating = Promise.resolve();
    const beat = () => {
      beating = beating.then(async () => {
        const held = await heartbeat(db, job, workerId, progress, policy).catch((error: unknown) => {
          // A database that is briefly away is not a lost lease: the next beat tries again.
          log.warn({ err: error, jobId: job.id }, 'job heartbeat failed');
          return true;
        });
        if (!held && !abort.signal.aborted) abort.abort(new Error('the job was taken over by another worker (its lease ran out)'));
      });
    };
    const timer = setInterval(beat, Math.max(50, Math.floor(policy.leaseMs / 3)));
    timer.unref();
    try {
      await handler.run(job, { signal: abort.signal, progress: (percent) => void (progress = percent), workerId });
      clearInterval(timer);
      await beating;
      if (!(await completeJob(db, job, workerId))) log.warn({ jobId: job.id, queue: job.queue }, 'job finished after its lease was taken over; the other worker’s outcome stands');
    } catch (error) {
      clearInterval(timer);
      await beating;
      if (stopping.signal.aborted) {
        await releaseJob(db, job, workerId).catch((releaseError: unknown) => log.warn({ err: releaseError, jobId: job.id }, 'job could not be released; its lease will run out'));
        log.info({ jobId: job.id, queue: job.queue }, 'job put back in the queue: the server is stopping');
        return;
      }
      const message = messageOf(error);
      const outcome = await failJob(db, job, workerId, message, { retryable: !(error instanceof PermanentJobError), policy });
      if (outcome === 'retry') {
        log.warn({ jobId: job.id, queue: job.queue, attempt: job.attempts, err: message }, 'job failed; it will be retried');
        await handler.onRetry?.(job, message);
      } else if (outcome === 'failed') {
        log.error({ jobId: job.id, queue: job.queue, attempts: job.attempts, err: message }, 'job failed for good');
        await handler.onGiveUp?.(job, message);
      }
    } finally {
      stopping.signal.removeEventListener('abort', onStop);
    }
  };

  /** Loops of this worker claiming or running a job right now. */
  let busy = 0;
  /** Until the next poll, or the worker stopping. */
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.max(50, pollIntervalMs));
      function done() {
        clearTimeout(timer);
        stopping.signal.removeEventListener('abort', done);
        resolve();
      }
      stopping.signal.addEventListener('abort', done, { once: true });
    });

  /**
   * One loop: claim, run, until nothing is due. While another loop still runs a job, an idle
   * one keeps polling instead of ending: what is due may be held back (an owner at its running
   * bound), and the next owner's job should take this slot as soon as it comes, not after the
   * job in flight.
   */
  const loop = async () => {
    let ran = 0;
    while (!stopping.signal.aborted) {
      busy += 1;
      const job = await claimJob(db, handler.queue, workerId, policy).catch((error: unknown) => {
        busy -= 1;
        throw error;
      });
      if (!job) {
        busy -= 1;
        if (busy === 0) break;
        await pause();
        continue;
      }
      ran += 1;
      if (job.attempts > job.maxAttempts) {
        busy -= 1;
        // Every worker that took it died (it is killed with its process, or takes too much memory).
        const message = `stopped ${job.attempts - 1} times while running (its worker died each time)`;
        if ((await failJob(db, job, workerId, message, { retryable: false, policy })) === 'failed') {
          log.error({ jobId: job.id, queue: job.queue }, `job given up: ${message}`);
          await handler.onGiveUp?.(job, message);
        }
        continue;
      }
      try {
        await runOne(job);
      } finally {
        busy -= 1;
      }
    }
    return ran;
  };

  let draining: Promise<number> | undefined;
  const drain = () => {
    draining ??= Promise.all(Array.from({ length: Math.max(1, concurrency) }, loop))
      .then((counts) => counts.reduce((sum, count) => sum + count, 0))
      .finally(() => {
        draining = undefined;
      });
    return draining;
  };

  return {
    drain,
    workerId,
    backgroundJob: {
      name: `${handler.queue} worker`,
      intervalMs: pollIntervalMs,
      runAtStart: false,
      run: drain,
      stop: () => stopping.abort(),
    },
  };
}
