/** Value sets of a business interest (contract-extensions §12.6). */
export const BUSINESS_ENTITY_TYPES = [
  'sole_proprietorship',
  'llc',
  's_corp',
  'c_corp',
  'general_partnership',
  'limited_partnership',
  'llp',
  'professional_corporation',
  'other',
] as const;
export const BUSINESS_STATUSES = ['active', 'inactive', 'dissolved', 'sold', 'transferred'] as const;
export const DECEASED_ROLES = ['sole_owner', 'member', 'partner', 'shareholder', 'officer', 'other'] as const;
export const VALUATION_METHODS = ['appraisal', 'book_value', 'buy_sell_agreement', 'market_comparables', 'owner_estimate', 'other'] as const;
export const SUCCESSION_PLANS = ['continue', 'sell', 'dissolve', 'transfer_to_heir', 'undecided'] as const;

export type BusinessEntityType = (typeof BUSINESS_ENTITY_TYPES)[number];
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];
export type DeceasedRole = (typeof DECEASED_ROLES)[number];
export type ValuationMethod = (typeof VALUATION_METHODS)[number];
export type SuccessionPlan = (typeof SUCCESSION_PLANS)[number];
