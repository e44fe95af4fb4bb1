import type { BetterAuthRateLimitStorage } from 'better-auth';
import { Redis } from 'ioredis';
import { AppError } from '../errors';

/**
 * One atomic step per request: count it, start the window on the first request, and report
 * the count and the milliseconds left in the window. A fixed window per key; the key already
 * names the client address and the endpoint.
 */
const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

/** Takes one request back from a count that has any, keeping its window. */
const GIVE_BACK_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

export type RedisRateLimitStorage = BetterAuthRateLimitStorage & { forget(keys: string[]): Promise<void>; giveBack(key: string): Promise<void>; close(): Promise<void> };

/**
 * better-auth rate-limit storage in Redis (REDIS_URL), shared by every server process.
 * When Redis cannot be reached the request is refused with 503 rather than let through
 * unlimited or left waiting.
 */
export function createRedisRateLimitStorage(url: string, keyPrefix = 'marketplace:rate-limit:'): RedisRateLimitStorage {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 2000,
  });
  // Connection errors surface on the command that failed; keep them off the process.
  redis.on('error', () => {});

  return {
    async consume(key, rule) {
      const windowMs = rule.window * 1000;
      let result: [number, number];
      try {
        result = (await redis.eval(CONSUME_SCRIPT, 1, `${keyPrefix}${key}`, windowMs)) as [number, number];
      } catch {
        // Thrown through better-auth's router to the app's error handler: 503 in the API's shape.
        throw new AppError('SERVICE_UNAVAILABLE', 'The service is briefly unavailable, try again shortly');
      }
      const [count, ttlMs] = result;
      if (count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil(ttlMs / 1000)) };
    },
    async forget(keys) {
      if (!keys.length) return;
      try {
        await redis.del(...keys.map((key) => `${keyPrefix}${key}`));
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', 'The service is briefly unavailable, try again shortly');
      }
    },
    async giveBack(key) {
      try {
        await redis.eval(GIVE_BACK_SCRIPT, 1, `${keyPrefix}${key}`);
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', 'The service is briefly unavailable, try again shortly');
      }
    },
    async close() {
      if (redis.status === 'end' || redis.status === 'wait') {
        redis.disconnect();
        return;
      }
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
