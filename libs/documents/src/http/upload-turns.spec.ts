import { TurnNotGiven, UploadTurns } from './upload-turns';

const LONG = 60_000;

describe('UploadTurns', () => {
  it('gives uploads to one case their turns one at a time, in arrival order, while other cases go meanwhile', async () => {
    const turns = new UploadTurns(2);
    const order: string[] = [];
    const first = await turns.take('case-a', LONG);
    const second = turns.take('case-a', LONG).then((release) => (order.push('a2'), release));
    const third = turns.take('case-a', LONG).then((release) => (order.push('a3'), release));
    const other = await turns.take('case-b', LONG); // the second slot: case b is not behind case a
    expect(turns.queued).toBe(2);
    first();
    (await second)();
    (await third)();
    other();
    expect(order).toEqual(['a2', 'a3']);
    expect(turns.queued).toBe(0);
  });

  it('has at most `slots` uploads at the database at once', async () => {
    const turns = new UploadTurns(1);
    const a = await turns.take('case-a', LONG);
    let granted = false;
    const b = turns.take('case-b', LONG).then((release) => ((granted = true), release));
    await Promise.resolve();
    expect(granted).toBe(false);
    a();
    (await b)();
    expect(granted).toBe(true);
  });

  it('refuses a turn that did not come in time, or whose client left, and gives the next one its turn', async () => {
    const turns = new UploadTurns(1);
    const held = await turns.take('case-a', LONG);
    await expect(turns.take('case-a', 10)).rejects.toEqual(new TurnNotGiven('timeout'));
    const gone = new AbortController();
    const leaving = turns.take('case-a', LONG, gone.signal);
    const staying = turns.take('case-a', LONG);
    gone.abort();
    await expect(leaving).rejects.toEqual(new TurnNotGiven('gone'));
    expect(turns.queued).toBe(1);
    held();
    held(); // a second release changes nothing
    (await staying)();
    expect(turns.queued).toBe(0);
  });
});
