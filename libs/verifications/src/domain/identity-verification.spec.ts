import { ConflictError, ValidationFailedError } from '@estate/shared-kernel/domain';
import { IdentityVerification, SubjectFacts } from './identity-verification';

const t0 = new Date('2026-11-20T10:00:00.000Z');
const t1 = new Date('2026-11-20T10:00:05.000Z');

function pending(overrides: Partial<Parameters<typeof IdentityVerification.start>[0]> = {}): IdentityVerification {
  return IdentityVerification.start(
    { id: '01JF7Q3Z8X5N2M4K6P9R0T1V3W', caseId: '01JF7Q2A0B1C2D3E4F5G6H7J8K', subject: 'executor', method: 'kba', documentIds: [], notes: null, initiatedBy: null, ...overrides },
    t0,
  );
}

const facts = (overrides: Partial<SubjectFacts> = {}): SubjectFacts => ({ ssn: '123-45-6789', dateOfBirth: '1968-05-02', dateOfDeath: null, address: {}, ...overrides });

describe('IdentityVerification', () => {
  it('starts pending, due for its first step at once, with nothing decided', () => {
    const verification = pending();
    expect(verification).toMatchObject({ status: 'pending', nextCheckAt: t0, result: null, checkedAt: null, expiresAt: null, sessionUrl: null, providerAttempts: 0 });
  });

  it('a method verifies its own subject only', () => {
    expect(IdentityVerification.methodProblems('executor', 'kba')).toEqual([]);
    expect(IdentityVerification.methodProblems('deceased', 'death_certificate_review')).toEqual([]);
    expect(IdentityVerification.methodProblems('deceased', 'document_check').map((problem) => problem.field)).toEqual(['method']);
    expect(IdentityVerification.methodProblems('executor', 'death_record_match').map((problem) => problem.field)).toEqual(['method']);
  });

  it('names what each method needs of its subject, and documents that are not of the case', () => {
    const fields = (...args: Parameters<typeof IdentityVerification.requirementProblems>) => IdentityVerification.requirementProblems(...args).map((problem) => problem.field);
    expect(fields('executor', 'kba', null, [])).toEqual(['subject']);
    expect(fields('executor', 'kba', facts({ ssn: null, address: null }), [])).toEqual(['executor.ssn', 'executor.address']);
    expect(fields('executor', 'id_number', facts({ ssn: null, dateOfBirth: null }), [])).toEqual(['executor.date_of_birth', 'executor.ssn']);
    expect(fields('executor', 'document_check', facts({ ssn: null, dateOfBirth: null, address: null }), [])).toEqual([]);
    expect(fields('deceased', 'death_record_match', facts({ ssn: null, dateOfDeath: '2026-08-20' }), [])).toEqual(['deceased.ssn']);
    expect(fields('deceased', 'death_certificate_review', facts(), ['will'])).toEqual(['document_ids']);
    expect(fields('deceased', 'death_certificate_review', facts(), ['death_certificate', undefined])).toEqual(['document_ids[1]']);
    expect(fields('deceased', 'death_certificate_review', facts(), ['will', 'death_certificate'])).toEqual([]);
  });

  it('refuses a document id given twice', () => {
    expect(IdentityVerification.documentIdsProblems(['a', 'b', 'a', 'b']).map((problem) => problem.field)).toEqual(['document_ids[2]', 'document_ids[3]']);
  });

  it('cancels from pending and processing only; from an end, 409 invalid_state and nothing changes', () => {
    const first = pending();
    first.cancel(t1);
    expect([first.status, first.nextCheckAt, first.updatedAt]).toEqual(['cancelled', null, t1]);
    const second = pending();
    second.recordStarted('simulator', 'ref', 'https://session', t0);
    second.cancel(t1);
    expect(second.status).toBe('cancelled');
    for (const ended of [first, Object.assign(pending(), { status: 'verified' }), Object.assign(pending(), { status: 'failed' })]) {
      const before = { ...ended };
      expect(() => ended.cancel(t1)).toThrow(ConflictError);
      expect({ ...ended }).toEqual(before);
    }
  });

  it('adds documents and writes notes; never removes a document or clears the list', () => {
    const verification = pending({ documentIds: ['a'] });
    verification.revise({ document_ids: ['a', 'b'], notes: 'n' }, t1);
    expect([verification.documentIds, verification.notes, verification.updatedAt]).toEqual([['a', 'b'], 'n', t1]);
    expect(() => verification.revise({ document_ids: ['b'] }, t1)).toThrow(ValidationFailedError);
    expect(() => verification.revise({ document_ids: null }, t1)).toThrow(ValidationFailedError);
    expect(() => verification.revise({ document_ids: ['a', 'b', 'b'] }, t1)).toThrow(ValidationFailedError);
    expect(verification.documentIds).toEqual(['a', 'b']);
    // Nothing new: updated_at stays.
    verification.revise({ document_ids: ['b', 'a'], notes: 'n' }, new Date('2027-01-01T00:00:00Z'));
    expect(verification.updatedAt).toEqual(t1);
  });

  it('starts processing with a session only for kba and document_check', () => {
    const kba = pending();
    kba.recordStarted('simulator', 'ref', 'https://session', t1);
    expect([kba.status, kba.sessionUrl, kba.providerReference, kba.nextCheckAt]).toEqual(['processing', 'https://session', 'ref', t1]);
    const idNumber = pending({ method: 'id_number' });
    idNumber.recordStarted('simulator', 'ref', 'https://session', t1);
    expect(idNumber.sessionUrl).toBeNull();
  });

  it('a verified outcome expires a year after the check; a failed one never; checks in the method’s order', () => {
    const verified = pending();
    verified.recordOutcome({ status: 'verified', checks: [{ check: 'kba_passed', status: 'passed' }, { check: 'name_match', status: 'passed' }], failureCode: null }, new Date('2028-02-29T12:00:00.000Z'));
    expect(verified.result).toEqual({ outcome: 'pass', checks: [{ check: 'name_match', status: 'passed' }, { check: 'kba_passed', status: 'passed' }], failure_code: null });
    expect(verified.expiresAt?.toISOString()).toBe('2029-03-01T12:00:00.000Z');
    expect(verified.nextCheckAt).toBeNull();
    const failed = pending();
    failed.recordOutcome({ status: 'failed', checks: [], failureCode: 'kba_failed' }, t1);
    expect([failed.status, failed.result?.outcome, failed.result?.failure_code, failed.checkedAt, failed.expiresAt]).toEqual(['failed', 'fail', 'kba_failed', t1, null]);
  });

  it('an unreachable provider is asked again after 1, 2, 4 and 8 s, then the verification fails with provider_unavailable', () => {
    const verification = pending();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      verification.recordProviderUnavailable(t0);
      delays.push((verification.nextCheckAt as Date).getTime() - t0.getTime());
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000]);
    expect(verification.status).toBe('pending');
    verification.recordProviderUnavailable(t0);
    expect([verification.status, verification.nextCheckAt, verification.checkedAt]).toEqual(['failed', null, null]);
    expect(verification.result).toEqual({
      outcome: 'fail',
      checks: [{ check: 'name_match', status: 'not_checked' }, { check: 'ssn_match', status: 'not_checked' }, { check: 'kba_passed', status: 'not_checked' }],
      failure_code: 'provider_unavailable',
    });
  });
});
