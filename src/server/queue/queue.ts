import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { lockPerUser } from '../db/locks';
import { jobs } from '../db/schema';
import { AppError } from '../errors';

/**
 * A small durable job queue on PostgreSQL (the server, or the embedded PGlite alike): one
 * table, `jobs`. Enqueued in the transaction of the change that asks for the work, so a crash
 * after the commit loses no job; claimed with `FOR UPDATE SKIP LOCKED`, so several workers
 * (in one process or many) never take the same row; held under a lease that the worker renews
 * while it works, so a job whose worker died (killed, out of memory, the machine gone) is
 * taken over once its lease runs out; retried with an exponential back-off.
 */

export type JobRow = typeof jobs.$inferSelect;
export type JobState = JobRow['state'];

export type QueuePolicy = {
  /** How long a claim holds a job without a heartbeat; a worker renews it several times within. */
  leaseMs: number;
  /** The first retry waits this long, each next one twice as long… */
  retryBaseMs: number;
  /** …up to this. */
  retryMaxMs: number;
  /**
   * Jobs one owner may have running at once, across every worker; accounts younger than
   * NEW_OWNER_HOURS share one such budget between them. Unset: no bound.
   */
  maxRunningPerOwner?: number;
};

/** An account this new shares the running budget of every other new account (a few fresh sign-ups are one owner to the queue). */
export const NEW_OWNER_HOURS = 24;
/** The window in which an owner's finished jobs count as recently served. */
const RECENTLY_SERVED_HOURS = 1;

export const defaultQueuePolicy: QueuePolicy = { leaseMs: 60_000, retryBaseMs: 30_000, retryMaxMs: 30 * 60_000 };

export const retryDelayMs = (policy: QueuePolicy, attempts: number) => Math.min(policy.retryBaseMs * 2 ** Math.max(0, attempts - 1), policy.retryMaxMs);

const ACTIVE = sql.raw(`('queued', 'running')`);

export type EnqueueOptions = {
  queue: string;
  payload: unknown;
  /** Whose work it is: counted against `maxActivePerOwner`, and shared fairly with other owners' work. Null for the server's own. */
  ownerId: string | null;
  /** At most one queued or running job per key in the queue: a second request for the same work joins the first. */
  dedupeKey?: string;
  maxAttempts?: number;
  /** Queued and running jobs one owner may have in this queue at once; past it, enqueueing is refused. */
  maxActivePerOwner?: number;
};

/**
 * Adds a job; best called with the transaction of the change that asks for it. Answers the
 * id of the new job, or null when a queued or running job with the same `dedupeKey` already
 * does this work. Refused with JOB_LIMIT_REACHED past the owner's bound.
 */
export async function enqueueJob(db: Database, options: EnqueueOptions): Promise<string | null> {
  const { queue, payload, ownerId, dedupeKey, maxAttempts = 3, maxActivePerOwner } = options;
  return db.transaction(async (tx) => {
    if (ownerId !== null && maxActivePerOwner !== undefined) {
      // Counted and inserted under the owner's lock: two requests at once cannot both take the last place.
      await lockPerUser(tx as unknown as Database, `jobs:${queue}`, ownerId);
      const [active] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(jobs)
        .where(and(eq(jobs.queue, queue), eq(jobs.ownerId, ownerId), sql`${jobs.state} in ${ACTIVE}`));
      if ((active?.count ?? 0) >= maxActivePerOwner) {
        throw new AppError('JOB_LIMIT_REACHED', `At most ${maxActivePerOwner} videos may wait for processing at once; try again once some are ready`);
      }
    }
    const inserted = await tx
      .insert(jobs)
      .values({ queue, payload, ownerId, dedupeKey: dedupeKey ?? null, maxAttempts })
      .onConflictDoNothing({ target: [jobs.queue, jobs.dedupeKey], where: sql`state in ${ACTIVE}` })
      .returning({ id: jobs.id });
    return inserted[0]?.id ?? null;
  });
}

/**
 * Takes the next due job of the queue for `workerId`: a queued job whose time has come, or a
 * running one whose lease ran out (its worker died). Fair across owners: an owner already
 * running `maxRunningPerOwner` jobs gets no other until one ends (new accounts, together, count
 * as one owner), so the other slots stay free for other owners; among the rest, owners with
 * fewer jobs running go first, established accounts before new ones, then those served least in
 * the last hour, then the oldest job. One owner's long list thus delays another's video by at
 * most the job already running. The claim counts an attempt and sets the lease; claims take
 * turns (an advisory lock per queue), so two workers cannot both take an owner's last slot.
 */
export async function claimJob(db: Database, queue: string, workerId: string, policy: QueuePolicy = defaultQueuePolicy): Promise<JobRow | null> {
  const maxRunning = policy.maxRunningPerOwner ?? null;
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('jobs:claim'), hashtext(${queue}))`);
    const result = await tx.execute<Record<string, unknown>>(sql`
      with live as (
        -- Running under a live lease: a job whose worker died holds no slot.
        select r.owner_id, coalesce(u.created_at > now() - make_interval(hours => ${NEW_OWNER_HOURS}), false) as new_owner
        from jobs r left join users u on u.id = r.owner_id
        where r.queue = ${queue} and r.state = 'running' and r.locked_until >= now() and r.owner_id is not null
      ),
      running as (select owner_id, count(*) as n from live group by owner_id),
      served as (
        select owner_id, count(*) as n from jobs
        where queue = ${queue} and finished_at > now() - make_interval(hours => ${RECENTLY_SERVED_HOURS}) and owner_id is not null
        group by owner_id
      ),
      candidates as (
        select j.id, j.run_at, j.created_at,
          coalesce(running.n, 0) as running,
          coalesce(u.created_at > now() - make_interval(hours => ${NEW_OWNER_HOURS}), false) as new_owner,
          coalesce(served.n, 0) as served
        from jobs j
        left join users u on u.id = j.owner_id
        left join running on running.owner_id = j.owner_id
        left join served on served.owner_id = j.owner_id
        where j.queue = ${queue}
          and j.run_at <= now()
          and (j.state = 'queued' or (j.state = 'running' and j.locked_until < now()))
      )
      update jobs set
        state = 'running',
        attempts = attempts + 1,
        locked_by = ${workerId},
        locked_until = now() + make_interval(secs => ${policy.leaseMs / 1000}),
        updated_at = now()
      where id = (
        select c.id from candidates c
        join jobs j on j.id = c.id
        where j.owner_id is null or ${maxRunning}::int is null or (
          c.running < ${maxRunning}::int
          and (not c.new_owner or (select count(*) from live where live.new_owner) < ${maxRunning}::int)
        )
        order by c.running, c.new_owner, c.served, c.run_at, c.created_at
        limit 1
        for update of j skip locked
      )
      returning id`);
    return result.rows[0]?.id as string | undefined;
  });
  if (!id) return null;
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

/** Only the current holder may change a running job: a worker that lost its lease changes nothing. */
const heldBy = (job: Pick<JobRow, 'id'>, workerId: string) => and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.state, 'running'));

/**
 * Renews the lease (and records the progress). False when the job is no longer this worker's:
 * its lease ran out and another worker took it, or it was finished meanwhile; the worker
 * must then stop working on it.
 */
export async function heartbeat(db: Database, job: Pick<JobRow, 'id'>, workerId: string, progress?: number, policy: QueuePolicy = defaultQueuePolicy): Promise<boolean> {
  const renewed = await db
    .update(jobs)
    .set({
      lockedUntil: sql`now() + make_interval(secs => ${policy.leaseMs / 1000})`,
      ...(progress === undefined ? {} : { progress: Math.max(0, Math.min(100, Math.round(progress))) }),
    })
    .where(heldBy(job, workerId))
    .returning({ id: jobs.id });
  return renewed.length > 0;
}

/** The work is done. False when the job was no longer this worker's (see heartbeat). */
export async function completeJob(db: Database, job: Pick<JobRow, 'id'>, workerId: string): Promise<boolean> {
  const done = await db
    .update(jobs)
    .set({ state: 'done', progress: 100, lockedBy: null, lockedUntil: null, lastError: null, finishedAt: sql`now()` })
    .where(heldBy(job, workerId))
    .returning({ id: jobs.id });
  return done.length > 0;
}

export type FailureOutcome = 'retry' | 'failed' | 'lost';

/**
 * An attempt failed: the job waits for its back-off and runs again, or, after its last
 * attempt (or a failure that no retry can mend), it is failed for good. `lost` when the job
 * was no longer this worker's.
 */
export async function failJob(
  db: Database,
  job: Pick<JobRow, 'id' | 'attempts' | 'maxAttempts'>,
  workerId: string,
  error: string,
  { retryable = true, policy = defaultQueuePolicy }: { retryable?: boolean; policy?: QueuePolicy } = {},
): Promise<FailureOutcome> {
  const final = !retryable || job.attempts >= job.maxAttempts;
  const changed = await db
    .update(jobs)
    .set({
      lockedBy: null,
      lockedUntil: null,
      lastError: error.slice(0, 2000),
      ...(final
        ? { state: 'failed' as const, finishedAt: sql`now()` }
        : { state: 'queued' as const, runAt: sql`now() + make_interval(secs => ${retryDelayMs(policy, job.attempts) / 1000})` }),
    })
    .where(heldBy(job, workerId))
    .returning({ id: jobs.id });
  if (changed.length === 0) return 'lost';
  return final ? 'failed' : 'retry';
}

/** The worker is stopping (the server shuts down): the job goes back to the queue at once, and this attempt does not count. */
export async function releaseJob(db: Database, job: Pick<JobRow, 'id'>, workerId: string): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'queued', attempts: sql`greatest(${jobs.attempts} - 1, 0)`, lockedBy: null, lockedUntil: null, runAt: sql`now()` })
    .where(heldBy(job, workerId));
}

/** Finished jobs (done or failed) are kept this long for inspection, then deleted. */
export async function pruneFinishedJobs(db: Database, keepDays = 30): Promise<number> {
  const removed = await db
    .delete(jobs)
    .where(and(inArray(jobs.state, ['done', 'failed']), lt(jobs.finishedAt, sql`now() - make_interval(days => ${keepDays})`)))
    .returning({ id: jobs.id });
  return removed.length;
}
