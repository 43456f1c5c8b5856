/** Value sets fixed by contract §3.1 (the specification leaves them "not shown"). */
export const CALL_DIRECTIONS = ['inbound', 'outbound'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];

export const CALL_STATUSES = ['queued', 'ringing', 'in_progress', 'completed', 'busy', 'no_answer', 'failed', 'canceled'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

export const RECORDING_STATUSES = ['absent', 'processing', 'completed', 'failed'] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];

/** An email and its delivery receipt share one status (contract §3.1). */
export const EMAIL_STATUSES = ['queued', 'sent', 'delivered', 'opened', 'bounced', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** Statuses after which the provider reports nothing more. */
export const FINAL_EMAIL_STATUSES: readonly EmailStatus[] = ['opened', 'bounced', 'failed'];

/** Contract-extensions §11.5: where a fax stands. `delivered`, `failed` and `cancelled` are final. */
export const FAX_STATUSES = ['queued', 'sending', 'delivered', 'failed', 'cancelled'] as const;
export type FaxStatus = (typeof FAX_STATUSES)[number];

/** Contract-extensions §11.5: why a fax failed. */
export const FAX_FAILURE_REASONS = ['busy', 'no_answer', 'invalid_number', 'transmission_error', 'provider_unavailable'] as const;
export type FaxFailureReason = (typeof FAX_FAILURE_REASONS)[number];
