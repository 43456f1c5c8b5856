/** Value sets of unclaimed property (contract-extensions §12.5). */

/**
 * The custodial state: a USPS code of a jurisdiction that runs an unclaimed-property program — the 50 states, the
 * District of Columbia, Puerto Rico, the U.S. Virgin Islands, Guam, American Samoa and the Northern Mariana Islands.
 * The armed-forces codes (AA, AE, AP) are mail routings, not custodians, and are refused.
 */
export const UNCLAIMED_PROPERTY_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD',
  'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC',
  'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'DC', 'PR', 'VI', 'GU', 'AS', 'MP',
] as const;

export const UNCLAIMED_PROPERTY_TYPES = [
  'dormant_bank_account',
  'uncashed_check',
  'insurance_proceeds',
  'insurance_refund',
  'utility_deposit',
  'rental_deposit',
  'safe_deposit_box',
  'stocks_bonds',
  'retirement_account',
  'gift_card',
  'mineral_rights',
  'wages',
  'refund',
  'other',
] as const;
export type UnclaimedPropertyType = (typeof UNCLAIMED_PROPERTY_TYPES)[number];

export const CLAIM_STATUSES = ['discovered', 'claim_filed', 'under_review', 'approved', 'paid', 'denied', 'expired'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_DOCUMENTS = [
  'death_certificate',
  'letters_testamentary',
  'letters_of_administration',
  'small_estate_affidavit',
  'government_id',
  'proof_of_heirship',
  'proof_of_address',
] as const;
export type ClaimDocument = (typeof CLAIM_DOCUMENTS)[number];
