/**
 * Lookups by key, grouped into one query. Under load, every request that misses a cache
 * would otherwise cost its own round trip: the socket writes and the parse, bind and execute
 * of a statement that then reads one row by its primary key. Here, the keys asked for while
 * `maxInFlight` queries are out wait, and go together in the next one (group commit, for
 * reads). With nothing out, a key goes at the end of the current turn of the event loop, so a
 * lone request waits for no one, and requests read in the same turn share a query.
 *
 * A failing query fails the lookups it carried, and only those.
 */
export class BatchedLookup<Key, Value> {
  private waiting = new Map<Key, Waiter<Value>[]>();
  private inFlight = 0;
  private scheduled = false;
  /** How many queries carried how many keys: the grouping at work, seen from outside. */
  readonly statistics = { queries: 0, keys: 0 };

  constructor(
    /** Every key's value that exists; keys it leaves out are answered `null`. */
    private readonly fetch: (keys: Key[]) => Promise<Map<Key, Value>>,
    private readonly options: { maxInFlight: number; maxKeysPerQuery: number } = { maxInFlight: 2, maxKeysPerQuery: 500 },
  ) {}

  load(key: Key): Promise<Value | null> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.options.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.send();
    });
  }

  private send(): void {
    while (this.waiting.size > 0 && this.inFlight < this.options.maxInFlight) {
      void this.run(this.takeBatch());
    }
  }

  private takeBatch(): Map<Key, Waiter<Value>[]> {
    if (this.waiting.size <= this.options.maxKeysPerQuery) {
      const batch = this.waiting;
      this.waiting = new Map();
      return batch;
    }
    const batch = new Map<Key, Waiter<Value>[]>();
    for (const [key, waiters] of this.waiting) {
      if (batch.size === this.options.maxKeysPerQuery) break;
      batch.set(key, waiters);
      this.waiting.delete(key);
    }
    return batch;
  }

  private async run(batch: Map<Key, Waiter<Value>[]>): Promise<void> {
    this.inFlight += 1;
    this.statistics.queries += 1;
    this.statistics.keys += batch.size;
    try {
      const found = await this.fetch([...batch.keys()]);
      for (const [key, waiters] of batch) {
        const value = found.get(key) ?? null;
        for (const waiter of waiters) waiter.resolve(value);
      }
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    } finally {
      this.inFlight -= 1;
      // The keys that arrived meanwhile go now: they have waited for this query already.
      this.send();
    }
  }
}

type Waiter<Value> = { resolve: (value: Value | null) => void; reject: (error: unknown) => void };
