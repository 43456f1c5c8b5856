/**
 * Time as a port: domain and application code ask the clock, never `new Date()`, so tests of overdue deadlines,
 * banking days and return windows set the time instead of waiting for it. Framework-free on purpose.
 */
export abstract class Clock {
  abstract now(): Date;

  /** Today's calendar date in UTC, `YYYY-MM-DD`. */
  today(): string {
    return this.now().toISOString().slice(0, 10);
  }
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that stands still until told otherwise: for unit tests and e2e tests that need a given day. */
export class FixedClock extends Clock {
  constructor(private current: Date = new Date()) {
    super();
  }

  now(): Date {
    return new Date(this.current.getTime());
  }

  set(moment: Date | string): void {
    this.current = new Date(moment);
  }

  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }
}
