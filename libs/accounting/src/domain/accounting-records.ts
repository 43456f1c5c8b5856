import { type AccountingCategory, type AccountRecordSets, type Money, noAssetRecords, type TransactionRelatedType } from '@estate/assets';
import type { CalendarDate } from './calendar-day';

/**
 * The case's records as court accounting reads them (contract-extensions §16, §12): each interface names exactly the
 * fields §16 needs of its kind, in the domain's camelCase. Ports fill them from whatever context owns the records;
 * nothing here knows those contexts. The assets are read as the catalogue of asset kinds (`@estate/assets`)
 * says: its entries name each kind's records and the fields an account reads of them.
 *
 * Money arrives as JSON numbers with at most two decimals or as PostgreSQL `numeric` text, and is summed as integer
 * cents; percentages likewise (any number of decimals). Dates are calendar dates, `YYYY-MM-DD`.
 */
export type { Money, Percentage } from '@estate/assets';
export type { CalendarDate } from './calendar-day';

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

/**
 * Everything of the case an accounting reads, in one state (the caller reads it in one `REPEATABLE READ` transaction):
 * the records of every kind of asset, as the catalogue of asset kinds names them and their fields (`AccountRecordSets`:
 * `bankAccounts`, `vehicles`, every valuation of the case with or without `propertyId` …), and the rest.
 */
export type AccountingRecords = AccountRecordSets & {
  /** Every transaction of the case's bank accounts, whatever their date. */
  transactions: readonly AccountingTransaction[];
  statements: readonly AccountingStatement[];
  distributions: readonly AccountingDistribution[];
  creditorClaims: readonly AccountingCreditorClaim[];
  debts: readonly AccountingDebt[];
};

/** Records of no kind at all: a start for tests and for callers that fill only some kinds. */
export function noRecords(): AccountingRecords {
  return { ...noAssetRecords(), transactions: [], statements: [], distributions: [], creditorClaims: [], debts: [] };
}
