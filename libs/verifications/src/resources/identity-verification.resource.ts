import { caseResource, field } from '@estate/shared-kernel';
import { ReviseIdentityVerification } from '../application/revise-identity-verification';
import { StartIdentityVerification } from '../application/start-identity-verification';
import { IdentityVerification, MAX_DOCUMENT_IDS } from '../domain/identity-verification';
import { VERIFICATION_METHODS, VERIFICATION_STATUSES, VERIFICATION_SUBJECTS } from '../domain/verification-vocabulary';
import { VerificationResultView } from '../http/dto/identity-verification.dto';
import { simulatedIdentityTestValues } from '../infrastructure/provider/simulated-identity-verification-provider';

/**
 * Identity verifications (contract-extensions §11.7): an aggregate moved by the provider's steps and its cancel route;
 * `POST` (whom to verify, and how) and `PATCH` (`notes`, and `document_ids` with every item it had: documents are
 * added, never removed) are its own use cases, there is no `DELETE` (405: verifications are kept). The provider's side
 * is stored, never shown. Events `identity_verification.created|updated|status_changed`.
 */
export const identityVerificationResource = caseResource({
  name: 'identity verification',
  path: 'identity-verifications',
  idParam: 'verification_id',
  table: 'identity_verifications',
  entity: IdentityVerification,
  kind: 'aggregate',
  useCases: { create: () => StartIdentityVerification, patch: () => ReviseIdentityVerification },
  fields: {
    subject: field.enum(VERIFICATION_SUBJECTS, {
      required: true,
      createOnly: true,
      column: { length: 20 },
      description: 'Who is verified: the deceased (the death is real, the person is the one the case names) or the executor.',
      example: 'executor',
    }),
    method: field.enum(VERIFICATION_METHODS, {
      required: true,
      createOnly: true,
      description:
        'How: death_record_match or death_certificate_review for the deceased; kba, document_check or id_number for the executor. ' +
        'death_record_match needs the deceased’s ssn and date_of_death; death_certificate_review a document of type death_certificate; kba the executor’s ssn and address; id_number their date_of_birth and ssn.',
      example: 'document_check',
    }),
    status: field.enum(VERIFICATION_STATUSES, {
      readOnly: true,
      required: true,
      column: { length: 20 },
      description: 'pending on create; the provider moves it to processing, then verified or failed.',
      example: 'pending',
    }),
    sessionUrl: field.string({ readOnly: true, max: 2000, description: 'Where the subject acts (kba, document_check), once the provider has opened the session.', example: null }),
    result: field.object(() => VerificationResultView, { readOnly: true, description: 'The outcome and its checks, once decided; no identity data.' }),
    checkedAt: field.dateTime({ readOnly: true, description: 'When the provider decided.' }),
    expiresAt: field.dateTime({ readOnly: true, description: 'checked_at plus one year, for verified only.' }),
    documentIds: field.stringArray({
      maxItems: MAX_DOCUMENT_IDS,
      column: { type: 'string[]', columnType: 'text[]' },
      description: 'Documents of the case the verification rests on (at most 20, no duplicates).',
      example: [],
    }),
    initiatedBy: field.string({ readOnly: true, max: 26, description: 'The user who started it.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0US' }),
    notes: field.text({ description: 'Free-text notes.', example: 'Requested by the probate clerk before issuing letters.' }),
    // The provider's side.
    provider: field.string({ hidden: true, max: 100 }),
    providerReference: field.string({ hidden: true }),
    nextCheckAt: field.dateTime({ hidden: true }),
    providerAttempts: field.integer({ hidden: true, default: 0 }),
  },
  filters: { status: VERIFICATION_STATUSES, subject: VERIFICATION_SUBJECTS, method: VERIFICATION_METHODS },
  statusChanged: true,
  tagDescription: [
    'Verifications of the deceased (the death is real, the person is the one the case names) and of the executor (the person acting is who they claim to be), run by an identity provider in the background. No identity data is returned: outcomes and the names of the checks only.',
    '',
    "**Test values.** Unless the deployment configures a real provider, verifications go to a simulator that sends nothing off the machine; the last four digits of the subject's SSN decide the outcome:",
    '',
    simulatedIdentityTestValues(),
  ].join('\n'),
});
