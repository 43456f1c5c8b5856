import { addMonths } from './calendar-date';
import { federalHolidays, isBusinessDay, rollToBusinessDay } from './federal-holidays';

describe('federal holidays (5 U.S.C. §6103)', () => {
  it('lists the eleven observed holidays of 2026', () => {
    expect(federalHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03', // July 4 is a Saturday: observed Friday
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it('observes a Sunday holiday on Monday and a Saturday New Year on the Friday of the year before', () => {
    expect(federalHolidays(2027)).toContain('2027-07-05'); // July 4, 2027 is a Sunday
    expect(federalHolidays(2027)).toContain('2027-12-24'); // Christmas 2027 is a Saturday
    expect(federalHolidays(2027)).toContain('2027-12-31'); // New Year 2028 is a Saturday
    expect(federalHolidays(2028)).not.toContain('2028-01-01');
    expect(federalHolidays(2020)).not.toContain('2020-06-19'); // Juneteenth counts from 2021
  });

  it.each([
    ['a weekday', '2026-12-14', '2026-12-14'],
    ['a Saturday', '2027-03-13', '2027-03-15'],
    ['a Sunday', '2026-12-13', '2026-12-14'],
    ['an observed Independence Day (Friday)', '2026-07-03', '2026-07-06'],
    ['Independence Day on its Saturday', '2026-07-04', '2026-07-06'],
    ['Thanksgiving', '2026-11-26', '2026-11-27'],
    ['Christmas on a Friday, then the weekend', '2026-12-25', '2026-12-28'],
    ['Memorial Day', '2026-05-25', '2026-05-26'],
    ['New Year observed on 31 December 2027', '2027-12-31', '2028-01-03'],
    ['Labor Day', '2027-09-06', '2027-09-07'],
  ])('rolls %s (%s) to %s', (_what, date, expected) => {
    expect(rollToBusinessDay(date)).toBe(expected);
    expect(isBusinessDay(expected)).toBe(true);
  });

  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2026-05-31', 9, '2027-02-28'],
    ['2026-03-13', 9, '2026-12-13'],
    ['2026-11-15', 3, '2027-02-15'],
  ])('adds months to %s + %i = %s, clamped to the month end', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });
});
