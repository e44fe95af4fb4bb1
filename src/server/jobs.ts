import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The jobs `registerBackgroundJobs` runs: the app's own, and those each feature adds. */
    backgroundJobs: BackgroundJob[];
    /**
     * Runs a job now, outside its interval (a request that just queued work for it), without
     * making the caller wait; a run in flight is joined. Closing waits for it like a timed run.
     */
    runBackgroundJobNow(job: BackgroundJob): void;
    /** Resolves once no background job runs (tests empty the database only then). */
    backgroundJobsSettled(): Promise<void>;
  }
}

/** Work the server does on its own, on a timer. */
export type BackgroundJob = {
  name: string;
  intervalMs: number;
  /** Run once as the app becomes ready, before the first interval. */
  runAtStart?: boolean;
  run: () => Promise<unknown>;
  /** Asks a run in flight to stop soon (a long one, such as a transcode); called as the app closes, before its run is awaited. */
  stop?: () => void;
};

/**
 * The one place the server's background jobs are started and stopped: each runs on its
 * interval from the moment the app is ready until it closes. A failed run is logged and the
 * next one tries again (a database that is away comes back). A run still going when its next
 * turn comes is left to finish rather than doubled, and closing waits for the runs in flight,
 * so none is cut off by the database closing under it.
 */
export function registerBackgroundJobs(app: FastifyInstance, initialJobs: BackgroundJob[]): void {
  const jobs = [...initialJobs];
  app.decorate('backgroundJobs', jobs);
  const timers: NodeJS.Timeout[] = [];
  const inFlight = new Map<string, Promise<void>>();
  const runLogged = (job: BackgroundJob): Promise<void> => {
    const running = inFlight.get(job.name);
    if (running) return running;
    const run = job
      .run()
      .then(
        () => {},
        (error: unknown) => app.log.warn({ err: error, job: job.name }, `${job.name} failed`),
      )
      .finally(() => inFlight.delete(job.name));
    inFlight.set(job.name, run);
    return run;
  };
  app.decorate('runBackgroundJobNow', (job: BackgroundJob) => void runLogged(job));
  app.decorate('backgroundJobsSettled', async () => {
    // A run may end by starting no other, or another may begin meanwhile: wait until none is left.
    while (inFlight.size > 0) await Promise.all(inFlight.values());
  });
  app.addHook('onReady', async () => {
    for (const job of jobs) {
      if (job.runAtStart) await runLogged(job);
      const timer = setInterval(() => void runLogged(job), job.intervalMs);
      timer.unref();
      timers.push(timer);
    }
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    for (const job of jobs) job.stop?.();
    await app.backgroundJobsSettled();
  });
}

/** A feature's own jobs, started and stopped with the app's (after `registerBackgroundJobs`, before the app is ready). */
export function addBackgroundJobs(app: FastifyInstance, jobs: BackgroundJob[]): void {
  app.backgroundJobs.push(...jobs);
}
