import type { Money, Percentage } from './money';

/**
 * The assets of an estate as the court accounting reads them (contract-extensions §16, §12): each interface names exactly
 * the fields §16 needs of its kind, in the domain's camelCase. A record of the kind (its `…Facts`, as the declaration
 * keeps it) is one of these; the accounting's unit tests build them by hand. Money arrives as JSON numbers with at most
 * two decimals or as PostgreSQL `numeric` text, and is summed as integer cents; dates are calendar dates, `YYYY-MM-DD`.
 */

/** A calendar date, `YYYY-MM-DD`. */
type CalendarDate = string;

export interface PostalAddress {
  address1: string;
  address2?: string | null;
  city: string;
  state: string;
  zip: string;
}

/** A bank account (contract §3): cash, carried at its ledger. */
export interface AccountingBankAccount {
  id: string;
  institutionName: string;
  accountType: string;
  /** In full; masked by the accounting. */
  accountNumber: string | null;
  ownershipType: string;
  currency: string;
  currentBalance: Money | null;
  createdAt: Date;
}

export interface AccountingInvestmentAccount {
  id: string;
  custodianName: string;
  accountType: string;
  accountNumber: string | null;
  balance: Money | null;
  dateOfDeathValue: Money | null;
  holdings: ReadonlyArray<{ market_value?: Money | null }>;
  beneficiaries: readonly unknown[];
  /** `liquidated` disposes of it (with an `asset_proceeds` transaction naming it). */
  transferStatus: string | null;
  createdAt: Date;
}

export interface AccountingRetirementAccount {
  id: string;
  custodianName: string;
  accountType: string;
  accountNumber: string | null;
  balance: Money | null;
  beneficiaries: readonly unknown[];
  /** `completed` disposes of it (with an `asset_proceeds` transaction naming it). */
  distributionStatus: string | null;
  createdAt: Date;
}

export interface AccountingLifeInsurancePolicy {
  id: string;
  carrierName: string;
  policyType: string | null;
  policyNumber: string | null;
  deathBenefit: Money | null;
  beneficiaries: readonly unknown[];
  claimPaidDate: CalendarDate | null;
  claimPaidAmount: Money | null;
  createdAt: Date;
}

export interface Encumbrance {
  amount?: Money | null;
}

/** A real estate property (§12.4). */
export interface AccountingRealEstateProperty {
  id: string;
  address: PostalAddress;
  propertyType: string;
  parcelNumber: string | null;
  ownershipType: string;
  /** `null` reads as 100. */
  ownershipPercentage: Percentage | null;
  estimatedValue: Money | null;
  dateOfDeathValue: Money | null;
  outstandingMortgage: Money | null;
  liens: readonly Encumbrance[];
  status: string;
  salePrice: Money | null;
  saleDate: CalendarDate | null;
  createdAt: Date;
}

/** A real estate valuation: of a property (`propertyId`), or standing for a parcel of its own when `propertyId` is null. */
export interface AccountingValuation {
  id: string;
  propertyId: string | null;
  propertyAddress: PostalAddress;
  propertyType: string;
  parcelNumber: string | null;
  estimatedValue: Money | null;
  mortgageBalance: Money | null;
  liens: readonly Encumbrance[];
  status: string;
  valuationDate: CalendarDate | null;
  createdAt: Date;
}

export interface AccountingVehicle {
  id: string;
  year: number;
  make: string;
  model: string;
  vin: string | null;
  estimatedValue: Money | null;
  lienPayoffAmount: Money | null;
  disposition: string | null;
  dispositionDetails: { sale_price?: Money | null; sale_date?: CalendarDate | null } | null;
  createdAt: Date;
}

/** A financial account (§12.1). */
export interface AccountingFinancialAccount {
  id: string;
  institutionName: string;
  accountKind: string;
  accountNumber: string | null;
  ownershipType: string | null;
  /** `closed` disposes of it (with an `asset_proceeds` transaction naming it). */
  status: string;
  balance: Money | null;
  dateOfDeathValue: Money | null;
  createdAt: Date;
}

/** The deceased's interest in a business (§12.6). `interest_value` is computed here from its two terms. */
export interface AccountingBusiness {
  id: string;
  businessName: string;
  ownershipPercentage: Percentage;
  /** Of the whole business. */
  estimatedValue: Money | null;
  status: string;
  /** Of the whole business. */
  salePrice: Money | null;
  saleDate: CalendarDate | null;
  createdAt: Date;
}

/** Unclaimed property (§12.5): probate property once `paid`. */
export interface AccountingUnclaimedProperty {
  id: string;
  state: string;
  holderName: string;
  propertyType: string;
  statePropertyId: string | null;
  claimStatus: string;
  claimPaidDate: CalendarDate | null;
  claimPaidAmount: Money | null;
  createdAt: Date;
}
