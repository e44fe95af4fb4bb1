import { eq } from 'drizzle-orm';
import { bigint, pgTable, smallint } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, DatabaseHandle, ListenOptions } from '../db/client';
import { prepared } from '../db/prepared';
import { catchUpAfterRoutesThatChange } from '../http/effects';
import { noCacheCounters, type CacheCounters } from '../cache-counters';

export type CatalogCacheOptions = {
  /** Entries to keep; the least recently used go first. 0 turns the cache off. */
  maxEntries?: number;
  /** Upper bound on an entry's life even when nothing changed (a safety net, not the freshness rule). */
  ttlMs?: number;
  /**
   * How long a version read may be reused before asking the database again. 0 (the default)
   * asks on every request: a change is seen by the next request after its commit. A few
   * hundred milliseconds spare the database round trip on busy servers, at the price of
   * showing the old catalogue for up to that long after a change.
   */
  maxStaleMs?: number;
  /** Where the version is known without asking (the embedded database's notices); asked otherwise. */
  versionFeed?: CatalogVersionFeed;
  /** Where each lookup is counted (a load shared with a request already running it counts as a hit). */
  counters?: CacheCounters;
};

/** The catalogue's current version, or null when its row is missing (a database being emptied). */
export async function readCatalogVersion(db: Database): Promise<string | null> {
  const statement = prepared(db, 'catalog_version', () =>
    db.select({ version: catalogVersion.version }).from(catalogVersion).where(eq(catalogVersion.id, 1)).prepare('catalog_version'),
  );
  const [row] = await statement.execute();
  return row ? String(row.version) : null;
}

/** The channel migration 0006_catalog_version_notice announces every new catalogue version on. */
export const CATALOG_VERSION_CHANNEL = 'catalog_version';

type Listen = DatabaseHandle['listen'];

/**
 * The catalogue's version as the database announces it, so that a cache hit costs no round trip.
 * On the embedded PGlite a notice arrives before the change that caused it has returned to its
 * caller. On the PostgreSQL server notices arrive a moment after the commit: other processes see
 * a change within milliseconds, and this process's own changes are waited for by `sync` (run after
 * every request that can change the catalogue, see `registerCatalogSync`). Unknown (so the cache
 * reads the version per request, as without a feed) until the first read, while the channel is
 * down, and after a failed `sync` until a new read succeeds.
 */
export class CatalogVersionFeed {
  private latest: bigint | null = null;
  private listening = false;
  private stop: (() => Promise<void>) | undefined;
  private readVersion: (() => Promise<string | null>) | undefined;
  private refreshing: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();

  /** Calls `listener` whenever a newer version becomes known (a notice, or a read). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The version to use without asking, or undefined when the database must be asked. */
  get version(): string | undefined {
    if (!this.listening) return undefined;
    if (this.latest === null) {
      // Listening again, or a read failed: learn the version in the background meanwhile.
      void this.refresh();
      return undefined;
    }
    return String(this.latest);
  }

  /** Follows the notices, then reads the current version once (a notice during the read wins if newer). */
  async start(listen: Listen, readVersion: () => Promise<string | null>, { log, ...listenOptions }: ListenOptions & { log?: FastifyBaseLogger } = {}): Promise<void> {
    this.readVersion = readVersion;
    let started = false;
    this.stop = await listen(
      CATALOG_VERSION_CHANNEL,
      {
        onPayload: (payload) => this.offer(payload),
        onListening: (up, reason) => {
          // What was announced while the channel was down never arrives: unknown until read again.
          if (!up) this.latest = null;
          if (!up && this.listening) log?.warn({ reason }, 'catalogue version notices do not arrive: the version is read per request');
          if (up && !this.listening && started) log?.info('catalogue version notices arrive again');
          this.listening = up;
        },
      },
      listenOptions,
    );
    started = true;
    await this.refresh();
  }

  /**
   * Resolves once this process knows a version at least as new as every change committed before
   * the call (it reads the version after them), so that the next request sees them.
   */
  async sync(): Promise<void> {
    if (!this.listening || !this.readVersion) return;
    try {
      const current = await this.readVersion();
      if (current !== null) this.offer(current);
    } catch {
      // The change may be unseen: stop trusting the announced version until a read succeeds.
      this.latest = null;
    }
  }

  async close(): Promise<void> {
    this.listening = false;
    await this.stop?.();
  }

  private refresh(): Promise<void> {
    this.refreshing ??= this.sync().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private offer(version: string): void {
    if (!/^\d+$/.test(version)) return;
    const value = BigInt(version);
    if (this.latest !== null && value <= this.latest) return;
    const changed = this.latest !== null;
    this.latest = value;
    if (changed) for (const listener of this.listeners) listener();
  }
}

/**
 * Holds the answer of each request whose route declares that it may change the catalogue until
 * the feed knows the new version, so that the caller's next request on this process sees the
 * change (other processes learn it from the notice).
 */
export function registerCatalogSync(app: FastifyInstance, feed: CatalogVersionFeed): void {
  catchUpAfterRoutesThatChange(app, 'catalogue', () => feed.sync());
}

/** The one-row change counter of migration 0002_catalog_search (kept out of the shared schema: only the catalogue reads it). */
const catalogVersion = pgTable('catalog_version', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'bigint' }).notNull(),
});

export type CacheView = {
  get<T>(key: string, load: () => PromiseLike<T>, options?: GetOptions): Promise<T>;
  /** False when nothing is kept: work done only to be reused later is then wasted. */
  keeps: boolean;
};

export type GetOptions = {
  /**
   * A part that many requests share (a filter set's total, its anchors, a search's ranked
   * window, the categories): kept at its first miss, while a whole answer waits for its second.
   */
  shared?: boolean;
};

/** For callers with no cache, or with the cache turned off. */
export const uncached: CacheView = { get: async (_key, load) => await load(), keeps: false };

type Entry = { version: string; expiresAt: number; value: Promise<unknown> };
type Load = { version: string; value: Promise<unknown> };

/**
 * A small in-process cache for the catalogue's public reads (listing pages, counts,
 * categories, suggestions). Entries are keyed by the catalogue's version number, which
 * every write to courses, categories or subcategories bumps in its own transaction
 * (trigger in migration 0002_catalog_search), so nothing stale is served once a change
 * has committed (on another process: once its notice arrived, within milliseconds).
 *
 * The version comes from the database's notices (`CatalogVersionFeed`); while they do not
 * arrive, it is read per request, one primary-key lookup. Requests that arrive while a lookup is
 * in flight share it, so under load the version costs a fraction of a query per
 * request; such a request may miss a write that committed during that one round trip.
 * Concurrent misses for one key share one load too, so a burst never runs the same
 * query twice.
 *
 * Once full, an answer is kept only at its second miss within the last `maxEntries` first
 * misses (a doorkeeper, as in TinyLFU): a stream of addresses asked for once (random pages, a
 * crawler) then passes through without pushing out the entries asked for again and again.
 */
export class CatalogCache {
  private readonly entries = new Map<string, Entry>();
  /** Loads not kept (refused at the door), shared by the requests that miss while they run. */
  private readonly passing = new Map<string, Load>();
  /** Keys missed once, not kept yet; cleared when it holds `maxEntries`. */
  private readonly seenOnce = new Set<string>();
  private versionLookup: Promise<string | null> | null = null;
  private lastRead: { version: string | null; startedAt: number } | null = null;
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly maxStaleMs: number;
  private readonly versionFeed: CatalogVersionFeed | undefined;
  private readonly counters: CacheCounters;

  constructor(
    private readonly db: Database,
    { maxEntries = 5000, ttlMs = 5 * 60_000, maxStaleMs = 0, versionFeed, counters = noCacheCounters }: CatalogCacheOptions = {},
  ) {
    this.versionFeed = versionFeed;
    this.counters = counters;
    this.maxEntries = maxEntries;
    this.ttlMs = ttlMs;
    this.maxStaleMs = maxStaleMs;
  }

  /**
   * The cache as of the catalogue's current version: read the version once per request,
   * then look up as many entries as the request needs.
   */
  async view(): Promise<CacheView> {
    if (this.maxEntries === 0) return uncached;
    // No version row (a database being emptied): serve uncached rather than guess.
    const version = await this.version();
    return version === null ? uncached : { get: (key, load, options) => this.getAt(version, key, load, options), keeps: true };
  }

  /** The cached value for `key`, or `load()`'s, which is then kept until the catalogue changes. */
  async get<T>(key: string, load: () => PromiseLike<T>, options?: GetOptions): Promise<T> {
    return (await this.view()).get(key, load, options);
  }

  private getAt<T>(version: string, key: string, load: () => PromiseLike<T>, options: GetOptions = {}): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.version === version && hit.expiresAt > now) {
      // Map order is insertion order: moving the entry to the end keeps the eviction order LRU.
      this.entries.delete(key);
      this.entries.set(key, hit);
      this.counters.hit();
      return hit.value as Promise<T>;
    }
    const running = this.passing.get(key);
    if (running?.version === version) {
      this.counters.hit();
      return running.value as Promise<T>;
    }
    this.counters.miss();
    // Drizzle's query builders are lazy thenables that run their query on every `then`:
    // settle the load once into a real promise that every waiter shares.
    const value = (async () => await load())();
    // An entry of an older version was kept already: its key has earned its place.
    if (!hit && !options.shared && !this.admits(key)) {
      this.passing.set(key, { version, value });
      const done = () => {
        if (this.passing.get(key)?.value === value) this.passing.delete(key);
      };
      value.then(done, done);
      return value;
    }
    this.entries.delete(key);
    this.entries.set(key, { version, expiresAt: now + this.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return value;
  }

  /** While there is room every key enters; then a key enters at its second miss. */
  private admits(key: string): boolean {
    if (this.entries.size < this.maxEntries) return true;
    if (this.seenOnce.delete(key)) return true;
    if (this.seenOnce.size >= this.maxEntries) this.seenOnce.clear();
    this.seenOnce.add(key);
    return false;
  }

  clear() {
    this.entries.clear();
    this.passing.clear();
    this.seenOnce.clear();
  }

  private version(): Promise<string | null> {
    const announced = this.versionFeed?.version;
    if (announced !== undefined) return Promise.resolve(announced);
    const last = this.lastRead;
    if (last && this.maxStaleMs > 0 && Date.now() - last.startedAt <= this.maxStaleMs) return Promise.resolve(last.version);
    this.versionLookup ??= (async () => {
      const startedAt = Date.now();
      try {
        const version = await this.readVersion();
        this.lastRead = { version, startedAt };
        return version;
      } finally {
        this.versionLookup = null;
      }
    })();
    return this.versionLookup;
  }

  private readVersion(): Promise<string | null> {
    return readCatalogVersion(this.db);
  }
}
