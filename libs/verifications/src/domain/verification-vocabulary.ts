/** Contract-extensions §11.7: identity verifications. */
export const VERIFICATION_SUBJECTS = ['deceased', 'executor'] as const;
export const VERIFICATION_METHODS = ['death_record_match', 'death_certificate_review', 'kba', 'document_check', 'id_number'] as const;
export const VERIFICATION_STATUSES = ['pending', 'processing', 'verified', 'failed', 'cancelled'] as const;
export const VERIFICATION_CHECKS = [
  'name_match',
  'ssn_match',
  'dob_match',
  'death_record_found',
  'date_of_death_match',
  'document_authentic',
  'document_unexpired',
  'selfie_match',
  'kba_passed',
] as const;
export const CHECK_STATUSES = ['passed', 'failed', 'not_checked'] as const;
export const FAILURE_CODES = ['identity_mismatch', 'no_death_record', 'date_of_death_mismatch', 'document_expired', 'kba_failed', 'provider_unavailable'] as const;

export type VerificationSubject = (typeof VERIFICATION_SUBJECTS)[number];
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export type VerificationCheck = (typeof VERIFICATION_CHECKS)[number];
export type CheckStatus = (typeof CHECK_STATUSES)[number];
export type FailureCode = (typeof FAILURE_CODES)[number];

/** §11.7: which methods verify whom. */
export const METHODS_OF_SUBJECT: Readonly<Record<VerificationSubject, readonly VerificationMethod[]>> = {
  deceased: ['death_record_match', 'death_certificate_review'],
  executor: ['kba', 'document_check', 'id_number'],
};

/** The methods where the subject acts at the provider (answers questions, shows an ID): they have a `session_url`. */
export const SESSION_METHODS: readonly VerificationMethod[] = ['kba', 'document_check'];

/** A verification still under way: at most one per subject and case. */
export const ACTIVE_STATUSES: readonly VerificationStatus[] = ['pending', 'processing'];

/**
 * The checks each method runs, in the order a provider runs them (docs/decisions/0036-identity-verifications.md): a
 * result lists every one; a failed check ends the run, and those after it read `not_checked`.
 */
export const CHECKS_OF_METHOD: Readonly<Record<VerificationMethod, readonly VerificationCheck[]>> = {
  death_record_match: ['death_record_found', 'name_match', 'ssn_match', 'dob_match', 'date_of_death_match'],
  death_certificate_review: ['document_authentic', 'name_match', 'date_of_death_match', 'death_record_found'],
  kba: ['name_match', 'ssn_match', 'kba_passed'],
  document_check: ['document_authentic', 'document_unexpired', 'selfie_match', 'name_match'],
  id_number: ['name_match', 'dob_match', 'ssn_match'],
};
