/** Value sets of the case context, from the specification's Case, Authority and Person tables. */
export const ESTATE_VALUES = ['unknown', 'under_25k', '25k_to_100k', '100k_to_500k', '500k_to_1m', 'over_1m'] as const;
export const PROGRESS_STAGES = ['no_clue', 'just_started', 'making_progress', 'almost_done', 'completed'] as const;
export const DISPUTE_LEVELS = ['no_dispute_expected', 'possible_dispute', 'active_dispute'] as const;
/** How the caller reaches a listed case (contract-extensions §13.1): as a member of its organization, or shared. */
export const CASE_ACCESS = ['member', 'collaborator'] as const;
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

/** Contract-extensions §10.5: the executor (the personal representative). */
export const EXECUTOR_ROLES = ['executor', 'administrator', 'administrator_with_will_annexed', 'special_administrator', 'successor'] as const;
export const LETTERS_TYPES = [
  'letters_testamentary',
  'letters_of_administration',
  'letters_of_administration_with_will_annexed',
  'letters_of_special_administration',
] as const;
export const RELATIONSHIPS_TO_DECEASED = [
  'spouse',
  'child',
  'grandchild',
  'parent',
  'sibling',
  'niece_nephew',
  'other_relative',
  'friend',
  'attorney',
  'professional_fiduciary',
  'creditor',
  'public_administrator',
  'other',
] as const;
export const BOND_STATUSES = ['not_required', 'waived', 'required', 'posted'] as const;
/** The executor's `identity_status`, mirroring its newest identity verification (§10.5, §11.7). */
export const IDENTITY_STATUSES = ['unverified', 'pending', 'verified', 'failed'] as const;

export type ExecutorRole = (typeof EXECUTOR_ROLES)[number];
export type LettersType = (typeof LETTERS_TYPES)[number];
export type RelationshipToDeceased = (typeof RELATIONSHIPS_TO_DECEASED)[number];
export type BondStatus = (typeof BOND_STATUSES)[number];
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];

/** A goal's status (contract-extensions §12.8): any move is allowed; `completed` stamps `completed_at`. */
export const GOAL_STATUSES = ['pending', 'in_progress', 'completed', 'skipped'] as const;
export const GOAL_CATEGORIES = ['probate', 'financial', 'property', 'tax', 'family', 'administrative', 'other'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];
export type GoalCategory = (typeof GOAL_CATEGORIES)[number];

/**
 * Contract-extensions §17.3: a person's kinship to the deceased, as intestate succession orders heirs (the relationship
 * stays free text beside it), and the side of the family a grandparent, an aunt or uncle or a first cousin is on.
 */
export const KINSHIPS = [
  'spouse',
  'child',
  'grandchild',
  'great_grandchild',
  'parent',
  'sibling',
  'half_sibling',
  'niece_or_nephew',
  'grandparent',
  'aunt_or_uncle',
  'first_cousin',
  'other_relative',
  'not_related',
] as const;
export const FAMILY_SIDES = ['maternal', 'paternal'] as const;

export type Kinship = (typeof KINSHIPS)[number];
export type FamilySide = (typeof FAMILY_SIDES)[number];
