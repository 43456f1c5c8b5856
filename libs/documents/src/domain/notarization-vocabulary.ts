/** Contract-extensions §11.6: where a remote online notarization stands. */
export const NOTARIZATION_STATUSES = ['pending_signers', 'pending_notary', 'in_session', 'completed', 'declined', 'failed', 'expired', 'cancelled'] as const;
export type NotarizationStatus = (typeof NOTARIZATION_STATUSES)[number];

/** The notarial act performed: an acknowledgment (the default) or a jurat (sworn). */
export const NOTARIAL_ACT_TYPES = ['acknowledgment', 'jurat'] as const;
export type NotarialActType = (typeof NOTARIAL_ACT_TYPES)[number];

/** Where one signer stands. */
export const SIGNER_STATUSES = ['invited', 'identity_verified', 'signed', 'declined', 'failed'] as const;
export type SignerStatus = (typeof SIGNER_STATUSES)[number];

/**
 * Why a notarization failed: a signer's identity proofing (KBA or credential analysis), the session itself, a provider
 * not reachable after its tries (contract-extensions §11.4), or a notarized file over the 25 MiB a document may have.
 */
export const NOTARIZATION_FAILURE_REASONS = ['identity_verification_failed', 'session_failed', 'provider_unavailable', 'notarized_document_too_large'] as const;
export type NotarizationFailureReason = (typeof NOTARIZATION_FAILURE_REASONS)[number];

/** 1 to 4 signers per notarization. */
export const MAX_SIGNERS = 4;
