/**
 * What a cache reports of each lookup (the metrics count them by cache and result: hit, miss).
 * A cache takes one from `app.metrics.cache(name)`, or `noCacheCounters` when nobody watches.
 */
export type CacheCounters = { hit(): void; miss(): void };

export const noCacheCounters: CacheCounters = { hit() {}, miss() {} };
