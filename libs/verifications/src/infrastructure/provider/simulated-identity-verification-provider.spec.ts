import type { IdentityFacts } from '../../application/ports/identity-verification-provider.port';
import { SimulatedIdentityVerificationProvider, simulatedFailure } from './simulated-identity-verification-provider';

const person = (ssn: string | null, dateOfBirth: string | null = '1968-05-02'): IdentityFacts => ({
  firstName: 'Grace',
  middleName: null,
  lastName: 'Okafor',
  dateOfBirth,
  ssn,
  address: null,
  dateOfDeath: null,
});

describe('the simulated identity provider (contract-extensions §11.4)', () => {
  const provider = new SimulatedIdentityVerificationProvider();

  it.each([
    ['executor', 'kba', '123-45-0000', 'identity_mismatch'],
    ['executor', 'document_check', '123450000', 'identity_mismatch'],
    ['executor', 'id_number', '123-45-0000', 'identity_mismatch'],
    ['deceased', 'death_record_match', '123-45-0000', 'no_death_record'],
    ['deceased', 'death_certificate_review', '123-45-0000', 'no_death_record'],
    ['executor', 'document_check', '123-45-0001', 'document_expired'],
    ['executor', 'kba', '123-45-0001', 'kba_failed'],
    ['deceased', 'death_record_match', '123-45-0001', 'date_of_death_mismatch'],
    ['executor', 'id_number', '123-45-0001', null],
    ['deceased', 'death_certificate_review', '123-45-0001', null],
    ['executor', 'kba', '123-45-6789', null],
    ['executor', 'document_check', null, null],
  ] as const)('%s by %s with SSN %s → %s', (subject, method, ssn, failure) => {
    expect(simulatedFailure(subject, method, ssn)).toBe(failure);
  });

  it('opens a session for kba and document_check only, named after the verification', async () => {
    const base = { verificationId: '01JF7Q3Z8X5N2M4K6P9R0T1V3W', subject: 'executor' as const, person: person('123-45-6789'), documents: [] };
    expect(await provider.start({ ...base, method: 'kba' })).toEqual({
      reference: 'simidv_01jf7q3z8x5n2m4k6p9r0t1v3w',
      sessionUrl: 'https://idv.simulator.estatedesk.invalid/sessions/simidv_01jf7q3z8x5n2m4k6p9r0t1v3w',
    });
    expect((await provider.start({ ...base, method: 'id_number' })).sessionUrl).toBeNull();
  });

  it('passes every check up to the failing one, which fails; the rest are not checked; a missing date of birth is not checked', async () => {
    const request = (method: 'kba' | 'death_record_match', ssn: string, dob: string | null = '1968-05-02') => ({
      verificationId: 'x', subject: method === 'kba' ? ('executor' as const) : ('deceased' as const), method, person: person(ssn, dob), documents: [], reference: 'r',
    });
    expect(await provider.outcome(request('kba', '1230000'))).toEqual({
      status: 'failed',
      failureCode: 'identity_mismatch',
      checks: [{ check: 'name_match', status: 'passed' }, { check: 'ssn_match', status: 'failed' }, { check: 'kba_passed', status: 'not_checked' }],
    });
    expect(await provider.outcome(request('death_record_match', '123-45-2222', null))).toEqual({
      status: 'verified',
      failureCode: null,
      checks: [
        { check: 'death_record_found', status: 'passed' },
        { check: 'name_match', status: 'passed' },
        { check: 'ssn_match', status: 'passed' },
        { check: 'dob_match', status: 'not_checked' },
        { check: 'date_of_death_match', status: 'passed' },
      ],
    });
  });
});
