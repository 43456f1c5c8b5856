import { VERIFICATIONS_PARTS } from './verifications.parts';

export { VerificationsModule } from './verifications.module';
/** Its ORM mappings, gathered from its folder. */
export const VERIFICATIONS_ENTITIES = VERIFICATIONS_PARTS.entities;
export { identityVerificationResource } from './resources/identity-verification.resource';
export { IdentityVerificationProcessor } from './application/identity-verification-processor';
export { IdentityVerificationProvider } from './application/ports/identity-verification-provider.port';
export type { IdentityVerificationRequest, VerificationOutcome, StartedVerification } from './application/ports/identity-verification-provider.port';
