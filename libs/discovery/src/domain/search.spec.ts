import { ValidationFailedError } from '@estate/shared-kernel/domain';
import { Search } from './search';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const LATER = new Date('2026-11-24T10:00:00.000Z');

describe('Search', () => {
  it('starts pending and moves only forward, skipping allowed; completed stamps completed_at', () => {
    const search = Search.start('S1', 'C1', { type: 'vehicle' }, NOW);
    expect([search.status, search.completedAt]).toEqual(['pending', null]);
    expect(search.revise({ status: 'completed', results_summary: 'Found one' }, LATER)).toBe(true);
    expect([search.status, search.completedAt, search.resultsSummary]).toEqual(['completed', LATER, 'Found one']);
  });

  it.each([
    ['in_progress', 'pending'],
    ['completed', 'in_progress'],
    ['completed', 'failed'],
    ['failed', 'completed'],
    ['failed', 'pending'],
  ] as const)('refuses %s → %s', (from, to) => {
    const search = Search.start('S1', 'C1', { type: 'debt', status: from }, NOW);
    expect(() => search.revise({ status: to }, LATER)).toThrow(ValidationFailedError);
    expect(search.status).toBe(from);
  });

  it('treats writing the same status as no move and leaves updated_at alone when nothing changed', () => {
    const search = Search.start('S1', 'C1', { type: 'debt', status: 'in_progress' }, NOW);
    expect(search.revise({ status: 'in_progress' }, LATER)).toBe(false);
    expect(search.updatedAt).toBe(NOW);
  });
});

describe('Search, initiated (contract-extensions §15.2)', () => {
  const parameters = { states: ['IL'], name_variants: [], business_id: null, business_name: null };

  it('is pending with its first step due, then in_progress, then completed with its summary; nothing more is asked', () => {
    const search = Search.initiate('S1', 'C1', 'vehicle', parameters, null, NOW);
    expect([search.status, search.nextCheckAt, search.parameters]).toEqual(['pending', NOW, parameters]);
    search.recordStarted('ref-1', LATER);
    expect([search.status, search.providerReference, search.nextCheckAt]).toEqual(['in_progress', 'ref-1', LATER]);
    search.recordOutcome({ status: 'completed', resultsSummary: 'simulated: no matches' }, LATER);
    expect([search.status, search.completedAt, search.resultsSummary, search.nextCheckAt]).toEqual(['completed', LATER, 'simulated: no matches', null]);
  });

  it('an unreachable provider is tried after 1, 2, 4, 8 s, then the search fails with provider_unavailable', () => {
    const search = Search.initiate('S1', 'C1', 'vehicle', parameters, null, NOW);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      search.recordProviderUnavailable(NOW);
      waits.push(search.nextCheckAt!.getTime() - NOW.getTime());
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
    search.recordProviderUnavailable(NOW);
    expect([search.status, search.completedAt, search.nextCheckAt]).toEqual(['failed', null, null]);
    expect(search.resultsSummary).toContain('provider_unavailable');
  });

  it('a recorded search is never asked of a provider', () => {
    expect(Search.start('S1', 'C1', { type: 'vehicle' }, NOW).nextCheckAt).toBeNull();
  });
});
