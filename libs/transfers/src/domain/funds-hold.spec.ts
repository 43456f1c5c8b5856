import { fundsAvailableAt } from './funds-hold';

describe('fundsAvailableAt (the funds hold of a settled transfer)', () => {
  it('in test mode lasts the network’s return delay after the recorded settlement', () => {
    const settledAt = new Date('2026-11-23T15:00:00.000Z');
    expect(fundsAvailableAt(settledAt, '2026-11-24', { returnWindowMs: 12_000, bankingDays: 2 })).toEqual(new Date('2026-11-23T15:00:12.000Z'));
    expect(fundsAvailableAt(settledAt, '2026-11-24', { returnWindowMs: 0, bankingDays: 2 })).toEqual(settledAt);
  });

  it('with a real network ends at New York midnight of the second banking day after the settlement date', () => {
    // Recorded Monday 23 November, expected to settle Tuesday 24: Wednesday 25, Friday 27 (Thanksgiving skipped).
    expect(fundsAvailableAt(new Date('2026-11-23T15:00:00Z'), '2026-11-24', { returnWindowMs: null, bankingDays: 2 })).toEqual(new Date('2026-11-27T05:00:00Z'));
    // Recorded after its expected date (a late step): counted from the recorded day, Friday 20 → Monday 23, Tuesday 24.
    expect(fundsAvailableAt(new Date('2026-11-20T20:00:00Z'), '2026-11-19', { returnWindowMs: null, bankingDays: 2 })).toEqual(new Date('2026-11-24T05:00:00Z'));
    // Summer time: midnight in New York is 04:00 UTC. Wednesday 1 July 2026 → Thursday 2, Friday 3 (the 4th is a Saturday).
    expect(fundsAvailableAt(new Date('2026-07-01T14:00:00Z'), null, { returnWindowMs: null, bankingDays: 2 })).toEqual(new Date('2026-07-03T04:00:00Z'));
  });

  it('takes the configured number of banking days', () => {
    expect(fundsAvailableAt(new Date('2026-11-23T15:00:00Z'), '2026-11-24', { returnWindowMs: null, bankingDays: 0 })).toEqual(new Date('2026-11-24T05:00:00Z'));
    expect(fundsAvailableAt(new Date('2026-11-23T15:00:00Z'), '2026-11-24', { returnWindowMs: null, bankingDays: 5 })).toEqual(new Date('2026-12-02T05:00:00Z'));
  });
});
