import { addDays, CalendarDate, daysInMonth, fromParts, weekdayOf } from './calendar-date';

/** The `n`th given weekday (0 = Sunday) of a month; `n = -1` is the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): CalendarDate {
  if (n > 0) {
    const first = weekdayOf(fromParts(year, month, 1));
    return fromParts(year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDay = daysInMonth(year, month);
  const last = weekdayOf(fromParts(year, month, lastDay));
  return fromParts(year, month, lastDay - ((last - weekday + 7) % 7));
}

/** A fixed-date holiday on a Saturday is observed the Friday before, on a Sunday the Monday after (5 U.S.C. §6103(b)). */
function observed(date: CalendarDate): CalendarDate {
  const weekday = weekdayOf(date);
  if (weekday === 6) return addDays(date, -1);
  if (weekday === 0) return addDays(date, 1);
  return date;
}

/**
 * The legal public holidays of 5 U.S.C. §6103(a) as observed in `year`, sorted. A New Year's Day falling on a Saturday
 * is observed on 31 December of the year before, so that day is listed under the earlier year. Juneteenth counts from
 * 2021 (Pub. L. 117-17).
 */
export function federalHolidays(year: number): CalendarDate[] {
  const fixed = (month: number, day: number) => observed(fromParts(year, month, day));
  const days = [
    fixed(1, 1),
    nthWeekday(year, 1, 1, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 2, 1, 3), // Washington's Birthday
    nthWeekday(year, 5, 1, -1), // Memorial Day
    ...(year >= 2021 ? [fixed(6, 19)] : []), // Juneteenth National Independence Day
    fixed(7, 4),
    nthWeekday(year, 9, 1, 1), // Labor Day
    nthWeekday(year, 10, 1, 2), // Columbus Day
    fixed(11, 11), // Veterans Day
    nthWeekday(year, 11, 4, 4), // Thanksgiving Day
    fixed(12, 25),
  ];
  const nextNewYear = observed(fromParts(year + 1, 1, 1));
  if (nextNewYear.startsWith(String(year))) days.push(nextNewYear);
  return days.filter((day) => day.startsWith(String(year).padStart(4, '0'))).sort();
}

export function isFederalHoliday(date: CalendarDate): boolean {
  return federalHolidays(Number(date.slice(0, 4))).includes(date);
}

export function isBusinessDay(date: CalendarDate): boolean {
  const weekday = weekdayOf(date);
  return weekday !== 0 && weekday !== 6 && !isFederalHoliday(date);
}

/**
 * A due date on a Saturday, Sunday or federal holiday moves to the next business day, as 26 U.S.C. §7503 does for
 * Form 706 and every other federal return; the generator applies it to every deadline it computes.
 */
export function rollToBusinessDay(date: CalendarDate): CalendarDate {
  let day = date;
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}
