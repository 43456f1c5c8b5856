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
