import { Cents, type ErrorDetail } from '@estate/shared-kernel/domain';
import { ownershipProblems, remainingOwnership } from './ownership-shares';
import { Address, Lien, realEstateEquity } from './real-estate-valuation';
import type { PropertyOwnershipType, PropertyStatus } from './real-estate-property-vocabulary';
import { NON_PROBATE_OWNERSHIP_TYPES } from './real-estate-property-vocabulary';
import type { PropertyType } from './real-estate-vocabulary';
import { saleProblems } from './sale-facts';

/** Items of `co_owners`, stored as the JSON the client sent. */
export interface PropertyCoOwner {
  name: string;
  relationship?: string | null;
  ownership_share?: number | null;
}

/** `latest_valuation` as presented: the newest completed valuation of the property. */
export interface LatestValuation {
  id: string;
  estimated_value: number | null;
  valuation_date: string | null;
}

/**
 * What the inventory, the court accounting and the rules below read of a property of the deceased (contract-extensions
 * §12.4; the record has more: its declaration). Its valuations are opinions of its value over time; the newest
 * completed one is projected onto the row (`latestValuation*`) by the valuations' writes, so a list reads one table
 * and the ETag follows it.
 */
export interface RealEstatePropertyFacts {
  id: string;
  address: Address;
  propertyType: PropertyType;
  parcelNumber: string | null;
  ownershipType: PropertyOwnershipType;
  /** Stored; defaults to 100 less the co-owners' shares when not sent (`deriveOwnershipPercentage`). */
  ownershipPercentage: number | null;
  coOwners: PropertyCoOwner[];
  estimatedValue: number | null;
  dateOfDeathValue: number | null;
  outstandingMortgage: number | null;
  liens: Lien[];
  status: PropertyStatus;
  salePrice: number | null;
  saleDate: string | null;
  latestValuationId: string | null;
  latestValuationEstimatedValue: number | null;
  latestValuationDate: string | null;
  createdAt: Date;
}

const OUTSIDE_PROBATE: ReadonlySet<string> = new Set(NON_PROBATE_OWNERSHIP_TYPES);

/**
 * Whether a property held this way goes through probate (contract-extensions §12.4): not when it passes by survivorship
 * (joint tenancy with right of survivorship, tenancy by the entirety, community property with survivorship), under a
 * trust, at the end of a life estate or by a transfer-on-death deed; otherwise it does. The inventory and court
 * accounting ask the same question.
 */
export function requiresProbate(ownershipType: string): boolean {
  return !OUTSIDE_PROBATE.has(ownershipType);
}

/** `equity_estimate`: the valuations' formula on the property's value, mortgage and liens (`null` without a value). */
/**
 * The inventory's value of a property (its equity, valued at death where known): the first of `date_of_death_value`,
 * the latest completed valuation's `estimated_value` and `estimated_value`, less the mortgage and the liens; with the
 * source it came from. The deceased's share of it is the inventory's to take.
 */
export function propertyEquityAtDeath(
  property: Pick<RealEstatePropertyFacts, 'dateOfDeathValue' | 'latestValuationEstimatedValue' | 'estimatedValue' | 'outstandingMortgage' | 'liens'>,
): { cents: Cents | null; source: 'date_of_death_value' | 'latest_valuation' | 'estimated_value' } {
  const candidates: Array<[number | null, 'date_of_death_value' | 'latest_valuation' | 'estimated_value']> = [
    [property.dateOfDeathValue, 'date_of_death_value'],
    [property.latestValuationEstimatedValue, 'latest_valuation'],
    [property.estimatedValue, 'estimated_value'],
  ];
  const [value, source] = candidates.find(([amount]) => amount !== null && amount !== undefined) ?? [null, 'estimated_value'];
  return { cents: realEstateEquity(value, property.outstandingMortgage, property.liens), source };
}

export function propertyEquity(property: Pick<RealEstatePropertyFacts, 'estimatedValue' | 'outstandingMortgage' | 'liens'>): Cents | null {
  return realEstateEquity(property.estimatedValue, property.outstandingMortgage, property.liens);
}

/** The projected newest completed valuation, or `null` when the property has none. */
export function latestValuationOf(property: Pick<RealEstatePropertyFacts, 'latestValuationId' | 'latestValuationEstimatedValue' | 'latestValuationDate'>): LatestValuation | null {
  if (!property.latestValuationId) return null;
  return { id: property.latestValuationId, estimated_value: property.latestValuationEstimatedValue ?? null, valuation_date: property.latestValuationDate ?? null };
}

/** The property's own rules on a create body or a merged patch: the ownership total and the sale (today: UTC date). */
export function propertyProblems(document: Record<string, unknown>, today: string): ErrorDetail[] {
  const coOwners = (document.co_owners ?? []) as PropertyCoOwner[];
  return [
    ...ownershipProblems(
      document.ownership_percentage as number | null | undefined,
      coOwners.map((coOwner) => coOwner.ownership_share),
      'ownership_share',
    ),
    ...saleProblems(document, 'property', today),
  ];
}

/** Before a save: an unset `ownership_percentage` is what the co-owners leave (100 − Σ their shares). */
export function deriveOwnershipPercentage(property: Pick<RealEstatePropertyFacts, 'ownershipPercentage' | 'coOwners'>): void {
  property.ownershipPercentage ??= remainingOwnership((property.coOwners ?? []).map((coOwner) => coOwner.ownership_share));
}
