import { CLOSABLE_ASSET_KINDS } from '@estate/assets/ports';

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

/** Contract §3.1's set, and `business_bank_account` (contract-extensions §15.2: accounts of a business the deceased owned). */
export const SEARCH_TYPES = ['bank_account', 'life_insurance', 'retirement', 'unclaimed_property', 'real_estate', 'vehicle', 'debt', 'business', 'business_bank_account'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
/** The one search type about a business rather than the deceased (§15.2): every other type is a person search. */
export const BUSINESS_SEARCH_TYPE = 'business_bank_account';

export const SEARCH_STATUSES = ['pending', 'in_progress', 'completed', 'failed'] as const;
export type SearchStatus = (typeof SEARCH_STATUSES)[number];
/** The statuses that make a search one of the case's `pending_searches`. */
export const OPEN_SEARCH_STATUSES: readonly SearchStatus[] = ['pending', 'in_progress'];

/** Contract-extensions §15.1: a closure request's status, derived from its steps (`cancelled` by its cancel route). */
export const CLOSURE_REQUEST_STATUSES = ['requested', 'in_progress', 'completed', 'cancelled'] as const;
export type ClosureRequestStatus = (typeof CLOSURE_REQUEST_STATUSES)[number];
/** A request in one of these is open: the account cannot get another (`409 closure_request_exists`). */
export const OPEN_CLOSURE_REQUEST_STATUSES: readonly ClosureRequestStatus[] = ['requested', 'in_progress'];

/** §15.1: the kinds of account a closure request closes, as the catalogue of asset kinds says. */
export const CLOSURE_ACCOUNT_TYPES = CLOSABLE_ASSET_KINDS;
export type ClosureAccountType = (typeof CLOSURE_ACCOUNT_TYPES)[number];

/** §15.1: `instant_transfer` (bank accounts only) also moves the money by a §8 transfer. */
export const CLOSURE_METHODS = ['standard', 'instant_transfer'] as const;
export type ClosureMethod = (typeof CLOSURE_METHODS)[number];

/** §15.1: the five steps of an automated closure, in order (each depends on the one before). */
export const CLOSURE_REQUEST_STEP_TYPES = ['notify_institution', 'submit_documentation', 'collect_signatures', 'follow_up', 'deposit_proceeds'] as const;
export type ClosureRequestStepType = (typeof CLOSURE_REQUEST_STEP_TYPES)[number];
