import { ValidationFailedError } from '@estate/shared-kernel/domain';
import { CLAIM_MOVES, ClaimFields, CreditorClaim } from './creditor-claim';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const base: ClaimFields = { creditorName: 'Hospital', claimAmount: 100, claimDate: '2026-11-01', accountNumber: null };

function fields(error: unknown): string[] {
  return (error as ValidationFailedError).details?.map((detail) => detail.field) ?? [];
}

function attempt(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

describe('CreditorClaim', () => {
  it('is filed pending and not valid by default', () => {
    // Its other fields are stored as given: the class names only those its rules read.
    const claim = CreditorClaim.file('K1', 'C1', base, NOW) as CreditorClaim & ClaimFields;
    expect([claim.status, claim.isValid, claim.accountNumber]).toEqual(['pending', false, null]);
  });

  it('accepts, then is paid with a resolution amount and date', () => {
    const claim = CreditorClaim.file('K1', 'C1', base, NOW);
    claim.revise({ status: 'accepted' }, NOW);
    expect(claim.status).toBe('accepted');
    const refused = attempt(() => claim.revise({ status: 'paid' }, NOW));
    expect(fields(refused)).toEqual(['resolution_amount', 'resolution_date']);
    claim.revise({ status: 'paid', resolutionAmount: 90, resolutionDate: '2026-12-01' }, NOW);
    expect([claim.status, claim.resolutionAmount]).toEqual(['paid', 90]);
  });

  it.each(['paid', 'rejected', 'withdrawn'] as const)('keeps a %s claim final', (final) => {
    const document = { ...base, status: final, resolutionAmount: 1, resolutionDate: '2026-12-01' };
    const claim = CreditorClaim.file('K1', 'C1', document, NOW);
    for (const next of ['pending', 'accepted', 'rejected', 'paid', 'withdrawn'] as const) {
      if (next === final) continue;
      expect(fields(attempt(() => claim.revise({ status: next }, NOW)))).toEqual(['status']);
    }
    expect(CLAIM_MOVES[final]).toEqual([]);
    // Editing a final claim's other fields is allowed; its status stays.
    expect(claim.revise({ resolutionNotes: 'closed' }, NOW)).toBe(true);
  });

  it('does not let an accepted claim go back to pending', () => {
    const claim = CreditorClaim.file('K1', 'C1', { ...base, status: 'accepted' }, NOW);
    expect(fields(attempt(() => claim.revise({ status: 'pending' }, NOW)))).toEqual(['status']);
  });

  it('refuses to clear the resolution of a paid claim', () => {
    const claim = CreditorClaim.file('K1', 'C1', { ...base, status: 'paid', resolutionAmount: 5, resolutionDate: '2026-12-01' }, NOW);
    expect(fields(attempt(() => claim.revise({ resolutionAmount: null }, NOW)))).toEqual(['resolution_amount']);
  });
});
