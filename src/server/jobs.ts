import type { FastifyInstance } from 'fastify';

/** Work the server does on its own, on a timer. */
export type BackgroundJob = {
  name: string;
  intervalMs: number;
  /** Run once as the app becomes ready, before the first interval. */
  runAtStart?: boolean;
  run: () => Promise<void>;
};

/**
 * The one place the server's background jobs are started and stopped: each runs on its
 * interval from the moment the app is ready until it closes. A failed run is logged and the
 * next one tries again (a database that is away comes back).
 */
export function registerBackgroundJobs(app: FastifyInstance, jobs: BackgroundJob[]): void {
  const timers: NodeJS.Timeout[] = [];
  const runLogged = async (job: BackgroundJob) => {
    try {
      await job.run();
    } catch (error) {
      app.log.warn({ err: error, job: job.name }, `${job.name} failed`);
    }
  };
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
  });
}
