/** Value sets of the case context, from the specification's Case, Authority and Person tables. */
export const ESTATE_VALUES = ['unknown', 'under_25k', '25k_to_100k', '100k_to_500k', '500k_to_1m', 'over_1m'] as const;
export const PROGRESS_STAGES = ['no_clue', 'just_started', 'making_progress', 'almost_done', 'completed'] as const;
export const DISPUTE_LEVELS = ['no_dispute_expected', 'possible_dispute', 'active_dispute'] as const;
export const AUTHORITY_LEVELS = ['level_0', 'level_1', 'level_2', 'level_3'] as const;
export const AUTHORITY_TYPES = [
  'executor_in_will',
  'trustee_in_trust',
  'named_in_probate',
  'had_power_of_attorney',
  'next_of_kin',
  'verbal_agreement',
  'signed_waiver',
  'helping_someone_with_authority',
  'other',
] as const;
export const WAIVER_STATUSES = ['no_waiver_needed', 'waiver_pending', 'waiver_signed', 'waiver_refused'] as const;

export type EstateValue = (typeof ESTATE_VALUES)[number];
export type ProgressStage = (typeof PROGRESS_STAGES)[number];
export type DisputeLevel = (typeof DISPUTE_LEVELS)[number];
export type AuthorityLevel = (typeof AUTHORITY_LEVELS)[number];
export type AuthorityType = (typeof AUTHORITY_TYPES)[number];
export type WaiverStatus = (typeof WAIVER_STATUSES)[number];
