/** Value sets of searches. */

/** Contract §3.1's set, and `business_bank_account` (contract-extensions §15.2: accounts of a business the deceased owned). */
export const SEARCH_TYPES = ['bank_account', 'life_insurance', 'retirement', 'unclaimed_property', 'real_estate', 'vehicle', 'debt', 'business', 'business_bank_account'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
/** The one search type about a business rather than the deceased (§15.2): every other type is a person search. */
export const BUSINESS_SEARCH_TYPE = 'business_bank_account';

export const SEARCH_STATUSES = ['pending', 'in_progress', 'completed', 'failed'] as const;
export type SearchStatus = (typeof SEARCH_STATUSES)[number];
/** The statuses that make a search one of the case's `pending_searches`. */
export const OPEN_SEARCH_STATUSES: readonly SearchStatus[] = ['pending', 'in_progress'];
