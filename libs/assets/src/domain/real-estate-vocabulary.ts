/** Value sets of real estate valuations, from the specification's Real estate valuation table and `#19`. */
export const PROPERTY_TYPES = [
  'single_family',
  'multi_family',
  'condo',
  'townhouse',
  'mobile_home',
  'vacant_land',
  'commercial',
  'farm_ranch',
  'mixed_use',
  'other',
] as const;
export const VALUATION_STATUSES = ['pending', 'completed', 'failed', 'stale'] as const;

export type PropertyType = (typeof PROPERTY_TYPES)[number];
export type ValuationStatus = (typeof VALUATION_STATUSES)[number];
