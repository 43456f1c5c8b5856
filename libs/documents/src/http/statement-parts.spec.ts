import { statementFieldsOf } from './statement-parts';

describe('statementFieldsOf', () => {
  it('reads amounts written as decimals as numbers, keeps other text, and an empty part as unset', () => {
    expect(
      statementFieldsOf({ period_start: '2026-08-01', opening_balance: '1104.08', total_fees: '-5', closing_balance: '1e3', total_debits: '12,50', notes: '', total_credits: '0.125' }),
    ).toEqual({ period_start: '2026-08-01', opening_balance: 1104.08, total_fees: -5, closing_balance: '1e3', total_debits: '12,50', notes: null, total_credits: 0.125 });
  });
});
