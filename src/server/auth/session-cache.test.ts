import { describe, expect, it } from 'vitest';
import type { SessionUser } from './guards';
import { SessionCache, UNCONFIRMED_TRUST_MS } from './session-cache';

const userOf = (id: string): SessionUser => ({ id, name: id, email: `${id}@example.com`, image: null, isAdmin: false });
const farFuture = new Date(Date.now() + 24 * 60 * 60 * 1000);

function cacheAt(options: { maxEntries?: number; ttlMs?: number } = {}) {
  const clock = { now: 1_000_000 };
  const cache = new SessionCache({ maxEntries: options.maxEntries ?? 10, ttlMs: options.ttlMs ?? 30_000, now: () => clock.now });
  cache.setChannelUp(true);
  const put = (key: string, user: SessionUser, sessionExpiresAt = farFuture) => cache.set(key, user, { sessionExpiresAt, generation: cache.currentGeneration });
  return { cache, clock, put };
}

describe('session cache', () => {
  it('answers a kept session until its time to live ends', () => {
    const { cache, clock, put } = cacheAt({ ttlMs: 5000 });
    put('a', userOf('u1'));
    clock.now += 4999;
    expect(cache.get('a')?.id).toBe('u1');
    clock.now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never keeps a session past its own expiry', () => {
    const { cache, clock, put } = cacheAt({ ttlMs: 30_000 });
    put('a', userOf('u1'), new Date(clock.now + 1000));
    clock.now += 1000;
    expect(cache.get('a')).toBeUndefined();
    put('b', userOf('u1'), new Date(clock.now - 1));
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries, dropping the least recently used first', () => {
    const { cache, put } = cacheAt({ maxEntries: 3 });
    put('a', userOf('u1'));
    put('b', userOf('u2'));
    put('c', userOf('u3'));
    cache.get('a');
    put('d', userOf('u4'));
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => cache.get(key)?.id)).toEqual(['u1', 'u3', 'u4']);
  });

  it('drops every session of an invalidated user and only theirs', () => {
    const { cache, put } = cacheAt();
    put('phone', userOf('u1'));
    put('laptop', userOf('u1'));
    put('other', userOf('u2'));
    cache.invalidateUser('u1');
    expect(cache.get('phone')).toBeUndefined();
    expect(cache.get('laptop')).toBeUndefined();
    expect(cache.get('other')?.id).toBe('u2');
  });

  it('does not store what a lookup read before an invalidation arrived', () => {
    const { cache } = cacheAt();
    const generation = cache.currentGeneration;
    cache.invalidateUser('u1');
    cache.set('a', userOf('u1'), { sessionExpiresAt: farFuture, generation });
    expect(cache.get('a')).toBeUndefined();
  });

  it('trusts a kept session for a second at most while invalidations do not arrive, and forgets everything when they arrive again', () => {
    const { cache, clock, put } = cacheAt();
    cache.setChannelUp(false);
    put('a', userOf('u1'));
    clock.now += UNCONFIRMED_TRUST_MS - 1;
    expect(cache.get('a')?.id).toBe('u1');
    clock.now += 1;
    expect(cache.get('a')).toBeUndefined();

    put('b', userOf('u2'));
    cache.setChannelUp(true);
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps nothing when turned off', () => {
    for (const options of [{ maxEntries: 0 }, { ttlMs: 0 }]) {
      const { cache, put } = cacheAt(options);
      put('a', userOf('u1'));
      expect(cache.get('a')).toBeUndefined();
    }
  });
});
