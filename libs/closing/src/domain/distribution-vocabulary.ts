import { DISTRIBUTABLE_ASSET_KINDS } from '@estate/assets';

/** The value sets of distributions (contract-extensions §12.7). */
export const DISTRIBUTION_TYPES = ['specific_bequest', 'pecuniary_bequest', 'residuary', 'family_allowance', 'homestead_allowance', 'exempt_property'] as const;
export type DistributionType = (typeof DISTRIBUTION_TYPES)[number];

export const DISTRIBUTION_STAGES = ['interim', 'final'] as const;
export type DistributionStage = (typeof DISTRIBUTION_STAGES)[number];

export const DISTRIBUTION_KINDS = ['cash', 'in_kind'] as const;
export type DistributionKind = (typeof DISTRIBUTION_KINDS)[number];

/** What an in-kind distribution gives: a record of a kind the catalogue of asset kinds lets it give, or a thing without one. */
export const DISTRIBUTION_ASSET_TYPES = [...DISTRIBUTABLE_ASSET_KINDS, 'personal_property', 'other'] as const;
export type DistributionAssetType = (typeof DISTRIBUTION_ASSET_TYPES)[number];

/** Asset types with no record of their own: `asset_id` stays null. */
export const UNRECORDED_ASSET_TYPES: readonly DistributionAssetType[] = ['personal_property', 'other'];

export const DISTRIBUTION_METHODS = ['check', 'wire', 'ach', 'deed_transfer', 'title_transfer', 'account_retitling', 'in_kind_delivery'] as const;
export type DistributionMethod = (typeof DISTRIBUTION_METHODS)[number];

export const DISTRIBUTION_STATUSES = ['planned', 'approved', 'paid', 'cancelled'] as const;
export type DistributionStatus = (typeof DISTRIBUTION_STATUSES)[number];

/**
 * Allowances and exempt property come before creditors' claims (UPC §§2-402–2-404, §3-807): the claims reserve does
 * not hold them back.
 */
export const PRIORITY_OVER_CLAIMS: readonly DistributionType[] = ['family_allowance', 'homestead_allowance', 'exempt_property'];
