import { CLOSABLE_ASSET_KINDS } from '@estate/assets';

/** Value sets of closure steps (contract §3.1) and closure requests (contract-extensions §15.1). */

export const CLOSURE_STEP_STATUSES = ['not_started', 'in_progress', 'waiting', 'blocked', 'completed', 'skipped'] as const;
export type ClosureStepStatus = (typeof CLOSURE_STEP_STATUSES)[number];
/** What a client may write (contract §3.2): `blocked` is only ever computed from `depends_on`. */
export const WRITABLE_CLOSURE_STEP_STATUSES = ['not_started', 'in_progress', 'waiting', 'completed', 'skipped'] as const;
export type WritableClosureStepStatus = (typeof WRITABLE_CLOSURE_STEP_STATUSES)[number];

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
