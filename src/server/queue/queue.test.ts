import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { signedInUser } from '../../../test/helpers/auth';
import { jobs, users } from '../db/schema';
import { claimJob, completeJob, enqueueJob, failJob, heartbeat, releaseJob, retryDelayMs, type QueuePolicy } from './queue';
import { createJobWorker, PermanentJobError, type JobHandler } from './worker';

const policy: QueuePolicy = { leaseMs: 60_000, retryBaseMs: 30_000, retryMaxMs: 30 * 60_000 };
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the job queue', () => {
  const ctx = useTestApp();

  const rowOf = async (id: string) => (await ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
  /** Moves a job's clock: its retry time and lease as if `ms` had passed. */
  const travel = (id: string, ms: number) =>
    ctx.db
      .update(jobs)
      .set({ runAt: sql`${jobs.runAt} - make_interval(secs => ${ms / 1000})`, lockedUntil: sql`${jobs.lockedUntil} - make_interval(secs => ${ms / 1000})` })
      .where(eq(jobs.id, id));

  it('runs a job once: claimed with a lease and an attempt, then done', async () => {
    const id = (await enqueueJob(ctx.db, { queue: 'q', payload: { n: 1 }, ownerId: null }))!;
    const claimed = await claimJob(ctx.db, 'q', 'worker-a', policy);
    expect(claimed).toMatchObject({ id, state: 'running', attempts: 1, lockedBy: 'worker-a', payload: { n: 1 } });
    expect(claimed!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    // Nothing else is due, in this queue or another.
    expect(await claimJob(ctx.db, 'q', 'worker-b', policy)).toBeNull();
    expect(await claimJob(ctx.db, 'other', 'worker-b', policy)).toBeNull();
    expect(await completeJob(ctx.db, claimed!, 'worker-a')).toBe(true);
    expect(await rowOf(id)).toMatchObject({ state: 'done', progress: 100, lockedBy: null });
    expect(await claimJob(ctx.db, 'q', 'worker-b', policy)).toBeNull();
  });

  it('retries a failed job after an exponential back-off, and fails it for good after its last attempt', async () => {
    const id = (await enqueueJob(ctx.db, { queue: 'q', payload: {}, ownerId: null, maxAttempts: 3 }))!;
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(policy, attempt))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(policy, 20)).toBe(policy.retryMaxMs);

    const first = (await claimJob(ctx.db, 'q', 'w', policy))!;
    expect(await failJob(ctx.db, first, 'w', 'ffmpeg exited with code 1', { policy })).toBe('retry');
    let row = await rowOf(id);
    expect(row).toMatchObject({ state: 'queued', lastError: 'ffmpeg exited with code 1', lockedBy: null });
    const wait = row.runAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(25_000);
    expect(wait).toBeLessThan(35_000);
    // Not before its time…
    expect(await claimJob(ctx.db, 'q', 'w', policy)).toBeNull();
    await travel(id, 30_000);
    // …then again, waiting twice as long after the second failure.
    const second = (await claimJob(ctx.db, 'q', 'w', policy))!;
    expect(second.attempts).toBe(2);
    expect(await failJob(ctx.db, second, 'w', 'again', { policy })).toBe('retry');
    row = await rowOf(id);
    expect(row.runAt.getTime() - Date.now()).toBeGreaterThan(55_000);
    await travel(id, 60_000);
    const third = (await claimJob(ctx.db, 'q', 'w', policy))!;
    expect(third.attempts).toBe(3);
    expect(await failJob(ctx.db, third, 'w', 'the last time', { policy })).toBe('failed');
    row = await rowOf(id);
    expect(row).toMatchObject({ state: 'failed', lastError: 'the last time' });
    expect(row.finishedAt).not.toBeNull();
    await travel(id, 3_600_000);
    expect(await claimJob(ctx.db, 'q', 'w', policy)).toBeNull();
  });

  it('fails at once on a failure no retry can mend', async () => {
    const id = (await enqueueJob(ctx.db, { queue: 'q', payload: {}, ownerId: null }))!;
    const job = (await claimJob(ctx.db, 'q', 'w', policy))!;
    expect(await failJob(ctx.db, job, 'w', 'not a video', { retryable: false, policy })).toBe('failed');
    expect((await rowOf(id)).state).toBe('failed');
  });

  it('hands a job whose worker died (its lease ran out) to another worker, and the dead one can change nothing any more', async () => {
    const id = (await enqueueJob(ctx.db, { queue: 'q', payload: {}, ownerId: null }))!;
    const first = (await claimJob(ctx.db, 'q', 'killed-worker', policy))!;
    expect(await heartbeat(ctx.db, first, 'killed-worker', 42, policy)).toBe(true);
    expect((await rowOf(id)).progress).toBe(42);
    // Within the lease nobody else takes it.
    expect(await claimJob(ctx.db, 'q', 'other-worker', policy)).toBeNull();
    await travel(id, policy.leaseMs + 1000);
    const second = (await claimJob(ctx.db, 'q', 'other-worker', policy))!;
    expect(second).toMatchObject({ id, attempts: 2, lockedBy: 'other-worker' });
    // The first worker was only slow, not dead: its heartbeat, outcome and release are refused.
    expect(await heartbeat(ctx.db, first, 'killed-worker', 90, policy)).toBe(false);
    expect(await completeJob(ctx.db, first, 'killed-worker')).toBe(false);
    expect(await failJob(ctx.db, first, 'killed-worker', 'late', { policy })).toBe('lost');
    await releaseJob(ctx.db, first, 'killed-worker');
    expect(await rowOf(id)).toMatchObject({ state: 'running', lockedBy: 'other-worker', progress: 42 });
    expect(await completeJob(ctx.db, second, 'other-worker')).toBe(true);
  });

  it('never gives one job to two workers at once', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await enqueueJob(ctx.db, { queue: 'q', payload: { i }, ownerId: null }))!);
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => claimJob(ctx.db, 'q', `worker-${i}`, policy)));
    const claimed = claims.filter((job) => job !== null).map((job) => job.id);
    expect(claimed.sort()).toEqual([...ids].sort());
    expect(new Set(claimed).size).toBe(claimed.length);
  });

  it('keeps one queued or running job per dedupe key', async () => {
    const first = await enqueueJob(ctx.db, { queue: 'q', payload: {}, ownerId: null, dedupeKey: 'video-1' });
    expect(first).not.toBeNull();
    expect(await enqueueJob(ctx.db, { queue: 'q', payload: {}, ownerId: null, dedupeKey: 'video-1' })).toBeNull();
    expect(await enqueueJob(ctx.db, { queue: 'other', payload: {}, ownerId: null, dedupeKey: 'video-1' })).not.toBeNull();
    const job = (await claimJob(ctx.db, 'q', 'w', policy))!;
    expect(await enqueueJob(ctx.db, { queue: 'q', payload: {}, ownerId: null, dedupeKey: 'video-1' })).toBeNull();
    await completeJob(ctx.db, job, 'w');
    // Done: the same work may be asked for again.
    expect(await enqueueJob(ctx.db, { queue: 'q', payload: {}, ownerId: null, dedupeKey: 'video-1' })).not.toBeNull();
  });

  it('bounds the jobs one owner may have waiting, and serves owners with fewer first', async () => {
    const busy = await signedInUser(ctx.app);
    const other = await signedInUser(ctx.app);
    const enqueue = (ownerId: string) => enqueueJob(ctx.db, { queue: 'q', payload: { ownerId }, ownerId, maxActivePerOwner: 3 });
    // Three at once, racing: all fit, the fourth does not.
    await Promise.all([enqueue(busy.id), enqueue(busy.id), enqueue(busy.id)]);
    await expect(enqueue(busy.id)).rejects.toMatchObject({ code: 'JOB_LIMIT_REACHED', statusCode: 429 });
    // The bound is per owner, and server work (no owner) is not counted.
    await enqueue(other.id);
    expect(await enqueueJob(ctx.db, { queue: 'q', payload: {}, ownerId: null, maxActivePerOwner: 3 })).not.toBeNull();

    // The other owner's job came last but goes before the busy owner's second and third.
    const order: unknown[] = [];
    for (let job = await claimJob(ctx.db, 'q', 'w', policy); job; job = await claimJob(ctx.db, 'q', 'w', policy)) {
      order.push((job.payload as { ownerId?: string }).ownerId ?? 'server');
      await completeJob(ctx.db, job, 'w');
    }
    expect(order.indexOf(other.id)).toBeLessThan(order.lastIndexOf(busy.id));
    expect(order.filter((owner) => owner === busy.id)).toHaveLength(3);

    // Once finished, they no longer count.
    await expect(enqueue(busy.id)).resolves.not.toBeNull();
  });

  it('writes no job when the transaction that asked for it rolls back', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await enqueueJob(tx, { queue: 'q', payload: {}, ownerId: null });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await ctx.db.select().from(jobs)).toHaveLength(0);
  });

  describe('the worker', () => {
    const handlerOf = (run: JobHandler['run'], extra: Partial<JobHandler> = {}): JobHandler => ({ queue: 'w', run, ...extra });

    /**
     * A worker whose jobs each run until the test lets them end, recording whose job started
     * when: the order the queue served owners in, with the jobs of the moment running.
     */
    function gatedWorker(concurrency: number, maxRunningPerOwner = 1) {
      const started: string[] = [];
      const running: Array<() => void> = [];
      let open = false;
      const worker = createJobWorker({
        db: ctx.db,
        log: quiet,
        concurrency,
        pollIntervalMs: 20,
        policy: { ...policy, maxRunningPerOwner },
        handler: handlerOf(async (job) => {
          started.push((job.payload as { owner: string }).owner);
          if (!open) await new Promise<void>((resolve) => running.push(resolve));
        }),
      });
      const waitFor = async (check: () => boolean) => {
        for (let tries = 0; tries < 300 && !check(); tries++) await sleep(10);
      };
      return {
        worker,
        started,
        /** Lets the longest-running job end, and waits until its slot has had time to take the next. */
        finishOne: async () => {
          await waitFor(() => running.length > 0);
          const count = started.length;
          running.shift()?.();
          await waitFor(() => started.length > count);
          await sleep(100);
        },
        /** Every job ends at once from now on. */
        openAll: () => {
          open = true;
          for (const resolve of running.splice(0)) resolve();
        },
        waitFor,
      };
    }
    const enqueueFor = (owner: string, label = owner) => enqueueJob(ctx.db, { queue: 'w', payload: { owner: label }, ownerId: owner });
    /** An account that is not new (new accounts share one running budget). */
    const established = async () => {
      const user = await signedInUser(ctx.app);
      await ctx.db.update(users).set({ createdAt: sql`now() - interval '30 days'` }).where(eq(users.id, user.id));
      return user;
    };

    it.each([1, 2])('starts another teacher’s video after at most one of ten queued by one account (%i at once)', async (concurrency) => {
      const busy = await established();
      const other = await established();
      for (let i = 0; i < 10; i++) await enqueueFor(busy.id, 'busy');
      const { worker, started, finishOne, openAll, waitFor } = gatedWorker(concurrency);
      const drained = worker.drain();
      await waitFor(() => started.length > 0);
      // Time for every idle slot to claim what it may.
      await sleep(200);
      await enqueueFor(other.id, 'other');
      for (let round = 0; round < 10 && !started.includes('other'); round++) {
        // The other teacher's video takes a free slot at once, or the first one to come free.
        await sleep(200);
        if (!started.includes('other')) await finishOne();
      }
      expect(started.indexOf('other')).toBeGreaterThan(0);
      expect(started.slice(0, started.indexOf('other')).filter((owner) => owner === 'busy').length).toBeLessThanOrEqual(1);
      openAll();
      expect(await drained).toBe(11);
    });

    it('keeps a slot for other teachers: one account runs one job at a time however many it queued', async () => {
      const busy = await established();
      for (let i = 0; i < 3; i++) await enqueueFor(busy.id, 'busy');
      const { worker, started, finishOne, openAll } = gatedWorker(3);
      const drained = worker.drain();
      await sleep(300);
      expect(started).toEqual(['busy']);
      await finishOne();
      expect(started).toEqual(['busy', 'busy']);
      openAll();
      expect(await drained).toBe(3);
    });

    it('lets five new accounts together hold one slot, and serves an established teacher before them', async () => {
      const newcomers = await Promise.all(Array.from({ length: 5 }, () => signedInUser(ctx.app)));
      const teacher = await established();
      for (const newcomer of newcomers) await enqueueFor(newcomer.id, 'new');
      const { worker, started, finishOne, openAll, waitFor } = gatedWorker(2);
      const drained = worker.drain();
      await waitFor(() => started.length > 0);
      await sleep(300);
      // Two slots, but the new accounts share one.
      expect(started).toEqual(['new']);
      await enqueueFor(teacher.id, 'teacher');
      await waitFor(() => started.includes('teacher'));
      expect(started).toEqual(['new', 'teacher']);
      // Each keeps to its slot: a newcomer's job ending lets the next newcomer in, the teacher's lets the teacher's next in.
      await enqueueFor(teacher.id, 'teacher');
      await finishOne();
      await finishOne();
      expect(started).toEqual(['new', 'teacher', 'new', 'teacher']);
      openAll();
      expect(await drained).toBe(7);
    });

    it('serves an established teacher before new accounts that queued earlier, with one slot', async () => {
      const newcomers = await Promise.all(Array.from({ length: 5 }, () => signedInUser(ctx.app)));
      const teacher = await established();
      for (const newcomer of newcomers) await enqueueFor(newcomer.id, 'new');
      const { worker, started, finishOne, openAll, waitFor } = gatedWorker(1);
      const drained = worker.drain();
      await waitFor(() => started.length > 0);
      await enqueueFor(teacher.id, 'teacher');
      await finishOne();
      expect(started).toEqual(['new', 'teacher']);
      openAll();
      expect(await drained).toBe(6);
    });

    it('runs due jobs, records progress under a renewed lease, and retries a failure', async () => {
      const seen: number[] = [];
      const retried: string[] = [];
      let calls = 0;
      const worker = createJobWorker({
        db: ctx.db,
        log: quiet,
        concurrency: 1,
        pollIntervalMs: 0,
        policy: { ...policy, leaseMs: 300 },
        handler: handlerOf(
          async (job, { progress }) => {
            calls += 1;
            if (calls === 1) throw new Error('first attempt breaks');
            progress(50);
            // Longer than the lease: the heartbeat keeps it.
            await sleep(500);
            seen.push((job.payload as { n: number }).n);
          },
          { onRetry: async (_job, error) => void retried.push(error) },
        ),
      });
      const id = (await enqueueJob(ctx.db, { queue: 'w', payload: { n: 7 }, ownerId: null }))!;
      expect(await worker.drain()).toBe(1);
      expect(retried).toEqual(['first attempt breaks']);
      await travel(id, 30_000);
      expect(await worker.drain()).toBe(1);
      expect(seen).toEqual([7]);
      expect(await rowOf(id)).toMatchObject({ state: 'done', attempts: 2 });
    });

    it('gives up a permanent failure at once, and a job whose workers kept dying', async () => {
      const givenUp: string[] = [];
      const worker = createJobWorker({
        db: ctx.db,
        log: quiet,
        concurrency: 1,
        pollIntervalMs: 0,
        policy,
        handler: handlerOf(
          async () => {
            throw new PermanentJobError('not a video');
          },
          { onGiveUp: async (_job, error) => void givenUp.push(error) },
        ),
      });
      const permanent = (await enqueueJob(ctx.db, { queue: 'w', payload: {}, ownerId: null }))!;
      await worker.drain();
      expect(await rowOf(permanent)).toMatchObject({ state: 'failed', attempts: 1, lastError: 'not a video' });

      // Claimed by workers that died, as many times as it may be tried.
      const poison = (await enqueueJob(ctx.db, { queue: 'w', payload: {}, ownerId: null, maxAttempts: 2 }))!;
      for (let i = 0; i < 2; i++) {
        await claimJob(ctx.db, 'w', `dead-${i}`, policy);
        await travel(poison, policy.leaseMs + 1000);
      }
      await worker.drain();
      expect(await rowOf(poison)).toMatchObject({ state: 'failed', attempts: 3 });
      expect(givenUp).toEqual(['not a video', expect.stringContaining('stopped 2 times')]);
    });

    it('stops the job in flight when the server stops, and puts it back in the queue without counting the attempt', async () => {
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const worker = createJobWorker({
        db: ctx.db,
        log: quiet,
        concurrency: 1,
        pollIntervalMs: 0,
        policy,
        handler: handlerOf(
          (_job, { signal }) =>
            new Promise<void>((_resolve, reject) => {
              started();
              signal.addEventListener('abort', () => reject(signal.reason as Error));
            }),
        ),
      });
      const id = (await enqueueJob(ctx.db, { queue: 'w', payload: {}, ownerId: null }))!;
      const drained = worker.drain();
      await running;
      worker.backgroundJob.stop!();
      await drained;
      expect(await rowOf(id)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
    });

    it('stops a job whose lease another worker took over', { timeout: 20_000 }, async () => {
      let aborted: unknown;
      const worker = createJobWorker({
        db: ctx.db,
        log: quiet,
        concurrency: 1,
        pollIntervalMs: 0,
        policy: { ...policy, leaseMs: 150 },
        handler: handlerOf(
          (job, { signal }) =>
            new Promise<void>((_resolve, reject) => {
              // Another worker takes the job over (as after a long pause of this one).
              // (A drizzle query runs only once awaited or then'd.)
              void ctx.db
                .update(jobs)
                .set({ lockedBy: 'thief' })
                .where(eq(jobs.id, job.id))
                .then(() => {});
              signal.addEventListener('abort', () => {
                aborted = signal.reason;
                reject(signal.reason as Error);
              });
            }),
        ),
      });
      const id = (await enqueueJob(ctx.db, { queue: 'w', payload: {}, ownerId: null }))!;
      await worker.drain();
      expect(String(aborted)).toContain('taken over');
      expect(await rowOf(id)).toMatchObject({ state: 'running', lockedBy: 'thief' });
    });
  });
});
