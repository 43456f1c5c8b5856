import { AccountingPeriodInvalid, CountedBefore, DateOfDeathRequired, assertPeriod, countedFlowKey, isPriorPeriod, nextStart, periodViolations } from './accounting-period';
import { dayAfter } from './calendar-day';

describe('§16.4 periods', () => {
  it('the first account starts on the date of death, each later one the day after the previous settled to', () => {
    expect(nextStart('2026-01-10', null)).toBe('2026-01-10');
    expect(nextStart('2026-01-10', '2026-06-30')).toBe('2026-07-01');
    expect(nextStart('2026-01-10', '2026-12-31')).toBe('2027-01-01');
    expect(dayAfter('2028-02-28')).toBe('2028-02-29');
  });

  it('no date of death: 422 date_of_death_required', () => {
    expect(() => nextStart(null, null)).toThrow(DateOfDeathRequired);
    expect(() => periodViolations({ dateOfDeath: null, from: '2026-01-10', to: '2026-01-11', today: '2026-02-01', settledTos: [] })).toThrow(
      expect.objectContaining({ code: 'date_of_death_required', details: [expect.objectContaining({ field: 'date_of_death', reason: 'required' })] }),
    );
  });

  const request = { dateOfDeath: '2026-01-10', from: '2026-01-10', to: '2026-06-30', today: '2026-07-05', settledTos: [] as string[] };

  it('accepts a period from a start to a day not after today (both inclusive, one day allowed)', () => {
    expect(periodViolations(request)).toEqual([]);
    expect(periodViolations({ ...request, to: '2026-07-05' })).toEqual([]);
    expect(periodViolations({ ...request, to: '2026-01-10' })).toEqual([]);
    expect(periodViolations({ ...request, from: '2026-07-01', to: '2026-07-05', settledTos: ['2026-06-30'] })).toEqual([]);
  });

  it('to after today, to before from, or from not a start: 422 accounting_period_invalid with a detail each', () => {
    expect(periodViolations({ ...request, to: '2026-07-06' })).toEqual([expect.objectContaining({ field: 'to', reason: 'range' })]);
    expect(periodViolations({ ...request, from: '2026-07-01', to: '2026-06-30', settledTos: ['2026-06-30'] })).toEqual([expect.objectContaining({ field: 'to', reason: 'range' })]);
    expect(periodViolations({ ...request, from: '2026-02-01' })).toEqual([expect.objectContaining({ field: 'from', reason: 'rule' })]);
    expect(() => assertPeriod({ ...request, from: '2026-02-01', to: '2026-07-06' })).toThrow(AccountingPeriodInvalid);
    try {
      assertPeriod({ ...request, from: '2026-02-01', to: '2026-07-06' });
    } catch (error) {
      expect(error).toMatchObject({ code: 'accounting_period_invalid', details: [{ field: 'from' }, { field: 'to' }] });
    }
  });
});

describe('§16.4 counted once', () => {
  it('knows the flows and carried records of earlier accountings', () => {
    const counted = new CountedBefore({
      flows: [
        { type: 'transaction', kind: null, id: 't1' },
        { type: 'disposal', kind: 'vehicle', id: 'v1' },
      ],
      carried: [{ kind: 'vehicle', id: 'v1' }],
    });
    expect(counted.hasFlow({ type: 'transaction', kind: null, id: 't1' })).toBe(true);
    expect(counted.hasFlow({ type: 'disposal', kind: 'vehicle', id: 'v1' })).toBe(true);
    expect(counted.hasFlow({ type: 'disposal', kind: 'business', id: 'v1' })).toBe(false);
    expect(counted.hasFlow({ type: 'in_kind_distribution', kind: null, id: 't1' })).toBe(false);
    expect(counted.hasCarried({ kind: 'vehicle', id: 'v1' })).toBe(true);
    expect(counted.hasCarried({ kind: 'business', id: 'v1' })).toBe(false);
    expect(countedFlowKey({ type: 'additional_property', kind: 'business', id: 'b1' })).toBe('additional_property:business:b1');
  });

  it('a flow dated before the period is prior_period', () => {
    expect(isPriorPeriod('2026-06-30', '2026-07-01')).toBe(true);
    expect(isPriorPeriod('2026-07-01', '2026-07-01')).toBe(false);
  });
});
