import type { AccountingCategory, TransactionRelatedType } from '@estate/assets/ports';
import type { Money, Percentage } from '@estate/assets/ports';
import type { CalendarDate } from './calendar-day';

/**
 * The case's records as court accounting reads them (contract-extensions §16, §12): each interface names exactly the
 * fields §16 needs of its kind, in the domain's camelCase. Ports fill them from whatever context owns the records;
 * nothing here knows those contexts.
 *
 * Money arrives as JSON numbers with at most two decimals or as PostgreSQL `numeric` text, and is summed as integer
 * cents; percentages likewise (any number of decimals). Dates are calendar dates, `YYYY-MM-DD`.
 */
export type { Money, Percentage } from '@estate/assets/ports';
export type { CalendarDate } from './calendar-day';

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

/** A transaction of a bank account, with its §16.2 classification (`accounting_category` always has a value). */
export interface AccountingTransaction {
  id: string;
  bankAccountId: string;
  date: CalendarDate;
  /** Signed: a debit is negative. */
  amount: Money;
  accountingCategory: AccountingCategory;
  relatedType: TransactionRelatedType | null;
  relatedId: string | null;
  description: string;
  merchantName: string | null;
  createdAt: Date;
}

/** A bank statement (§11.2): only its period end and closing balance matter here. */
export interface AccountingStatement {
  bankAccountId: string;
  periodEnd: CalendarDate;
  closingBalance: Money | null;
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

/** A distribution (§12.7). */
export interface AccountingDistribution {
  id: string;
  /** `null` once the person it named was deleted (the record keeps its `recipient_name`). */
  personId: string | null;
  recipientName: string;
  distributionType: string;
  kind: 'cash' | 'in_kind';
  amount: Money | null;
  assetType: string | null;
  assetId: string | null;
  assetDescription: string | null;
  /** In kind: the value at distribution. */
  value: Money | null;
  status: 'planned' | 'approved' | 'paid' | 'cancelled';
  paidDate: CalendarDate | null;
  /** The debit `pay` wrote (cash). */
  transactionId: string | null;
  createdAt: Date;
}

export interface AccountingCreditorClaim {
  id: string;
  creditorName: string;
  accountNumber: string | null;
  claimAmount: Money;
  claimDate: CalendarDate;
  status: 'pending' | 'accepted' | 'rejected' | 'paid' | 'withdrawn';
  resolutionAmount: Money | null;
  resolutionDate: CalendarDate | null;
  createdAt: Date;
}

export interface AccountingDebt {
  id: string;
  creditorName: string;
  debtType: string;
  accountNumber: string | null;
  condition: string | null;
  balance: Money | null;
  createdAt: Date;
}

/** Everything of the case an accounting reads, in one state (the caller reads it in one `REPEATABLE READ` transaction). */
export interface AccountingRecords {
  bankAccounts: readonly AccountingBankAccount[];
  /** Every transaction of the case's bank accounts, whatever their date. */
  transactions: readonly AccountingTransaction[];
  statements: readonly AccountingStatement[];
  investmentAccounts: readonly AccountingInvestmentAccount[];
  retirementAccounts: readonly AccountingRetirementAccount[];
  lifeInsurancePolicies: readonly AccountingLifeInsurancePolicy[];
  realEstateProperties: readonly AccountingRealEstateProperty[];
  /** Every valuation of the case, with or without `propertyId`. */
  valuations: readonly AccountingValuation[];
  vehicles: readonly AccountingVehicle[];
  financialAccounts: readonly AccountingFinancialAccount[];
  businesses: readonly AccountingBusiness[];
  unclaimedProperty: readonly AccountingUnclaimedProperty[];
  distributions: readonly AccountingDistribution[];
  creditorClaims: readonly AccountingCreditorClaim[];
  debts: readonly AccountingDebt[];
}

/** Records of no kind at all: a start for tests and for callers that fill only some kinds. */
export function noRecords(): AccountingRecords {
  return {
    bankAccounts: [],
    transactions: [],
    statements: [],
    investmentAccounts: [],
    retirementAccounts: [],
    lifeInsurancePolicies: [],
    realEstateProperties: [],
    valuations: [],
    vehicles: [],
    financialAccounts: [],
    businesses: [],
    unclaimedProperty: [],
    distributions: [],
    creditorClaims: [],
    debts: [],
  };
}
