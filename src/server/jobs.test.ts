import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { addBackgroundJobs, registerBackgroundJobs } from './jobs';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('background jobs', () => {
  it('runs a job on its interval from ready, never twice at once, and lets the run in flight finish on close', async () => {
    const app = Fastify({ logger: false });
    let started = 0;
    let finished = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    registerBackgroundJobs(app, [
      {
        name: 'slow job',
        intervalMs: 10,
        run: async () => {
          started += 1;
          concurrent += 1;
          maxConcurrent = Math.max(maxConcurrent, concurrent);
          await sleep(45);
          concurrent -= 1;
          finished += 1;
        },
      },
    ]);
    await app.ready();
    await sleep(120);
    await app.close();

    expect(started).toBeGreaterThanOrEqual(2);
    expect(maxConcurrent).toBe(1);
    expect(finished).toBe(started);
  });

  it('logs a failed run and tries again on the next interval', async () => {
    const warnings: string[] = [];
    const app = Fastify({ logger: false });
    app.log.warn = ((_: unknown, message: string) => void warnings.push(message)) as unknown as typeof app.log.warn;
    let runs = 0;
    registerBackgroundJobs(app, [
      {
        name: 'flaky job',
        intervalMs: 10,
        runAtStart: true,
        run: async () => {
          runs += 1;
          if (runs === 1) throw new Error('database away');
        },
      },
    ]);
    await app.ready();
    await sleep(40);
    await app.close();

    expect(warnings[0]).toBe('flaky job failed');
    expect(runs).toBeGreaterThanOrEqual(2);
  });

  it("runs the jobs a feature's own plugin adds, and waits for them on close", async () => {
    const app = Fastify({ logger: false });
    let runs = 0;
    let finished = 0;
    registerBackgroundJobs(app, []);
    await app.register(async (feature) => {
      addBackgroundJobs(feature, [
        {
          name: 'feature job',
          intervalMs: 10,
          runAtStart: true,
          run: async () => {
            runs += 1;
            await sleep(20);
            finished += 1;
          },
        },
      ]);
    });
    await app.ready();
    expect(runs).toBe(1);
    await sleep(15);
    await app.close();

    expect(runs).toBeGreaterThanOrEqual(2);
    expect(finished).toBe(runs);
  });

  it('runs a job at once when asked, joining a run in flight, and is settled only when every run has ended', async () => {
    const app = Fastify({ logger: false });
    let runs = 0;
    let finished = 0;
    const job = {
      name: 'asked-for job',
      intervalMs: 60_000,
      run: async () => {
        runs += 1;
        await sleep(30);
        finished += 1;
      },
    };
    registerBackgroundJobs(app, [job]);
    await app.ready();
    app.runBackgroundJobNow(job);
    app.runBackgroundJobNow(job);
    expect(runs).toBe(1);
    await app.backgroundJobsSettled();
    expect(finished).toBe(1);

    app.runBackgroundJobNow(job);
    await app.close();
    expect(finished).toBe(2);
  });
});
