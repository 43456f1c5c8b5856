import { caseResource } from '@estate/shared-kernel';
import { ReviseIdentityVerification } from '../application/revise-identity-verification';
import { StartIdentityVerification } from '../application/start-identity-verification';
import { IdentityVerification } from '../domain/identity-verification';
import { VERIFICATION_METHODS, VERIFICATION_STATUSES, VERIFICATION_SUBJECTS } from '../domain/verification-vocabulary';
import { CreateIdentityVerificationBody, IdentityVerificationView, PatchIdentityVerificationBody } from '../http/dto/identity-verification.dto';
import { IdentityVerificationSchema } from '../infrastructure/persistence/identity-verification.schema';
import { simulatedIdentityTestValues } from '../infrastructure/provider/simulated-identity-verification-provider';

/**
 * Identity verifications (contract-extensions §11.7): an aggregate moved by the provider's steps and its cancel route;
 * `POST` and `PATCH` are its own use cases, there is no `DELETE` (405: verifications are kept). Events
 * `identity_verification.created|updated|status_changed`.
 */
export const identityVerificationResource = caseResource<IdentityVerification>({
  name: 'identity verification',
  path: 'identity-verifications',
  idParam: 'verification_id',
  schema: IdentityVerificationSchema,
  kind: 'aggregate',
  useCases: { create: () => StartIdentityVerification, patch: () => ReviseIdentityVerification },
  create: CreateIdentityVerificationBody,
  patch: PatchIdentityVerificationBody,
  view: IdentityVerificationView,
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
