import { centsOf } from '@estate/shared-kernel/domain';
import { at, claim } from './accounting-fixtures.testing';
import { compensationBase, compensationOf, reportBond, reportClaims, statutoryCompensation } from './accounting-report';

const c = (amount: string): bigint => centsOf(amount) as bigint;
const fee = (base: string): string | null => {
  const amount = statutoryCompensation(c(base));
  return amount === null ? null : (Number(amount) / 100).toFixed(2);
};

describe('Cal. Prob. Code §10800/§10810: the statutory schedule', () => {
  it.each([
    ['0.00', '0.00'],
    ['-500.00', '0.00'],
    ['0.01', '0.00'],
    ['50000.00', '2000.00'],
    // 4 % of the first 100,000.00
    ['100000.00', '4000.00'],
    ['100000.01', '4000.00'],
    // + 3 % of the next 100,000.00
    ['200000.00', '7000.00'],
    ['200000.01', '7000.00'],
    // + 2 % of the next 800,000.00
    ['462406.20', '12248.12'],
    ['1000000.00', '23000.00'],
    ['1000000.01', '23000.00'],
    // + 1 % of the next 9,000,000.00
    ['10000000.00', '113000.00'],
    ['10000000.01', '113000.00'],
    // + 0.5 % of the next 15,000,000.00
    ['25000000.00', '188000.00'],
  ])('a base of %s earns %s', (base, expected) => {
    expect(fee(base)).toBe(expected);
  });

  it('above 25,000,000.00 no figure: the court determines a reasonable amount', () => {
    expect(fee('25000000.01')).toBeNull();
    expect(fee('40000000.00')).toBeNull();
    expect(compensationOf(c('25000000.01'), 'ca').personal_representative).toEqual({ amount: null, citation: 'Cal. Prob. Code §10800', note: 'a reasonable amount determined by the court' });
    expect(compensationOf(c('25000000.01'), 'ca').attorney).toEqual({ amount: null, citation: 'Cal. Prob. Code §10810', note: 'a reasonable amount determined by the court' });
  });

  it('rounds once, half away from zero', () => {
    // 4 % of 0.13 is 0.0052 → 0.01; of 0.12 is 0.0048 → 0.00; of 112.50 + … : exact halves round up.
    expect(fee('0.13')).toBe('0.01');
    expect(fee('0.12')).toBe('0.00');
    // 2 % of 0.25 above 200,000.00 is 0.005: a half, away from zero → 7,000.01.
    expect(fee('200000.25')).toBe('7000.01');
    expect(fee('200000.24')).toBe('7000.00');
    // 0.5 % of 1.00 above 10,000,000.00 is 0.005 → 113,000.01; of 0.99 is 0.00495 → 113,000.00.
    expect(fee('10000001.00')).toBe('113000.01');
    expect(fee('10000000.99')).toBe('113000.00');
  });

  it('under ny both amounts are null, naming SCPA §2307 and §2110', () => {
    const ny = compensationOf(c('462406.20'), 'ny');
    expect(ny.base).toBe(462406.2);
    expect([ny.personal_representative.amount, ny.attorney.amount]).toEqual([null, null]);
    expect(ny.personal_representative.note).toContain('SCPA §2307');
    expect(ny.attorney.note).toContain('SCPA §2110');
  });
});

describe('the compensation base', () => {
  const summary = (a: number, b: number, receipts: number, gains: number, losses: number) => ({
    charges: { property_on_hand_beginning: a, additional_property_received: b, receipts, gains_on_sales: gains },
    credits: { losses_on_sales: losses },
  });

  it('first account: A + B + C + D − G', () => {
    expect(compensationBase(summary(400000, 1000, 50.5, 2000, 300), [])).toBe(c('402750.50'));
  });

  it('a later account: the first account’s beginning, plus what every account added (its own beginning is not added again)', () => {
    const first = summary(400000, 1000, 50.5, 2000, 300);
    const second = summary(402000, 0, 10, 0, 1000);
    const third = summary(401010, 500, 0, 0, 0);
    expect(compensationBase(third, [first, second])).toBe(c('402260.50'));
  });
});

describe('claims and bond', () => {
  it('totals: filed every claim; allowed accepted and paid at their resolution; rejected; paid', () => {
    const claims = reportClaims([
      claim('b', 500, { status: 'accepted', resolutionAmount: 400, claimDate: '2026-03-01' }),
      claim('a', 1000, { status: 'paid', resolutionAmount: 900, resolutionDate: '2026-04-01', claimDate: '2026-02-01' }),
      claim('c', 250, { status: 'rejected', claimDate: '2026-03-02' }),
      claim('d', 75.5, { status: 'withdrawn', claimDate: '2026-03-03' }),
      claim('e', 60, { status: 'pending', claimDate: '2026-03-01', createdAt: at('2026-03-02') }),
    ]);
    expect(claims.lines.map((line) => line.id)).toEqual(['a', 'b', 'e', 'c', 'd']);
    expect(claims.totals).toEqual({ filed: 1885.5, allowed: 1300, rejected: 250, paid: 900 });
  });

  it('the bond only when an amount or a surety is recorded', () => {
    expect(reportBond(null)).toBeNull();
    expect(reportBond({ status: 'not_required', amount: null, suretyName: null, bondNumber: null })).toBeNull();
    expect(reportBond({ status: 'posted', amount: '250000.00', suretyName: 'Prairie Surety Co.', bondNumber: null } as never)).toEqual({
      status: 'posted',
      amount: 250000,
      surety: 'Prairie Surety Co.',
      bond_number: null,
    });
  });
});
