import { noCacheCounters, type CacheCounters } from '../cache-counters';
import type { SessionUser } from './guards';

/**
 * While the invalidation channel is down (or not yet confirmed), a kept session is trusted for
 * this long at most: a sign-out or a disabled account on another process then takes effect
 * within about a second, as it does through the channel.
 */
export const UNCONFIRMED_TRUST_MS = 1000;

type Entry = { user: SessionUser; storedAt: number; expiresAt: number };

export type SessionCacheOptions = {
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
  counters?: CacheCounters;
};

/**
 * Resolved sessions of this process, keyed by the credential the client sent (the signed session
 * cookie or the bearer token, exactly as sent, so only a credential better-auth once verified can
 * hit). Bounded (least recently used entries leave first) and short-lived; every entry of a user
 * is dropped when the database announces that the user's sessions or account changed.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysByUser = new Map<string, Set<string>>();
  private readonly now: () => number;
  private readonly counters: CacheCounters;
  /** Counts invalidations, so that a lookup that raced one does not store what it read before it. */
  private generation = 0;
  /** Whether invalidations currently reach this process; false until the channel is listening. */
  private channelUp = false;

  constructor(private readonly options: SessionCacheOptions) {
    this.now = options.now ?? Date.now;
    this.counters = options.counters ?? noCacheCounters;
  }

  get enabled(): boolean {
    return this.options.maxEntries > 0 && this.options.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The moment a lookup starts: pass it to `set`, which ignores a result an invalidation overtook. */
  get currentGeneration(): number {
    return this.generation;
  }

  get(key: string): SessionUser | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.counters.miss();
      return undefined;
    }
    const now = this.now();
    const trustedUntil = this.channelUp ? entry.expiresAt : Math.min(entry.expiresAt, entry.storedAt + UNCONFIRMED_TRUST_MS);
    if (now >= trustedUntil) {
      this.delete(key, entry);
      this.counters.miss();
      return undefined;
    }
    this.counters.hit();
    // Most recently used last: Map keeps insertion order, so the first key is the eviction candidate.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.user;
  }

  set(key: string, user: SessionUser, { sessionExpiresAt, generation }: { sessionExpiresAt: Date; generation: number }): void {
    if (!this.enabled || generation !== this.generation) return;
    const now = this.now();
    const expiresAt = Math.min(now + this.options.ttlMs, sessionExpiresAt.getTime());
    if (expiresAt <= now) return;
    const previous = this.entries.get(key);
    if (previous) this.delete(key, previous);
    while (this.entries.size >= this.options.maxEntries) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, Entry];
      this.delete(oldestKey, oldest);
    }
    this.entries.set(key, { user, storedAt: now, expiresAt });
    let keys = this.keysByUser.get(user.id);
    if (!keys) this.keysByUser.set(user.id, (keys = new Set()));
    keys.add(key);
  }

  /** Drops every kept session of the user (signed out, disabled, new password, new role, new profile). */
  invalidateUser(userId: string): void {
    this.generation += 1;
    const keys = this.keysByUser.get(userId);
    if (!keys) return;
    this.keysByUser.delete(userId);
    for (const key of keys) this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.keysByUser.clear();
  }

  /**
   * The invalidation channel's state. Going up clears everything (what was announced while it
   * was down never arrived); while down, entries are trusted for UNCONFIRMED_TRUST_MS only.
   */
  setChannelUp(up: boolean): void {
    if (up && !this.channelUp) this.clear();
    this.channelUp = up;
  }

  private delete(key: string, entry: Entry): void {
    this.entries.delete(key);
    const keys = this.keysByUser.get(entry.user.id);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(entry.user.id);
  }
}
