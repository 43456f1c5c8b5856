/**
 * Arithmetic on calendar dates (`YYYY-MM-DD`), in UTC so no server time zone shifts a day. Months add the way courts
 * and the IRS count them: the same day of the month, or the month's last day when it has no such day (a death on
 * 31 May gives Form 706 the last day of February, nine months on).
 */
export type CalendarDate = string;

function toUtc(date: CalendarDate): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

export function fromParts(year: number, month: number, day: number): CalendarDate {
  return toUtc(`${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`).toISOString().slice(0, 10);
}

export function partsOf(date: CalendarDate): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number);
  return { year, month, day };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const moment = toUtc(date);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
}

export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const { year, month, day } = partsOf(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return fromParts(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: CalendarDate): number {
  return toUtc(date).getUTCDay();
}
