import { describe, expect, it } from 'vitest';
import { BatchedLookup } from './batched-lookup';

/** A fetch whose queries the test answers by hand, in any order. */
function controlledFetch() {
  const queries: { keys: number[]; answer: (found?: number[]) => void; fail: (error: Error) => void }[] = [];
  const fetch = (keys: number[]) =>
    new Promise<Map<number, string>>((resolve, reject) => {
      queries.push({
        keys,
        // By default every key exists, and its value names it.
        answer: (found = keys) => resolve(new Map(found.map((key) => [key, `value ${key}`]))),
        fail: reject,
      });
    });
  return { queries, fetch };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('BatchedLookup', () => {
  it('sends the keys asked for in the same turn in one query, and answers each its own value', async () => {
    const { queries, fetch } = controlledFetch();
    const lookup = new BatchedLookup(fetch);
    const answers = Promise.all([lookup.load(1), lookup.load(2), lookup.load(3)]);
    await nextTurn();
    expect(queries.map((query) => query.keys)).toEqual([[1, 2, 3]]);
    queries[0]!.answer();
    expect(await answers).toEqual(['value 1', 'value 2', 'value 3']);
    expect(lookup.statistics).toEqual({ queries: 1, keys: 3 });
  });

  it('asks once for a key wanted twice, and answers null for a key that does not exist', async () => {
    const { queries, fetch } = controlledFetch();
    const lookup = new BatchedLookup(fetch);
    const answers = Promise.all([lookup.load(7), lookup.load(7), lookup.load(8)]);
    await nextTurn();
    expect(queries[0]!.keys).toEqual([7, 8]);
    queries[0]!.answer([7]);
    expect(await answers).toEqual(['value 7', 'value 7', null]);
  });

  it('groups the keys that arrive while the queries in flight are at the bound into the next one', async () => {
    const { queries, fetch } = controlledFetch();
    const lookup = new BatchedLookup(fetch, { maxInFlight: 1, maxKeysPerQuery: 100 });
    const first = lookup.load(1);
    await nextTurn();
    const later = [lookup.load(2), lookup.load(3)];
    await nextTurn();
    const more = lookup.load(4);
    await nextTurn();
    // One query is out: nothing else goes until it is answered.
    expect(queries.map((query) => query.keys)).toEqual([[1]]);
    queries[0]!.answer();
    expect(await first).toBe('value 1');
    expect(queries.map((query) => query.keys)).toEqual([[1], [2, 3, 4]]);
    queries[1]!.answer();
    expect(await Promise.all([...later, more])).toEqual(['value 2', 'value 3', 'value 4']);
  });

  it('splits what waits beyond the key bound, oldest first', async () => {
    const { queries, fetch } = controlledFetch();
    const lookup = new BatchedLookup(fetch, { maxInFlight: 2, maxKeysPerQuery: 2 });
    const answers = Promise.all([1, 2, 3, 4, 5].map((key) => lookup.load(key)));
    await nextTurn();
    expect(queries.map((query) => query.keys)).toEqual([[1, 2], [3, 4]]);
    queries[0]!.answer();
    await nextTurn();
    expect(queries.map((query) => query.keys)).toEqual([[1, 2], [3, 4], [5]]);
    queries[1]!.answer();
    queries[2]!.answer();
    expect(await answers).toEqual(['value 1', 'value 2', 'value 3', 'value 4', 'value 5']);
  });

  it('fails only the lookups of the query that failed, and goes on with the next', async () => {
    const { queries, fetch } = controlledFetch();
    const lookup = new BatchedLookup(fetch, { maxInFlight: 1, maxKeysPerQuery: 100 });
    const failing = [lookup.load(1), lookup.load(2)];
    await nextTurn();
    const fine = lookup.load(3);
    queries[0]!.fail(new Error('connection lost'));
    await expect(Promise.all(failing.map((lookupOf) => lookupOf.then(() => 'answered', (error: Error) => error.message)))).resolves.toEqual([
      'connection lost',
      'connection lost',
    ]);
    expect(queries[1]!.keys).toEqual([3]);
    queries[1]!.answer();
    expect(await fine).toBe('value 3');
  });
});
