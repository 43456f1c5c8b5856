/** Why an upload was not given its turn at the database: it waited too long, or its client left meanwhile. */
export class TurnNotGiven extends Error {
  constructor(readonly why: 'timeout' | 'gone') {
    super(why === 'timeout' ? 'no turn within the wait' : 'the client left while waiting');
  }
}

interface Waiter {
  caseId: string;
  grant: (release: () => void) => void;
  refuse: (why: TurnNotGiven) => void;
}

/**
 * Turns of received uploads at the database, in one process (contract §11.1, amended 2026-12-01: uploads that cannot
 * get a connection wait their turn or answer 503; they never take other tenants' requests down). An upload holds a
 * pooled connection from its transaction's start to its commit, and writes to one case run one at a time under the
 * case row: so uploads to one case go one at a time here, before they take a connection to wait on that row, and at
 * most `slots` uploads are at the database at once, leaving the rest of the pool to every other request. Turns are
 * given in arrival order, skipping those whose case is busy.
 */
export class UploadTurns {
  private active = 0;
  private readonly busyCases = new Set<string>();
  private readonly waiting: Waiter[] = [];

  constructor(readonly slots: number) {}

  /** Uploads waiting for a turn now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Resolves with the turn's release once it is this upload's turn; refuses after `timeoutMs`, or when `gone` aborts. */
  take(caseId: string, timeoutMs: number, gone?: AbortSignal): Promise<() => void> {
    if (gone?.aborted) return Promise.reject(new TurnNotGiven('gone'));
    return new Promise((grant, refuse) => {
      const settle = () => {
        clearTimeout(timer);
        gone?.removeEventListener('abort', onGone);
      };
      const waiter: Waiter = {
        caseId,
        grant: (release) => {
          settle();
          grant(release);
        },
        refuse: (why) => {
          settle();
          refuse(why);
        },
      };
      const leave = (why: TurnNotGiven) => {
        const index = this.waiting.indexOf(waiter);
        if (index < 0) return;
        this.waiting.splice(index, 1);
        waiter.refuse(why);
      };
      const timer = setTimeout(() => leave(new TurnNotGiven('timeout')), timeoutMs);
      const onGone = () => leave(new TurnNotGiven('gone'));
      gone?.addEventListener('abort', onGone, { once: true });
      this.waiting.push(waiter);
      this.next();
    });
  }

  private next(): void {
    for (let index = 0; index < this.waiting.length && this.active < this.slots; ) {
      const waiter = this.waiting[index];
      if (this.busyCases.has(waiter.caseId)) {
        index++;
        continue;
      }
      this.waiting.splice(index, 1);
      this.active++;
      this.busyCases.add(waiter.caseId);
      let released = false;
      waiter.grant(() => {
        if (released) return;
        released = true;
        this.active--;
        this.busyCases.delete(waiter.caseId);
        this.next();
      });
    }
  }
}
