/** A calendar date, `YYYY-MM-DD`. */
export type CalendarDate = string;

/** Calendar dates (`YYYY-MM-DD`) compare as text; these are the two pieces of arithmetic the periods need, in UTC. */
export function dayAfter(date: CalendarDate): CalendarDate {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** The UTC calendar date of a moment (a record's `created_at` dates it when it is found later, §16.5). */
export const utcDateOf = (moment: Date): CalendarDate => moment.toISOString().slice(0, 10);
