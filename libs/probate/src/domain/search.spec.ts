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
