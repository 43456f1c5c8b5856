/** Fields the specification always returns masked: only the trailing characters stay visible. */
export const SENSITIVE_FIELDS = ['ssn', 'account_number', 'policy_number', 'vin'] as const;

const VISIBLE_TRAILING = 4;

/** `123-45-6789` → `*******6789`. A value of four characters or fewer is masked entirely. */
export function maskSensitive(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value.length <= VISIBLE_TRAILING) return '*'.repeat(value.length);
  return '*'.repeat(value.length - VISIBLE_TRAILING) + value.slice(-VISIBLE_TRAILING);
}
