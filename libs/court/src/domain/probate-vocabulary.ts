/** Value sets of the court's deadlines and creditor claims: the specification's where it gives them, contract §3.1's where it does not. */

export const DEADLINE_TYPES = ['filing', 'hearing', 'creditor_notice', 'inventory', 'accounting', 'distribution', 'tax_return', 'bond_renewal', 'other'] as const;
export type DeadlineType = (typeof DEADLINE_TYPES)[number];

/** `overdue` is never stored: an open deadline reads `overdue` once its due date has passed (issue 9). */
export const DEADLINE_STATUSES = ['upcoming', 'overdue', 'completed', 'waived'] as const;
export type DeadlineStatus = (typeof DEADLINE_STATUSES)[number];

export const CLAIM_STATUSES = ['pending', 'accepted', 'rejected', 'paid', 'withdrawn'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_TYPES = ['secured', 'unsecured', 'priority', 'administrative', 'funeral', 'tax', 'medical', 'other'] as const;
