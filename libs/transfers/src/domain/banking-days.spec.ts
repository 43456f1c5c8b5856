import { expectedSettlementDate, federalReserveHolidays, isBankingDay, nextBankingDay, newYorkStartOf, traceNumber } from './banking-days';

describe('banking days (Federal Reserve, America/New_York)', () => {
  it('lists the 2026 holidays of the Federal Reserve', () => {
    expect(federalReserveHolidays(2026)).toEqual([
      '2026-01-01', '2026-01-19', '2026-02-16', '2026-05-25', '2026-06-19', '2026-07-04', '2026-09-07', '2026-10-12', '2026-11-11', '2026-11-26', '2026-12-25',
    ]);
  });

  it.each([
    ['2026-11-20', '2026-11-23'], // Friday → Monday
    ['2026-11-25', '2026-11-27'], // Thanksgiving skipped
    ['2026-12-24', '2026-12-28'], // Christmas Friday, weekend
    ['2027-07-02', '2027-07-06'], // Friday; Monday 5 July observes the 4th (a Sunday)
    ['2026-07-02', '2026-07-03'], // the 4th is a Saturday: the Fed stays open on Friday the 3rd
    ['2026-12-31', '2027-01-04'], // New Year's Day, then the weekend
  ])('after %s comes %s', (day, next) => {
    expect(nextBankingDay(day)).toBe(next);
  });

  it('weekends are not banking days', () => {
    expect(isBankingDay('2026-11-21')).toBe(false);
    expect(isBankingDay('2026-11-22')).toBe(false);
    expect(isBankingDay('2026-11-23')).toBe(true);
  });

  it('takes the New York date of the submission', () => {
    // 02:00 UTC on Saturday is still Friday evening in New York: settlement on Monday.
    expect(expectedSettlementDate(new Date('2026-11-21T02:00:00Z'))).toBe('2026-11-23');
    expect(expectedSettlementDate(new Date('2026-11-23T15:00:00Z'))).toBe('2026-11-24');
  });

  it('trace numbers are 15 digits: routing prefix and 7-digit sequence', () => {
    expect(traceNumber('07100001', 42)).toBe('071000010000042');
    expect(traceNumber('07100001', 12_345_678)).toHaveLength(15);
    expect(() => traceNumber('0710', 1)).toThrow();
  });

  it('finds midnight in New York in winter and in summer time', () => {
    expect(newYorkStartOf('2026-11-27').toISOString()).toBe('2026-11-27T05:00:00.000Z');
    expect(newYorkStartOf('2026-07-06').toISOString()).toBe('2026-07-06T04:00:00.000Z');
    expect(newYorkStartOf('2026-03-08').toISOString()).toBe('2026-03-08T05:00:00.000Z'); // the day clocks go forward
  });
});
