import { TurnBatchedLookup } from './turn-batched-lookup';

describe('TurnBatchedLookup', () => {
  it('sends the keys asked in one turn of the event loop in one query, after they were asked', async () => {
    const queries: string[][] = [];
    const lookup = new TurnBatchedLookup<number>(async (keys) => {
      queries.push(keys);
      return new Map(keys.filter((key) => key !== 'unknown').map((key) => [key, key.length]));
    });
    const answers = ['a', 'bb', 'unknown', 'a'].map((key) => lookup.get(key));
    expect(queries).toEqual([]);
    expect(await Promise.all(answers)).toEqual([1, 2, undefined, 1]);
    expect(queries).toEqual([['a', 'bb', 'unknown']]);
  });

  it('never makes a key wait for a query sent before it was asked, and fails only the waiters of a failed query', async () => {
    const queries: string[][] = [];
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    const lookup = new TurnBatchedLookup<string>(async (keys) => {
      const query = queries.push(keys);
      if (query === 1) await held;
      if (keys.includes('boom')) throw new Error('down');
      return new Map(keys.map((key) => [key, `${key}@${query}`]));
    });
    const first = lookup.get('x');
    await new Promise((turn) => setImmediate(turn));
    expect(queries).toEqual([['x']]);
    // The first query is still in flight: a key asked now goes in a query of its own, sent at once.
    const second = lookup.get('x');
    const failed = lookup.get('boom');
    await expect(failed).rejects.toThrow('down');
    await expect(second).rejects.toThrow('down');
    release();
    expect(await first).toBe('x@1');
    expect(queries).toEqual([['x'], ['x', 'boom']]);
  });
});
