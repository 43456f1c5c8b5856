/** Value sets of the probate context: the specification's where it gives them, contract §3.1's where it does not. */

export const DEADLINE_TYPES = ['filing', 'hearing', 'creditor_notice', 'inventory', 'accounting', 'distribution', 'tax_return', 'bond_renewal', 'other'] as const;
export type DeadlineType = (typeof DEADLINE_TYPES)[number];

/** `overdue` is never stored: an open deadline reads `overdue` once its due date has passed (issue 9). */
export const DEADLINE_STATUSES = ['upcoming', 'overdue', 'completed', 'waived'] as const;
export type DeadlineStatus = (typeof DEADLINE_STATUSES)[number];

export const CLAIM_STATUSES = ['pending', 'accepted', 'rejected', 'paid', 'withdrawn'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_TYPES = ['secured', 'unsecured', 'priority', 'administrative', 'funeral', 'tax', 'medical', 'other'] as const;

export const CLOSURE_STEP_STATUSES = ['not_started', 'in_progress', 'waiting', 'blocked', 'completed', 'skipped'] as const;
export type ClosureStepStatus = (typeof CLOSURE_STEP_STATUSES)[number];
/** What a client may write (contract §3.2): `blocked` is only ever computed from `depends_on`. */
export const WRITABLE_CLOSURE_STEP_STATUSES = ['not_started', 'in_progress', 'waiting', 'completed', 'skipped'] as const;
export type WritableClosureStepStatus = (typeof WRITABLE_CLOSURE_STEP_STATUSES)[number];

export const SEARCH_TYPES = ['bank_account', 'life_insurance', 'retirement', 'unclaimed_property', 'real_estate', 'vehicle', 'debt', 'business'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_STATUSES = ['pending', 'in_progress', 'completed', 'failed'] as const;
export type SearchStatus = (typeof SEARCH_STATUSES)[number];
/** The statuses that make a search one of the case's `pending_searches`. */
export const OPEN_SEARCH_STATUSES: readonly SearchStatus[] = ['pending', 'in_progress'];
