import { balanceHistory, BalanceFacts, dateOfDay, dayNumber, periodEndDays, recordedDateProblems } from './balance-history';

const NONE: BalanceFacts = { recorded: [], closings: [], ledger: [] };
const dates = (interval: 'daily' | 'weekly' | 'monthly', from: string, to: string) => periodEndDays(interval, dayNumber(from), dayNumber(to)).map(dateOfDay);

describe('balance history (contract §12.3)', () => {
  describe('period ends', () => {
    it('daily: every day, both ends included', () => {
      expect(dates('daily', '2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    });

    it('weekly: the Sundays, then date_to as the last point when it is not one', () => {
      // 2026-03-01 and 2026-03-08 are Sundays.
      expect(dates('weekly', '2026-02-25', '2026-03-11')).toEqual(['2026-03-01', '2026-03-08', '2026-03-11']);
      expect(dates('weekly', '2026-03-01', '2026-03-08')).toEqual(['2026-03-01', '2026-03-08']);
    });

    it('monthly: month ends (leap February too), then date_to', () => {
      expect(dates('monthly', '2024-01-15', '2024-04-10')).toEqual(['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-10']);
      expect(dates('monthly', '2026-01-31', '2026-02-28')).toEqual(['2026-01-31', '2026-02-28']);
      expect(dates('monthly', '2026-05-03', '2026-05-20')).toEqual(['2026-05-20']);
    });

    it('nothing when the range is empty; one day when it is one day', () => {
      expect(dates('daily', '2026-05-03', '2026-05-02')).toEqual([]);
      expect(dates('weekly', '2026-05-03', '2026-05-03')).toEqual(['2026-05-03']);
    });

    it('works across the whole accepted calendar', () => {
      expect(dateOfDay(dayNumber('1800-01-01'))).toBe('1800-01-01');
      expect(dates('monthly', '1800-12-15', '1801-01-31')).toEqual(['1800-12-31', '1801-01-31']);
    });
  });

  describe('points', () => {
    const facts: BalanceFacts = {
      recorded: [{ date: '2026-03-31', balance: 900, availableBalance: 850 }],
      closings: [
        { periodEnd: '2026-02-28', closingBalance: 700.5 },
        { periodEnd: '2026-03-31', closingBalance: 111 },
      ],
      ledger: [
        { date: '2026-01-20', runningBalance: 100 },
        { date: '2026-02-28', runningBalance: 650 },
        { date: '2026-04-02', runningBalance: 1234.56 },
      ],
    };

    it('prefers a recorded point, then a statement closing, then the last running balance on or before the day', () => {
      expect(balanceHistory('monthly', '2026-01-01', '2026-04-30', facts)).toEqual([
        { date: '2026-01-31', balance: 100, availableBalance: null, source: 'computed' },
        { date: '2026-02-28', balance: 700.5, availableBalance: null, source: 'statement' },
        { date: '2026-03-31', balance: 900, availableBalance: 850, source: 'recorded' },
        { date: '2026-04-30', balance: 1234.56, availableBalance: null, source: 'computed' },
      ]);
    });

    it('leaves out the days that have none of them', () => {
      const daily = balanceHistory('daily', '2026-01-18', '2026-01-21', facts);
      expect(daily.map((point) => point.date)).toEqual(['2026-01-20', '2026-01-21']);
      expect(balanceHistory('daily', '2026-01-01', '2026-01-10', { ...NONE, closings: facts.closings })).toEqual([]);
      expect(balanceHistory('monthly', '2026-01-01', '2026-12-31', NONE)).toEqual([]);
    });

    it('carries the last balance before the range into it', () => {
      const ledger = [{ date: '2025-06-30', runningBalance: 42 }];
      expect(balanceHistory('weekly', '2026-03-01', '2026-03-10', { ...NONE, ledger })).toEqual([
        { date: '2026-03-01', balance: 42, availableBalance: null, source: 'computed' },
        { date: '2026-03-08', balance: 42, availableBalance: null, source: 'computed' },
        { date: '2026-03-10', balance: 42, availableBalance: null, source: 'computed' },
      ]);
    });

    it('a recorded point or a statement stands alone before any transaction', () => {
      const alone: BalanceFacts = { recorded: [{ date: '2026-01-05', balance: 5, availableBalance: null }], closings: [{ periodEnd: '2026-01-31', closingBalance: 31 }], ledger: [] };
      expect(balanceHistory('daily', '2026-01-01', '2026-02-03', alone).map((point) => [point.date, point.source])).toEqual([
        ['2026-01-05', 'recorded'],
        ['2026-01-31', 'statement'],
      ]);
    });

    it('ten years of daily points, a ledger entry every day, take milliseconds', () => {
      const start = dayNumber('2016-01-01');
      const ledger = Array.from({ length: 3653 }, (_, index) => ({ date: dateOfDay(start + index), runningBalance: index }));
      const began = performance.now();
      const points = balanceHistory('daily', '2016-01-01', '2025-12-31', { ...NONE, ledger });
      expect(points).toHaveLength(3653);
      expect(points[3652]).toEqual({ date: '2025-12-31', balance: 3652, availableBalance: null, source: 'computed' });
      expect(performance.now() - began).toBeLessThan(250);
    });
  });

  it('refuses to record a point after today', () => {
    expect(recordedDateProblems('2026-05-02', '2026-05-01')).toEqual([{ field: 'date', message: 'date must not be after today (2026-05-01)', reason: 'range' }]);
    expect(recordedDateProblems('2026-05-01', '2026-05-01')).toEqual([]);
  });
});
