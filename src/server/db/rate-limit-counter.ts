import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from './client';
import { rateLimits } from './schema';

/**
 * The longest window any counter in `rate_limits` may use. better-auth shares the table and
 * prunes rows older than the longest window it knows of, so the auth setup declares this one
 * (see `passwordAttemptLimit`); otherwise an hour-long limit would be forgotten after a minute.
 */
export const COUNTER_WINDOW_MAX_SECONDS = 24 * 60 * 60;

export type CounterRule = { window: number; max: number };
export type CounterResult = { allowed: boolean; retryAfter: number | null };
/** The shape of better-auth's rate-limit storage, so one counter serves both. */
export type Counter = { consume(key: string, rule: CounterRule, now?: number): Promise<CounterResult> };
/**
 * A counter whose keys can also be wiped before their window ends (a proved owner's counters),
 * or given back one request (one that turned out to be the owner's).
 */
export type ForgettingCounter = Counter & { forget(keys: string[]): Promise<void>; giveBack(key: string): Promise<void> };

/**
 * A fixed-window counter in `rate_limits` (beside better-auth's rows, each user of it under a key
 * prefix of its own), counted in one atomic statement so that concurrent requests on several
 * processes cannot both slip through. `last_request` holds the start of the window.
 */
export function databaseCounter(db: Database): ForgettingCounter {
  return {
    async consume(key, rule, now = Date.now()) {
      if (rule.window > COUNTER_WINDOW_MAX_SECONDS) throw new Error(`a counter window of ${rule.window} s would be pruned early`);
      const windowMs = rule.window * 1000;
      const result = (await db.execute(sql`
        insert into ${rateLimits} (id, key, count, last_request)
        values (${randomUUID()}, ${key}, 1, ${now})
        on conflict (key) do update set
          count = case when ${rateLimits.lastRequest} <= ${now - windowMs} then 1 else ${rateLimits.count} + 1 end,
          last_request = case when ${rateLimits.lastRequest} <= ${now - windowMs} then ${now} else ${rateLimits.lastRequest} end
        returning count, last_request as window_start`)) as unknown as { rows: { count: number | string; window_start: number | string }[] };
      const row = result.rows[0]!;
      if (Number(row.count) <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((Number(row.window_start) + windowMs - now) / 1000)) };
    },
    async forget(keys) {
      if (keys.length) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
    },
    async giveBack(key) {
      await db.execute(sql`update ${rateLimits} set count = greatest(${rateLimits.count} - 1, 0) where ${rateLimits.key} = ${key}`);
    },
  };
}
