import { AccountingPeriodInvalid, CountedBefore, DateOfDeathRequired, assertPeriod, countedFlowKey, isPriorPeriod, nextStart, periodViolations, type SettledPeriod } from './accounting-period';
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
    expect(() => periodViolations({ dateOfDeath: null, from: '2026-01-10', to: '2026-01-11', today: '2026-02-01', fromAsked: true, settled: [] })).toThrow(
      expect.objectContaining({ code: 'date_of_death_required', details: [expect.objectContaining({ field: 'date_of_death', reason: 'required' })] }),
    );
  });

  const request = { dateOfDeath: '2026-01-10', from: '2026-01-10', fromAsked: true, to: '2026-06-30', today: '2026-07-05', settled: [] as SettledPeriod[] };
  const first: SettledPeriod = { sequence: 1, from: '2026-01-10', to: '2026-06-30' };

  it('accepts a period from a start to a day not after today (both inclusive, one day allowed)', () => {
    expect(periodViolations(request)).toEqual([]);
    expect(periodViolations({ ...request, to: '2026-07-05' })).toEqual([]);
    expect(periodViolations({ ...request, to: '2026-01-10' })).toEqual([]);
    expect(periodViolations({ ...request, from: '2026-07-01', to: '2026-07-05', settled: [first] })).toEqual([]);
  });

  it('to after today, to before from, or from not a start: 422 accounting_period_invalid with a detail each', () => {
    expect(periodViolations({ ...request, to: '2026-07-06' })).toEqual([expect.objectContaining({ field: 'to', reason: 'range' })]);
    expect(periodViolations({ ...request, from: '2026-07-01', to: '2026-06-30', settled: [first] })).toEqual([expect.objectContaining({ field: 'to', reason: 'range' })]);
    expect(periodViolations({ ...request, from: '2026-02-01' })).toEqual([expect.objectContaining({ field: 'from', reason: 'rule' })]);
    expect(() => assertPeriod({ ...request, from: '2026-02-01', to: '2026-07-06' })).toThrow(AccountingPeriodInvalid);
    try {
      assertPeriod({ ...request, from: '2026-02-01', to: '2026-07-06' });
    } catch (error) {
      expect(error).toMatchObject({ code: 'accounting_period_invalid', details: [{ field: 'from' }, { field: 'to' }] });
    }
  });

  it('to before a from that was not sent names what covers it: the settled accounting, or the date of death', () => {
    const second: SettledPeriod = { sequence: 2, from: '2026-07-01', to: '2026-10-31' };
    const next = { ...request, fromAsked: false, from: '2026-11-01', today: '2026-12-01', settled: [first, second] };
    expect(periodViolations({ ...next, to: '2026-10-31' })).toEqual([
      {
        field: 'to',
        message: 'accounting 2 already covers 2026-10-31 (its period is 2026-07-01 to 2026-10-31); the next accounting starts on 2026-11-01, so its to must be 2026-11-01 or later',
        reason: 'range',
      },
    ]);
    expect(periodViolations({ ...next, to: '2026-03-01' })[0].message).toMatch(/^accounting 1 already covers 2026-03-01 \(its period is 2026-01-10 to 2026-06-30\)/);
    expect(periodViolations({ ...next, to: '2026-01-09' })[0].message).toBe('to (2026-01-09) is before the date of death (2026-01-10), where the first accounting starts');
    expect(periodViolations({ ...request, fromAsked: false, to: '2026-01-09' })[0].message).toBe('to (2026-01-09) is before the date of death (2026-01-10), where the first accounting starts');
    // A from the client sent is the one the message speaks of.
    expect(periodViolations({ ...next, fromAsked: true, to: '2026-10-31' })[0].message).toBe('to (2026-10-31) must not be before from (2026-11-01)');
    for (const violations of [periodViolations({ ...next, to: '2026-10-31' }), periodViolations({ ...next, to: '2026-01-09' })]) {
      expect(violations[0].message).not.toMatch(/\bfrom\b/);
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
