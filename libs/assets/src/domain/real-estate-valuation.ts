import { Cents, centsOf, sumCents } from '@estate/shared-kernel/domain';
import type { PropertyType, ValuationStatus } from './real-estate-vocabulary';

export interface Address {
  address1: string;
  address2?: string | null;
  city: string;
  state: string;
  zip: string;
}

/** Items of `liens`, stored as the JSON the client sent. */
export interface Lien {
  lien_type?: string | null;
  holder?: string | null;
  amount?: number | null;
  recorded_date?: string | null;
}

export interface ComparableSale {
  address?: Address | null;
  sale_price?: number | null;
  sale_date?: string | null;
  living_area_sqft?: number | null;
  distance_miles?: number | null;
}

/**
 * What the inventory and the court accounting read of a valuation, an opinion of a property's value at a date (the
 * record has more: its declaration); its one rule is the equity formula below.
 */
export interface RealEstateValuationFacts {
  id: string;
  /** The property valued (contract-extensions §12.4): a real estate property of the case, or `null`. */
  propertyId: string | null;
  propertyAddress: Address;
  propertyType: PropertyType;
  parcelNumber: string | null;
  estimatedValue: number | null;
  mortgageBalance: number | null;
  /** Only the value a client sent; `null` means "computed" (contract §3.2), see `valuationEquity`. */
  equityEstimate: number | null;
  liens: Lien[];
  status: ValuationStatus;
  valuationDate: string | null;
  createdAt: Date;
}

export type EquitySource = 'given' | 'computed';

/**
 * Issue 8: `equity_estimate` = `estimated_value` − `mortgage_balance` − Σ `liens[].amount` when not given. Missing
 * terms count 0; without an estimated value there is no equity (`null`). Exact, in cents.
 */
export function valuationEquity(valuation: Pick<RealEstateValuationFacts, 'estimatedValue' | 'mortgageBalance' | 'liens' | 'equityEstimate'>): {
  cents: Cents | null;
  source: EquitySource;
} {
  const given = centsOf(valuation.equityEstimate);
  if (given !== null) return { cents: given, source: 'given' };
  return { cents: realEstateEquity(valuation.estimatedValue, valuation.mortgageBalance, valuation.liens), source: 'computed' };
}

/**
 * The real estate equity formula, shared by valuations and properties (contract-extensions §12.4): the value less the
 * mortgage and every lien's amount; missing terms count 0; `null` without a value. Exact, in cents.
 */
export function realEstateEquity(estimatedValue: number | null, mortgage: number | null, liens: readonly Lien[] | null): Cents | null {
  const value = centsOf(estimatedValue);
  if (value === null) return null;
  const liensTotal = sumCents((liens ?? []).map((lien) => centsOf(lien.amount ?? null) ?? 0n));
  return value - (centsOf(mortgage) ?? 0n) - liensTotal;
}

/** What tells one parcel known only by valuations from another, and orders its valuations. */
export type ParcelValuation = Pick<RealEstateValuationFacts, 'id' | 'parcelNumber' | 'createdAt'> & {
  propertyId?: string | null;
  propertyAddress: Pick<Address, 'address1' | 'address2' | 'city' | 'state' | 'zip'>;
};

/** One parcel known only by valuations (no `property_id`): valuations of one parcel number, else of one address. */
function parcelKey(valuation: ParcelValuation): string {
  if (valuation.parcelNumber) return `parcel:${valuation.parcelNumber.trim().toLowerCase()}`;
  const address = valuation.propertyAddress;
  return ['address', address.address1, address.address2 ?? '', address.city, address.state, address.zip].map((part) => part.trim().toLowerCase()).join('|');
}

const byCreation = <T extends { createdAt: Date; id: string }>(a: T, b: T): number =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The valuations of each parcel without a property, parcels in the order of their earliest valuation, each in creation
 * order. A valuation of a recorded property is an opinion of that property's value, not a parcel of its own.
 */
export function valuationParcels<V extends ParcelValuation>(valuations: readonly V[]): V[][] {
  const parcels = new Map<string, V[]>();
  for (const valuation of valuations.filter((v) => !v.propertyId).sort(byCreation)) {
    const parcel = parcels.get(parcelKey(valuation));
    if (parcel) parcel.push(valuation);
    else parcels.set(parcelKey(valuation), [valuation]);
  }
  return [...parcels.values()];
}
