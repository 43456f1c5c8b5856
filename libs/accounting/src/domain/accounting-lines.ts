import type { Cents } from '@estate/shared-kernel/domain';
import type { AccountingCategory, CarrySource } from '@estate/assets';
import type { Counted } from './accounting-period';
import type { CalendarDate } from './accounting-records';
import type { PropertyKind } from './property-refs';

/**
 * What an accounting computes (contract-extensions §16.5–§16.6), before any scheme's letters or JSON: the line shapes
 * of §16.8 in cents. Schedule amounts are positive except the changes-in-form memo's, which keep their sign.
 */

/** The schedules, in §16.5's order (their keys in JSON and CSV). */
export const SCHEDULE_KEYS = [
  'property_on_hand_beginning',
  'additional_property_received',
  'receipts',
  'gains_on_sales',
  'disbursements',
  'losses_on_sales',
  'distributions',
  'property_on_hand_end',
  'changes_in_form',
  'liabilities',
] as const;
export type ScheduleKey = (typeof SCHEDULE_KEYS)[number];

export const CHARGE_KEYS = ['property_on_hand_beginning', 'additional_property_received', 'receipts', 'gains_on_sales'] as const;
export const CREDIT_KEYS = ['disbursements', 'losses_on_sales', 'distributions', 'property_on_hand_end'] as const;
export const MEMO_KEYS = ['changes_in_form', 'liabilities'] as const;

export interface PropertyLine {
  kind: PropertyKind;
  id: string;
  description: string;
  reference: string | null;
  carryValue: Cents;
  carrySource: CarrySource;
  /** Additional property only: the day it was received (`created_at`, or `claim_paid_date`). */
  date: CalendarDate | null;
}

export interface TransactionLine {
  date: CalendarDate;
  id: string;
  accountId: string;
  description: string;
  /** `merchant_name`, else the description. */
  payee: string;
  category: AccountingCategory;
  /** The sign dropped (a debit shows positive), except in the changes-in-form memo. */
  amount: Cents;
  relatedType: string | null;
  relatedId: string | null;
  priorPeriod: boolean;
}

export interface DisposalLine {
  date: CalendarDate;
  kind: PropertyKind;
  id: string;
  description: string;
  proceeds: Cents;
  carryValue: Cents;
  /** The gain (proceeds − carry value) or the loss (carry value − proceeds). */
  amount: Cents;
  priorPeriod: boolean;
}

export interface DistributionLine {
  date: CalendarDate;
  kind: 'cash' | 'in_kind';
  /** The §12.7 distribution; `null` for a `distribution` debit no distribution record names. */
  id: string | null;
  transactionId: string | null;
  personId: string | null;
  recipientName: string | null;
  distributionType: string | null;
  description: string;
  /** Cash: the debit; in kind: the asset's carry value (0.00 when it was not carried). */
  amount: Cents;
  /** In kind: §12.7's `value`; `null` for cash. */
  valueAtDistribution: Cents | null;
  priorPeriod: boolean;
}

export interface LiabilityLine {
  kind: 'claim' | 'debt' | 'encumbrance';
  id: string;
  description: string;
  reference: string | null;
  amount: Cents;
}

export interface Schedule<Line> {
  lines: Line[];
  total: Cents;
}

export interface CategorySubtotal {
  category: AccountingCategory;
  total: Cents;
}

/** Receipts and disbursements: with the "standard" subtotals by category (Rules of Court 7.575), in §16.2's order. */
export interface CategorisedSchedule extends Schedule<TransactionLine> {
  byCategory: CategorySubtotal[];
}

export interface AccountingSchedules {
  property_on_hand_beginning: Schedule<PropertyLine>;
  additional_property_received: Schedule<PropertyLine>;
  receipts: CategorisedSchedule;
  gains_on_sales: Schedule<DisposalLine>;
  disbursements: CategorisedSchedule;
  losses_on_sales: Schedule<DisposalLine>;
  distributions: Schedule<DistributionLine>;
  property_on_hand_end: Schedule<PropertyLine>;
  changes_in_form: Schedule<TransactionLine>;
  liabilities: Schedule<LiabilityLine>;
}

export type ReportedSource = 'statement' | 'current_balance';

/** JA-7 Schedule J: one carried bank account's cash over the period; `closing` = opening + inflows − outflows. */
export interface CashReconciliationRow {
  accountId: string;
  description: string;
  opening: Cents;
  receipts: Cents;
  proceeds: Cents;
  transfersIn: Cents;
  propertyReceived: Cents;
  disbursements: Cents;
  distributions: Cents;
  transfersOut: Cents;
  closing: Cents;
  reportedBalance: Cents | null;
  reportedSource: ReportedSource | null;
  reconciled: boolean;
}

export const UNRECONCILED_KINDS = [
  'proceeds_mismatch',
  'unmatched_proceeds',
  'unmatched_transfers',
  'balance_mismatch',
  'claim_payment_not_recorded',
  'currency_not_supported',
] as const;
export type UnreconciledKind = (typeof UNRECONCILED_KINDS)[number];

/** Why the account does not balance or reconcile (§16.6); Σ `effect` = `difference`, exactly. */
export interface UnreconciledItem {
  kind: UnreconciledKind;
  relatedType: string | null;
  relatedId: string | null;
  date: CalendarDate | null;
  expected: Cents | null;
  recorded: Cents | null;
  effect: Cents;
  message: string;
}

export interface AccountingSummary {
  charges: { property_on_hand_beginning: Cents; additional_property_received: Cents; receipts: Cents; gains_on_sales: Cents; total: Cents };
  credits: { disbursements: Cents; losses_on_sales: Cents; distributions: Cents; property_on_hand_end: Cents; total: Cents };
  balanced: boolean;
  /** Total charges − total credits. */
  difference: Cents;
  reconciled: boolean;
}

export interface AccountingComputation {
  from: CalendarDate;
  to: CalendarDate;
  schedules: AccountingSchedules;
  summary: AccountingSummary;
  cashReconciliation: CashReconciliationRow[];
  unreconciled: UnreconciledItem[];
  /** What this account counts: stored when it is settled, so no later account counts it again (§16.4). */
  counted: Counted;
}
