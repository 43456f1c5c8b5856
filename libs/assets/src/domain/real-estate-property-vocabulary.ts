/** Value sets of real estate properties (contract-extensions §12.4); `property_type` is the valuations' set. */
export const PROPERTY_USES = ['primary_residence', 'second_home', 'rental', 'land', 'commercial', 'farm_ranch', 'timeshare', 'other'] as const;
export const PROPERTY_OWNERSHIP_TYPES = [
  'sole',
  'joint_tenants_wros',
  'tenants_in_common',
  'tenancy_by_entirety',
  'community_property',
  'community_property_wros',
  'trust',
  'life_estate',
  'tod_deed',
] as const;
export const DEED_TYPES = ['warranty', 'grant', 'quitclaim', 'special_warranty', 'trustee', 'tod_deed', 'other'] as const;
export const PROPERTY_STATUSES = ['owned', 'listed_for_sale', 'under_contract', 'sold', 'transferred_to_heir', 'foreclosed'] as const;

/** The ways of holding real estate that pass it outside probate: survivorship, a trust, a life estate's end, a TOD deed. */
export const NON_PROBATE_OWNERSHIP_TYPES = ['joint_tenants_wros', 'tenancy_by_entirety', 'community_property_wros', 'trust', 'life_estate', 'tod_deed'] as const;

export type PropertyUse = (typeof PROPERTY_USES)[number];
export type PropertyOwnershipType = (typeof PROPERTY_OWNERSHIP_TYPES)[number];
export type DeedType = (typeof DEED_TYPES)[number];
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];
