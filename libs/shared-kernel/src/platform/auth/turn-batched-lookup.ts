interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

/**
 * Lookups by key gathered over one turn of the event loop: the keys asked before the turn's check phase go together
 * in one query sent then (`setImmediate`), whatever is in flight already. Under load the requests read in one turn
 * share a statement; a lone lookup waits for nothing but the end of its turn. Unlike CoalescedLookup (which holds the
 * next query back until the one in flight answers, so that a flood costs a query per round trip), no lookup waits for
 * another's answer: a request pays one round trip, not up to two.
 *
 * Every query is sent after its keys were asked, so what it reads is at least as new as the moment each caller asked.
 */
export class TurnBatchedLookup<V> {
  private waiting = new Map<string, Array<Waiter<V>>>();
  private scheduled = false;

  constructor(
    private readonly loadMany: (keys: string[]) => Promise<Map<string, V>>,
    private readonly maxBatch = 500,
  ) {}

  get(key: string): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.send());
      }
    });
  }

  private send(): void {
    this.scheduled = false;
    const batch = [...this.waiting];
    this.waiting = new Map();
    for (let start = 0; start < batch.length; start += this.maxBatch) {
      const part = batch.slice(start, start + this.maxBatch);
      this.loadMany(part.map(([key]) => key)).then(
        (found) => {
          for (const [key, waiters] of part) for (const waiter of waiters) waiter.resolve(found.get(key));
        },
        (error: unknown) => {
          for (const [, waiters] of part) for (const waiter of waiters) waiter.reject(error);
        },
      );
    }
  }
}
