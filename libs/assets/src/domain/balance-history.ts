import type { ErrorDetail } from '@estate/shared-kernel/domain';

/** Contract §12.3: the spacing of a balance history's points. */
export const BALANCE_INTERVALS = ['daily', 'weekly', 'monthly'] as const;
export type BalanceInterval = (typeof BALANCE_INTERVALS)[number];
export const DEFAULT_BALANCE_INTERVAL: BalanceInterval = 'monthly';

/** Where a point's balance came from, in the order one is preferred to the next. */
export const BALANCE_SOURCES = ['recorded', 'statement', 'computed'] as const;
export type BalanceSource = (typeof BALANCE_SOURCES)[number];

/** One point of a balance history: the balance at the end of `date`. */
export interface BalancePoint {
  date: string;
  balance: number;
  /** Only a recorded point has one. */
  availableBalance: number | null;
  source: BalanceSource;
}

/** What a history is made of, for one account over the days asked. */
export interface BalanceFacts {
  /** Points recorded by hand (`PUT …/balance-history/{date}`), at most one per date. */
  recorded: ReadonlyArray<{ date: string; balance: number; availableBalance: number | null }>;
  /** Statements' `closing_balance` at their `period_end` (statements with none are left out), at most one per date. */
  closings: ReadonlyArray<{ periodEnd: string; closingBalance: number }>;
  /**
   * The running balance after the last transaction of each day that has transactions, oldest first (the walk relies on
   * the order), one per day; it may start with the last such day before the range (whose balance carries into it).
   */
  ledger: ReadonlyArray<{ date: string; runningBalance: number }>;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date (negative before). */
export function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 for Sunday … 6 for Saturday (1970-01-01, day 0, was a Thursday). */
function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** The last day of the month that `day` falls in. */
function monthEndOf(day: number): number {
  const date = new Date(day * DAY_MS);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0) / DAY_MS;
}

/**
 * The period ends from `from` to `to` (days, both included), oldest first: every day (`daily`), Sundays (`weekly`),
 * month ends (`monthly`); `to` is always the last, whether or not it ends a period (contract §12.3: the last point is
 * `date_to`).
 */
export function periodEndDays(interval: BalanceInterval, from: number, to: number): number[] {
  const ends: number[] = [];
  if (from > to) return ends;
  if (interval === 'daily') {
    for (let day = from; day <= to; day++) ends.push(day);
    return ends;
  }
  let day = interval === 'weekly' ? from + ((7 - weekdayOf(from)) % 7) : monthEndOf(from);
  while (day < to) {
    ends.push(day);
    day = interval === 'weekly' ? day + 7 : monthEndOf(day + 1);
  }
  ends.push(to);
  return ends;
}

/**
 * A balance history (contract §12.3), oldest first: one point per period end from `from` to `to` that has a value.
 * A point takes the first value that exists: the point recorded that day (`recorded`), else the closing balance of a
 * statement ending that day (`statement`), else the running balance of the last transaction on or before that day
 * (`computed`). `availableBalance` comes only from a recorded point.
 *
 * Linear in the period ends and the facts: no period end before the earliest fact can have a value, so the walk starts
 * there, and the ledger is walked once alongside the period ends.
 */
export function balanceHistory(interval: BalanceInterval, from: string, to: string, facts: BalanceFacts): BalancePoint[] {
  const recorded = new Map(facts.recorded.map((point) => [point.date, point]));
  const closings = new Map(facts.closings.map((closing) => [closing.periodEnd, closing.closingBalance]));
  const ledger = facts.ledger.map((entry) => ({ day: dayNumber(entry.date), balance: entry.runningBalance }));
  const first = earliestDate(
    facts.recorded.reduce<string | null>((min, point) => earliestDate(min, point.date), null),
    facts.closings.reduce<string | null>((min, closing) => earliestDate(min, closing.periodEnd), null),
    facts.ledger[0]?.date,
  );
  const points: BalancePoint[] = [];
  if (first === null) return points;
  const earliest = dayNumber(first);
  const fromDay = dayNumber(from);
  const toDay = dayNumber(to);
  let next = 0;
  let carried: number | null = null;
  for (const day of periodEndDays(interval, Math.max(fromDay, earliest), toDay)) {
    while (next < ledger.length && ledger[next].day <= day) carried = ledger[next++].balance;
    const date = dateOfDay(day);
    const own = recorded.get(date);
    if (own) points.push({ date, balance: own.balance, availableBalance: own.availableBalance, source: 'recorded' });
    else if (closings.has(date)) points.push({ date, balance: closings.get(date)!, availableBalance: null, source: 'statement' });
    else if (carried !== null) points.push({ date, balance: carried, availableBalance: null, source: 'computed' });
  }
  return points;
}

/** The earliest of the dates given (`YYYY-MM-DD` compares as text), or null when there is none. */
export function earliestDate(...dates: ReadonlyArray<string | null | undefined>): string | null {
  return dates.reduce<string | null>((earliest, date) => (date && (earliest === null || date < earliest) ? date : earliest), null);
}

/** A point is recorded for a day that has ended or is today (UTC), never ahead (contract §12.3: else 422 on `date`). */
export function recordedDateProblems(date: string, today: string): ErrorDetail[] {
  return date > today ? [{ field: 'date', message: `date must not be after today (${today})`, reason: 'range' }] : [];
}
