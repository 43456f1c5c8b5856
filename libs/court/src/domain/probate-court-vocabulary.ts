/** Value sets of the probate case and its filings (contract-extensions §10.1, §10.2). */

export const PROBATE_TYPES = ['formal', 'informal', 'small_estate'] as const;
export type ProbateType = (typeof PROBATE_TYPES)[number];

export const PROBATE_CASE_STATUSES = ['not_filed', 'filed', 'open', 'closed', 'dismissed'] as const;
export type ProbateCaseStatus = (typeof PROBATE_CASE_STATUSES)[number];

export const FILING_TYPES = ['petition', 'notice', 'inventory', 'accounting', 'motion', 'order', 'letters', 'bond', 'waiver', 'affidavit', 'caveat', 'claim', 'deed', 'other'] as const;
export type FilingType = (typeof FILING_TYPES)[number];

export const FILING_STATUSES = ['draft', 'filed', 'accepted', 'rejected', 'withdrawn'] as const;
export type FilingStatus = (typeof FILING_STATUSES)[number];
