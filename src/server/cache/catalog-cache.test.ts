import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { categories } from '../db/schema';
import { CatalogCache, CatalogVersionFeed } from './catalog-cache';
import { insertCategory } from '../db/factories';

describe('catalogue cache', () => {
  const ctx = useTestApp();

  const counter = () => {
    let calls = 0;
    const load = async () => ++calls;
    return { load, calls: () => calls };
  };

  it('loads once while the catalogue is unchanged, and again after any write to it', async () => {
    const cache = new CatalogCache(ctx.db);
    const { load, calls } = counter();
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    expect(calls()).toBe(1);

    const category = await insertCategory(ctx.db, 'Arte');
    expect(await cache.get('k', load)).toBe(2);
    await ctx.db.update(categories).set({ name: 'Artes' }).where(eq(categories.id, category.id));
    expect(await cache.get('k', load)).toBe(3);
    expect(await cache.get('k', load)).toBe(3);
  });

  it('shares one load between concurrent callers', async () => {
    const cache = new CatalogCache(ctx.db);
    const { load, calls } = counter();
    const results = await Promise.all(Array.from({ length: 10 }, () => cache.get('k', load)));
    expect(results).toEqual(Array(10).fill(1));
    expect(calls()).toBe(1);
  });

  it('runs a lazy query builder once, however many wait for it', async () => {
    const cache = new CatalogCache(ctx.db);
    let runs = 0;
    const lazy = { then: (resolve: (value: number) => void) => resolve(++runs) } as PromiseLike<number>;
    await Promise.all([cache.get('k', () => lazy), cache.get('k', () => lazy)]);
    await cache.get('k', () => lazy);
    expect(runs).toBe(1);
  });

  it('does not keep a failure', async () => {
    const cache = new CatalogCache(ctx.db);
    await expect(cache.get('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('once full, keeps a key at its second miss, evicting the least recently used entry; and can be turned off', async () => {
    const cache = new CatalogCache(ctx.db, { maxEntries: 2 });
    const { load, calls } = counter();
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('a', load);
    expect(calls()).toBe(2);
    // Full: 'c' is loaded, not kept, at its first miss; kept at its second, in the place of 'b'.
    await cache.get('c', load);
    await cache.get('c', load);
    expect(calls()).toBe(4);
    await cache.get('c', load);
    await cache.get('a', load);
    expect(calls()).toBe(4);
    await cache.get('b', load);
    expect(calls()).toBe(5);

    const off = new CatalogCache(ctx.db, { maxEntries: 0 });
    const second = counter();
    await off.get('k', second.load);
    await off.get('k', second.load);
    expect(second.calls()).toBe(2);
  });

  it('keeps its entries asked for again and again through a stream of keys asked for once', async () => {
    const cache = new CatalogCache(ctx.db, { maxEntries: 10 });
    const { load, calls } = counter();
    const hot = Array.from({ length: 10 }, (_, index) => `page ${index}`);
    for (const key of hot) await cache.get(key, load);
    for (let index = 0; index < 1000; index++) await cache.get(`random page ${index}`, load);
    expect(calls()).toBe(1010);
    for (const key of hot) await cache.get(key, load);
    expect(calls()).toBe(1010);
  });

  it('keeps a part many requests share at its first miss, and shares a load it does not keep', async () => {
    const cache = new CatalogCache(ctx.db, { maxEntries: 1 });
    const { load, calls } = counter();
    await cache.get('a', load);
    await cache.get('total', load, { shared: true });
    await cache.get('total', load, { shared: true });
    expect(calls()).toBe(2);
    // Full, and 'b' never missed before: concurrent misses share one load, which is not kept.
    expect(await Promise.all([cache.get('b', load), cache.get('b', load)])).toEqual([3, 3]);
    expect(calls()).toBe(3);
  });

  it('may reuse a version read for a while when allowed to, and then sees the change', async () => {
    const cache = new CatalogCache(ctx.db, { maxStaleMs: 60_000 });
    const { load, calls } = counter();
    await cache.get('k', load);
    await insertCategory(ctx.db, 'Arte');
    // Within the allowed staleness, the old answer stands.
    expect(await cache.get('k', load)).toBe(1);
    expect(calls()).toBe(1);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    try {
      expect(await cache.get('k', load)).toBe(2);
    } finally {
      clock.mockRestore();
    }

    const strict = new CatalogCache(ctx.db, { maxStaleMs: 0 });
    const second = counter();
    await strict.get('k', second.load);
    await insertCategory(ctx.db, 'Música');
    expect(await strict.get('k', second.load)).toBe(2);
  });
});

describe('catalogue version feed', () => {
  type Handlers = { onPayload(payload: string): void; onListening(listening: boolean): void };
  async function feedWith(current: string | null) {
    const feed = new CatalogVersionFeed();
    let handlers: Handlers | undefined;
    const database = { current: current as string | null, down: false, reads: 0 };
    await feed.start(
      async (_channel, given) => {
        handlers = given;
        given.onListening(true);
        return async () => {};
      },
      async () => {
        database.reads += 1;
        if (database.down) throw new Error('connection refused');
        return database.current;
      },
    );
    return { feed, handlers: handlers!, database };
  }

  it('knows the version from the first read, then from each newer notice, never going back', async () => {
    const { feed, handlers } = await feedWith('7');
    expect(feed.version).toBe('7');
    handlers.onPayload('9');
    expect(feed.version).toBe('9');
    handlers.onPayload('8');
    handlers.onPayload('not a version');
    expect(feed.version).toBe('9');
  });

  it('leaves the version to be read while it does not listen, and until a version is known', async () => {
    const { feed, handlers } = await feedWith(null);
    expect(feed.version).toBeUndefined();
    handlers.onPayload('3');
    expect(feed.version).toBe('3');
    handlers.onListening(false);
    expect(feed.version).toBeUndefined();
    handlers.onListening(true);
    expect(feed.version).toBeUndefined();
  });

  it('reads the version again once listening again (what was announced meanwhile never arrives)', async () => {
    const { feed, handlers, database } = await feedWith('4');
    handlers.onListening(false);
    database.current = '6';
    handlers.onListening(true);
    expect(feed.version).toBeUndefined();
    await vi.waitFor(() => expect(feed.version).toBe('6'));
  });

  it('knows its own changes after sync, and stops trusting itself when sync cannot read', async () => {
    const { feed, database } = await feedWith('4');
    database.current = '5';
    expect(feed.version).toBe('4');
    await feed.sync();
    expect(feed.version).toBe('5');

    database.current = '6';
    database.down = true;
    await feed.sync();
    expect(feed.version).toBeUndefined();
    database.down = false;
    await vi.waitFor(() => expect(feed.version).toBe('6'));
  });
});
