import {
  IdentityVerificationProvider,
  IdentityVerificationRequest,
  StartedVerification,
  VerificationOutcome,
} from '../../application/ports/identity-verification-provider.port';
import { CHECKS_OF_METHOD, SESSION_METHODS, type FailureCode, type VerificationCheck, type VerificationMethod, type VerificationSubject } from '../../domain/verification-vocabulary';

/** §11.4: the SSN endings with an outcome of their own; `0001` fails only these methods. */
const EXPIRED_OR_FAILED: Partial<Record<VerificationMethod, FailureCode>> = {
  document_check: 'document_expired',
  kba: 'kba_failed',
  death_record_match: 'date_of_death_mismatch',
};

/** The check whose failure each code reports. */
function failingCheck(code: FailureCode, method: VerificationMethod): VerificationCheck {
  switch (code) {
    case 'no_death_record':
      return 'death_record_found';
    case 'date_of_death_mismatch':
      return 'date_of_death_match';
    case 'document_expired':
      return 'document_unexpired';
    case 'kba_failed':
      return 'kba_passed';
    default:
      // identity_mismatch: the number does not belong to the person; an ID document's name is not theirs.
      return CHECKS_OF_METHOD[method].includes('ssn_match') ? 'ssn_match' : 'name_match';
  }
}

/** §11.4: the failure the subject's SSN calls for, or null (verified): by its last four digits alone. */
export function simulatedFailure(subject: VerificationSubject, method: VerificationMethod, ssn: string | null): FailureCode | null {
  const lastFour = ssn === null ? null : ssn.replace(/\D/g, '').slice(-4);
  if (lastFour === '0000') return subject === 'executor' ? 'identity_mismatch' : 'no_death_record';
  if (lastFour === '0001') return EXPIRED_OR_FAILED[method] ?? null;
  return null;
}

/** The simulator's test values as the API reference lists them (a Markdown table). */
export function simulatedIdentityTestValues(): string {
  return [
    "| Subject's SSN ends in | Outcome |",
    '| --- | --- |',
    '| `0000` | `failed`: `identity_mismatch` for the executor, `no_death_record` for the deceased |',
    '| `0001` | `failed`: `document_expired` (document_check), `kba_failed` (kba), `date_of_death_mismatch` (death_record_match); other methods `verified` |',
    '| anything else, or no SSN | `verified` |',
  ].join('\n');
}

/**
 * The default identity provider: a simulator in the manner of a payment API's test mode (contract-extensions §11.4).
 * It opens no connection and keeps nothing: the outcome follows from the request alone (the last four digits of the
 * subject's SSN), so any process may take the next step of a verification another one started. Every check of the
 * method passes until the one the failure names, which fails; those after it are `not_checked` (a deceased's
 * `dob_match` too when no date of birth is recorded).
 */
export class SimulatedIdentityVerificationProvider extends IdentityVerificationProvider {
  readonly name = 'simulator';

  async start(request: IdentityVerificationRequest): Promise<StartedVerification> {
    const reference = `simidv_${request.verificationId.toLowerCase()}`;
    const sessionUrl = SESSION_METHODS.includes(request.method) ? `https://idv.simulator.estatedesk.invalid/sessions/${reference}` : null;
    return { reference, sessionUrl };
  }

  async outcome(request: IdentityVerificationRequest & { reference: string }): Promise<VerificationOutcome> {
    const failure = simulatedFailure(request.subject, request.method, request.person.ssn);
    const failing = failure === null ? null : failingCheck(failure, request.method);
    let stopped = false;
    const checks = CHECKS_OF_METHOD[request.method].map((check) => {
      if (stopped) return { check, status: 'not_checked' as const };
      if (check === failing) {
        stopped = true;
        return { check, status: 'failed' as const };
      }
      if (check === 'dob_match' && request.person.dateOfBirth === null) return { check, status: 'not_checked' as const };
      return { check, status: 'passed' as const };
    });
    return failure === null ? { status: 'verified', checks, failureCode: null } : { status: 'failed', checks, failureCode: failure };
  }
}
