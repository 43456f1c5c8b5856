interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

/**
 * Lookups by key with at most one query in flight: the keys asked while it runs wait and go together in the next
 * one (issue 18: a flood of distinct forged tokens cost one database round trip each). A lone lookup is sent at once
 * unless its caller asks to gather.
 */
export class CoalescedLookup<V> {
  private readonly waiting = new Map<string, Array<Waiter<V>>>();
  private draining = false;
  private gathering: NodeJS.Timeout | undefined;
  private gatherMs = 0;
  /** Waiting keys whose caller may not wait to gather. */
  private readonly impatient = new Set<string>();

  constructor(
    private readonly loadMany: (keys: string[]) => Promise<Map<string, V>>,
    private readonly maxBatch = 500,
  ) {}

  /**
   * `gatherMs` > 0 lets the lookup wait that long for others to join it (a caller that is flooding us); a lookup
   * without it goes at once, and takes the waiting ones along.
   */
  get(key: string, gatherMs = 0): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (gatherMs <= 0) this.impatient.add(key);
      else this.gatherMs = gatherMs;
      if (!this.draining) this.schedule();
    });
  }

  private schedule(): void {
    if (this.impatient.size > 0) void this.drain();
    else this.gathering ??= setTimeout(() => void this.drain(), this.gatherMs);
  }

  private async drain(): Promise<void> {
    if (this.gathering) clearTimeout(this.gathering);
    this.gathering = undefined;
    if (this.draining) return;
    this.draining = true;
    try {
      do {
        if (this.waiting.size === 0) break;
        const batch = [...this.waiting].slice(0, this.maxBatch);
        for (const [key] of batch) {
          this.waiting.delete(key);
          this.impatient.delete(key);
        }
        try {
          const found = await this.loadMany(batch.map(([key]) => key));
          for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
        } catch (error) {
          for (const [, waiters] of batch) for (const waiter of waiters) waiter.reject(error);
        }
        // Keys asked meanwhile go next at once if any of them may not wait; patient ones gather again.
      } while (this.impatient.size > 0);
    } finally {
      this.draining = false;
    }
    if (this.waiting.size > 0) this.schedule();
  }
}
