/**
 * Banking days of the Federal Reserve (contract §8): weekends and the Fed's holidays skipped, in `America/New_York`.
 * The Fed's rule differs from the federal one: a holiday on a Sunday is observed the Monday after, but one on a
 * Saturday is not moved (the Fed is open the Friday before). Pure functions on `YYYY-MM-DD` strings.
 */
function utc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function ymd(year: number, month: number, day: number): string {
  return iso(new Date(Date.UTC(year, month - 1, day)));
}

function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return ymd(year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = new Date(Date.UTC(year, month - 1, lastDay)).getUTCDay();
  return ymd(year, month, lastDay - ((last - weekday + 7) % 7));
}

/** A fixed-date holiday on a Sunday is observed on Monday; on a Saturday the Fed does not move it. */
function fedObserved(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCDay() === 0 ? ymd(year, month, day + 1) : iso(date);
}

export function federalReserveHolidays(year: number): string[] {
  return [
    fedObserved(year, 1, 1),
    nthWeekday(year, 1, 1, 3),
    nthWeekday(year, 2, 1, 3),
    nthWeekday(year, 5, 1, -1),
    ...(year >= 2022 ? [fedObserved(year, 6, 19)] : []),
    fedObserved(year, 7, 4),
    nthWeekday(year, 9, 1, 1),
    nthWeekday(year, 10, 1, 2),
    fedObserved(year, 11, 11),
    nthWeekday(year, 11, 4, 4),
    fedObserved(year, 12, 25),
  ].sort();
}

export function isBankingDay(date: string): boolean {
  const weekday = utc(date).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !federalReserveHolidays(Number(date.slice(0, 4))).includes(date);
}

/** The calendar date of an instant in `America/New_York`. */
export function newYorkDate(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** The first instant of a calendar date in `America/New_York` (midnight there: 04:00 or 05:00 UTC). */
export function newYorkStartOf(date: string): Date {
  for (const hours of [4, 5]) {
    const candidate = new Date(utc(date).getTime() + hours * 3_600_000);
    if (newYorkDate(candidate) === date && newYorkDate(new Date(candidate.getTime() - 1)) !== date) return candidate;
  }
  throw new Error(`no New York midnight found for ${date}`);
}

/** The first banking day strictly after `date`. */
export function nextBankingDay(date: string): string {
  let day = utc(date);
  do day = new Date(day.getTime() + 86_400_000);
  while (!isBankingDay(iso(day)));
  return iso(day);
}

/** The `n`th banking day after `date` (`n` ≥ 0; 0 is `date` itself). */
export function bankingDaysAfter(date: string, n: number): string {
  let day = date;
  for (let step = 0; step < n; step++) day = nextBankingDay(day);
  return day;
}

/** Expected settlement of a transfer submitted at `instant`: the next banking day after its New York date. */
export function expectedSettlementDate(instant: Date): string {
  return nextBankingDay(newYorkDate(instant));
}

/** An ACH trace number: the originating bank's 8-digit routing prefix and a 7-digit sequence, 15 digits. */
export function traceNumber(routingPrefix: string, sequence: number): string {
  if (!/^\d{8}$/.test(routingPrefix)) throw new Error('the routing prefix must be 8 digits');
  return routingPrefix + String(sequence % 10_000_000).padStart(7, '0');
}
