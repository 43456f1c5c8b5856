import { ASSET_KINDS, type AssetKind } from '@estate/assets';

/**
 * How an account names property: a kind of the catalogue of asset kinds (`@estate/assets`) and a record's id.
 * The kinds run in §16.3's order, which is also the order of property lines (§16.8).
 */
export const PROPERTY_KINDS = ASSET_KINDS;
export type PropertyKind = AssetKind;

/** A kind and id: how a record is named in the account and in what it counted. */
export interface PropertyRef {
  kind: PropertyKind;
  id: string;
}

export const propertyKey = (ref: PropertyRef): string => `${ref.kind}:${ref.id}`;

/** The order of §16.3's table, for sorting property lines. */
export const kindRank = (kind: PropertyKind): number => PROPERTY_KINDS.indexOf(kind);
