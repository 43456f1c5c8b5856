import { ValidationFailedError } from '@estate/shared-kernel/domain';
import { CLAIM_MOVES, isHttpsUrl, UnclaimedProperty, UnclaimedPropertyFields } from './unclaimed-property';
import { CLAIM_STATUSES, ClaimStatus } from './unclaimed-property-vocabulary';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const TODAY = '2026-11-20';
const FOUND: UnclaimedPropertyFields = { state: 'IL', holderName: 'First Prairie Bank', propertyType: 'dormant_bank_account', reportedAmount: null };

/** Every fact a claim can need, so that only the move itself decides. */
const FACTS: UnclaimedPropertyFields = {
  claimFiledDate: '2026-10-01',
  claimApprovedDate: '2026-10-15',
  claimPaidDate: '2026-11-01',
  claimPaidAmount: 120.5,
  denialReason: 'Not the owner.',
};

function problems(act: () => unknown): Array<[string, string]> {
  try {
    act();
  } catch (error) {
    if (error instanceof ValidationFailedError) return (error.details ?? []).map((detail) => [detail.field, detail.reason]);
    throw error;
  }
  return [];
}

function inStatus(status: ClaimStatus): UnclaimedProperty {
  return UnclaimedProperty.discover('01JUP0000000000000000000AA', '01JCASE000000000000000000A', { ...FOUND, ...FACTS, claimStatus: status }, NOW, TODAY);
}

describe('UnclaimedProperty (contract-extensions §12.5)', () => {
  it('is discovered by default, with empty lists', () => {
    const property = UnclaimedProperty.discover('01JUP0000000000000000000AA', '01JCASE000000000000000000A', FOUND, NOW, TODAY);
    expect(property).toMatchObject({ claimStatus: 'discovered', requiredDocuments: [], documentIds: [], reportedAmount: null });
  });

  it('allows exactly the moves of the list, and refuses every other on claim_status', () => {
    for (const from of CLAIM_STATUSES) {
      for (const to of CLAIM_STATUSES) {
        if (from === to) continue;
        const property = inStatus(from);
        const found = problems(() => property.revise({ claimStatus: to, claimFiledDate: from === 'denied' || from === 'expired' ? '2026-11-02' : FACTS.claimFiledDate }, NOW, TODAY));
        const allowed = CLAIM_MOVES[from].includes(to);
        expect({ from, to, found }).toEqual({ from, to, found: allowed ? [] : [['claim_status', 'rule']] });
      }
    }
    expect(CLAIM_MOVES.paid).toEqual([]);
  });

  it('needs each move\'s facts: filed date, approved date, paid amount and date, denial reason', () => {
    const discovered = UnclaimedProperty.discover('01JUP0000000000000000000AA', '01JCASE000000000000000000A', FOUND, NOW, TODAY);
    expect(problems(() => discovered.revise({ claimStatus: 'claim_filed' }, NOW, TODAY))).toEqual([['claim_filed_date', 'required']]);
    const filed = UnclaimedProperty.discover('01JUP0000000000000000000AA', '01JCASE000000000000000000A', { ...FOUND, claimStatus: 'claim_filed', claimFiledDate: '2026-10-01' }, NOW, TODAY);
    expect(problems(() => filed.revise({ claimStatus: 'denied' }, NOW, TODAY))).toEqual([['denial_reason', 'required']]);
    filed.revise({ claimStatus: 'under_review' }, NOW, TODAY);
    expect(problems(() => filed.revise({ claimStatus: 'approved' }, NOW, TODAY))).toEqual([['claim_approved_date', 'required']]);
    filed.revise({ claimStatus: 'approved', claimApprovedDate: '2026-10-15' }, NOW, TODAY);
    expect(problems(() => filed.revise({ claimStatus: 'paid' }, NOW, TODAY))).toEqual([
      ['claim_paid_amount', 'required'],
      ['claim_paid_date', 'required'],
    ]);
    // A status's facts cannot be cleared afterwards either.
    expect(problems(() => filed.revise({ claimFiledDate: null }, NOW, TODAY))).toEqual([['claim_filed_date', 'required']]);
  });

  it('keeps the claim dates in order and not after today', () => {
    expect(problems(() => UnclaimedProperty.discover('x', 'c', { ...FOUND, claimFiledDate: '2026-11-21' }, NOW, TODAY))).toEqual([['claim_filed_date', 'range']]);
    expect(problems(() => UnclaimedProperty.discover('x', 'c', { ...FOUND, claimFiledDate: '2026-10-10', claimApprovedDate: '2026-10-09' }, NOW, TODAY))).toEqual([['claim_approved_date', 'range']]);
    expect(problems(() => UnclaimedProperty.discover('x', 'c', { ...FOUND, claimApprovedDate: '2026-10-10', claimPaidDate: '2026-10-09' }, NOW, TODAY))).toEqual([['claim_paid_date', 'range']]);
    expect(problems(() => UnclaimedProperty.discover('x', 'c', { ...FOUND, claimPaidDate: TODAY }, NOW, TODAY))).toEqual([]);
  });

  it('starts a new claim from denied or expired: a new filed date, the last outcome cleared', () => {
    const denied = inStatus('denied');
    expect(problems(() => denied.revise({ claimStatus: 'claim_filed' }, NOW, TODAY))).toEqual([['claim_filed_date', 'rule']]);
    expect(denied.revise({ claimStatus: 'claim_filed', claimFiledDate: '2026-11-10' }, NOW, TODAY)).toBe(true);
    expect(denied).toMatchObject({ claimStatus: 'claim_filed', claimFiledDate: '2026-11-10', denialReason: null, claimApprovedDate: null, claimPaidDate: null, claimPaidAmount: null });
  });

  it('refuses a repeated required document and a claim address that is not https', () => {
    expect(problems(() => UnclaimedProperty.discover('x', 'c', { ...FOUND, requiredDocuments: ['government_id', 'death_certificate', 'government_id'] }, NOW, TODAY))).toEqual([
      ['required_documents[2]', 'conflict'],
    ]);
    expect(isHttpsUrl('https://icash.illinoistreasurer.gov/claim')).toBe(true);
    for (const bad of ['http://example.com', 'https://', 'ftp://example.com', 'javascript:alert(1)']) expect({ bad, ok: isHttpsUrl(bad) }).toEqual({ bad, ok: false });
  });

  it('reports no change when the merged document is what it was', () => {
    const property = inStatus('under_review');
    expect(property.revise({ ...FOUND, ...FACTS, claimStatus: 'under_review' }, new Date('2026-11-21T00:00:00.000Z'), TODAY)).toBe(false);
    expect(property.updatedAt).toEqual(NOW);
  });
});
