import { CoalescedLookup } from './coalesced-lookup';

describe('CoalescedLookup', () => {
  const tick = (ms: number) => new Promise((done) => setTimeout(done, ms));

  it('sends a lone lookup at once and gathers the keys asked while a query runs into the next one', async () => {
    const queries: string[][] = [];
    const lookup = new CoalescedLookup<number>(async (keys) => {
      queries.push(keys);
      await tick(20);
      return new Map(keys.filter((key) => key !== 'unknown').map((key) => [key, key.length]));
    });
    const first = lookup.get('a');
    expect(queries).toEqual([['a']]);
    const rest = ['bb', 'ccc', 'unknown', 'bb'].map((key) => lookup.get(key));
    expect(await first).toBe(1);
    expect(await Promise.all(rest)).toEqual([2, 3, undefined, 2]);
    expect(queries).toEqual([['a'], ['bb', 'ccc', 'unknown']]);
  });

  it('with gatherMs waits that long for others to join, and fails every waiter of a failed query', async () => {
    const queries: string[][] = [];
    const lookup = new CoalescedLookup<number>(async (keys) => {
      queries.push(keys);
      if (keys.includes('boom')) throw new Error('down');
      return new Map();
    });
    const gathered = [lookup.get('x', 30), lookup.get('y', 30)];
    await tick(5);
    expect(queries).toEqual([]);
    const boom = lookup.get('boom', 30);
    await expect(boom).rejects.toThrow('down');
    await expect(Promise.all(gathered)).rejects.toThrow('down');
    expect(queries).toEqual([['x', 'y', 'boom']]);
  });
});
