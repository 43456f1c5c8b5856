export { VerificationsModule } from './verifications.module';
export { VERIFICATIONS_ENTITIES } from './infrastructure/persistence/verifications-entities';
export { identityVerificationResource } from './resources/identity-verification.resource';
export { IdentityVerificationProcessor } from './application/identity-verification-processor';
export { IdentityVerificationProvider } from './application/ports/identity-verification-provider.port';
export type { IdentityVerificationRequest, VerificationOutcome, StartedVerification } from './application/ports/identity-verification-provider.port';
