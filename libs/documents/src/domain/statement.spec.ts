import { statementProblems } from './statement';

describe('statementProblems', () => {
  const balanced = { opening_balance: 1000.1, total_credits: 250.2, total_debits: 100.05, total_fees: 0.3, closing_balance: 1149.95 };

  it('accepts a closing balance equal to opening + credits − debits − fees, in exact cents', () => {
    expect(statementProblems({ period_start: '2026-01-01', period_end: '2026-01-31', ...balanced })).toEqual([]);
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; in cents it is 30.
    expect(statementProblems({ opening_balance: 0.1, total_credits: 0.2, total_debits: 0, total_fees: 0, closing_balance: 0.3 })).toEqual([]);
    expect(statementProblems({ opening_balance: -5, total_credits: 0, total_debits: 0.01, total_fees: 0, closing_balance: -5.01 })).toEqual([]);
  });

  it('refuses any other closing balance, a cent off included, naming closing_balance and the expected amount', () => {
    expect(statementProblems({ ...balanced, closing_balance: 1149.96 })).toEqual([
      { field: 'closing_balance', message: expect.stringContaining('= 1149.95 (it is 1149.96)'), reason: 'rule' },
    ]);
    // Fees are not part of the debits: leaving them out is an error.
    expect(statementProblems({ ...balanced, closing_balance: 1150.25 })).toHaveLength(1);
  });

  it('checks the balance only when all five amounts are set', () => {
    expect(statementProblems({ ...balanced, total_fees: null, closing_balance: 1 })).toEqual([]);
    expect(statementProblems({ opening_balance: 1, closing_balance: 99 })).toEqual([]);
  });

  it('refuses a period that ends before it starts; a one-day period is fine', () => {
    expect(statementProblems({ period_start: '2026-02-01', period_end: '2026-01-31' })).toEqual([
      { field: 'period_end', message: 'period_end (2026-01-31) must not be before period_start (2026-02-01)', reason: 'rule' },
    ]);
    expect(statementProblems({ period_start: '2026-02-01', period_end: '2026-02-01' })).toEqual([]);
  });
});
