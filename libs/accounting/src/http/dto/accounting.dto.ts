import { ApiProperty } from '@nestjs/swagger';
import { visibleProperties } from '@estate/shared-kernel';
import { ACCOUNTING_CATEGORIES } from '@estate/assets';
import { UNRECONCILED_KINDS } from '../../domain/accounting-lines';
import { CLOSING_OBSTACLES } from '../../domain/accounting-report';
import { ACCOUNTING_SCHEMES } from '../../domain/accounting-schemes';
import { PROPERTY_KINDS } from '../../domain/property-refs';
import { AccountingSummaryTotalsView } from '../../resources/accounting-summary-totals';
import { accountingSummaryRecord, presentSettledFields, settledAccountingRecord } from '../../resources/settled-accounting-record';

/*
 * The accounting's JSON (contract-extensions §16.8), as the OpenAPI document describes it. Every amount is a JSON
 * number with at most two decimals, summed exactly in cents.
 */

const ULID_EXAMPLE = '01JBX8Q9W4M8Z7T3K2N5R6P0AB';
const CARRY_SOURCES = ['transactions', 'date_of_death_value', 'balance', 'holdings_market_value', 'death_benefit', 'latest_valuation', 'estimated_value', 'interest_value', 'claim_paid_amount', 'none'];
const SCHEDULE_LETTER = { description: 'Its letter under the scheme (`ca`: A–M; `ny`: JA-7’s A–J).', example: 'A' };

/** `POST …/accountings`: settles the next account, from the next start through `to`: the declaration's written fields. */
export class SettleAccountingBody extends settledAccountingRecord.create {}

export class AccountingCaptionView {
  @ApiProperty({ type: String, nullable: true, description: 'The probate court.', example: 'Superior Court of California, County of Los Angeles' }) court_name: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The county of the probate case.', example: 'Los Angeles' }) county_name: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The state of the probate case.', example: 'CA' }) state: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The court’s case number.', example: '26STPB00123' }) case_number: string | null;
  @ApiProperty({ type: String, nullable: true, description: '“Estate of” the deceased’s full name.', example: 'Estate of John Doe' }) estate_name: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'The deceased’s date of death.', example: '2026-01-10' }) date_of_death: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The personal representative’s name.', example: 'Jane Doe' }) fiduciary_name: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The personal representative’s role.', example: 'executor' }) fiduciary_role: string | null;
}

export class AccountingPropertyLineView {
  @ApiProperty({ enum: PROPERTY_KINDS, description: 'Kind of property.', example: 'real_estate_property' }) kind: string;
  @ApiProperty({ description: 'The record.', example: ULID_EXAMPLE }) id: string;
  @ApiProperty({ description: 'What it is.', example: '12 Elm Street, Pasadena, CA 91101 (single_family)' }) description: string;
  @ApiProperty({ type: String, nullable: true, description: 'Masked account, policy or vehicle number, parcel number, or the state’s property id.', example: '********2333' })
  reference: string | null;
  @ApiProperty({ description: 'The value it entered the account at, unchanged while on hand (cash: its ledger).', example: 400000 }) carry_value: number;
  @ApiProperty({ enum: CARRY_SOURCES, description: 'The field the carry value was taken from.', example: 'date_of_death_value' }) carry_source: string;
  @ApiProperty({ required: false, format: 'date', description: 'The day it was received: on additional property only, absent on every other line.', example: '2026-03-02' }) date?: string;
}

export class AccountingTransactionLineView {
  @ApiProperty({ format: 'date', description: 'The transaction’s date.', example: '2026-02-25' }) date: string;
  @ApiProperty({ description: 'The transaction.', example: ULID_EXAMPLE }) id: string;
  @ApiProperty({ description: 'Its bank account.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AC' }) account_id: string;
  @ApiProperty({ description: 'Its description.', example: 'Funeral services' }) description: string;
  @ApiProperty({ description: 'Who was paid or paid: merchant_name, else the description.', example: 'Rose Funeral Home' }) payee: string;
  @ApiProperty({ enum: ACCOUNTING_CATEGORIES, description: 'Its accounting category.', example: 'funeral' }) category: string;
  @ApiProperty({ description: 'Positive (a debit’s sign dropped), except in the changes-in-form memo, which keeps the sign.', example: 8500 }) amount: number;
  @ApiProperty({ type: String, nullable: true, description: 'Kind of record it names.', example: null }) related_type: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The record it names.', example: null }) related_id: string | null;
  @ApiProperty({ description: 'Counted here though dated before the period (entered or changed after the account covering its date).', example: false }) prior_period: boolean;
}

export class AccountingDisposalLineView {
  @ApiProperty({ format: 'date', description: 'When the property left the estate.', example: '2026-05-15' }) date: string;
  @ApiProperty({ enum: PROPERTY_KINDS, description: 'Kind of property.', example: 'real_estate_property' }) kind: string;
  @ApiProperty({ description: 'The record.', example: ULID_EXAMPLE }) id: string;
  @ApiProperty({ description: 'What it is.', example: '12 Elm Street, Pasadena, CA 91101 (single_family)' }) description: string;
  @ApiProperty({ description: 'What its disposal brought in.', example: 450000 }) proceeds: number;
  @ApiProperty({ description: 'The value it was carried at.', example: 400000 }) carry_value: number;
  @ApiProperty({ description: 'The gain (proceeds − carry value) or the loss (carry value − proceeds).', example: 50000 }) amount: number;
  @ApiProperty({ description: 'Counted here though dated before the period.', example: false }) prior_period: boolean;
}

export class AccountingDistributionLineView {
  @ApiProperty({ format: 'date', description: 'When it was paid.', example: '2026-06-20' }) date: string;
  @ApiProperty({ enum: ['cash', 'in_kind'], description: 'Cash or in kind.', example: 'cash' }) kind: string;
  @ApiProperty({ type: String, nullable: true, description: 'The distribution; null for a distribution debit that no distribution names.', example: ULID_EXAMPLE }) id: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The debit it was paid by (cash).', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AD' }) transaction_id: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The person it went to.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AE' }) person_id: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Who it went to.', example: 'Sam Doe' }) recipient_name: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Its distribution type.', example: 'residuary' }) distribution_type: string | null;
  @ApiProperty({ description: 'What was given.', example: 'Distribution to Sam Doe' }) description: string;
  @ApiProperty({ description: 'Cash: the debit; in kind: the asset’s carry value (0 when it was not carried).', example: 100000 }) amount: number;
  @ApiProperty({ type: Number, nullable: true, description: 'In kind: its value at distribution; null for cash.', example: null }) value_at_distribution: number | null;
  @ApiProperty({ description: 'Counted here though dated before the period.', example: false }) prior_period: boolean;
}

export class AccountingLiabilityLineView {
  @ApiProperty({ enum: ['claim', 'debt', 'encumbrance'], description: 'A creditor claim, a debt, or what encumbers property on hand.', example: 'claim' }) kind: string;
  @ApiProperty({ description: 'The claim, debt or property.', example: ULID_EXAMPLE }) id: string;
  @ApiProperty({ description: 'What it is.', example: 'City Hospital (claim pending)' }) description: string;
  @ApiProperty({ type: String, nullable: true, description: 'Masked account number, or the property’s reference.', example: null }) reference: string | null;
  @ApiProperty({ description: 'Amount owed, as recorded.', example: 1150 }) amount: number;
}

export class AccountingCategorySubtotalView {
  @ApiProperty({ enum: ACCOUNTING_CATEGORIES, description: 'The category.', example: 'funeral' }) category: string;
  @ApiProperty(SCHEDULE_LETTER) schedule: string;
  @ApiProperty({ description: 'Sum of its lines.', example: 8500 }) total: number;
}

export class AccountingPropertyScheduleView {
  @ApiProperty(SCHEDULE_LETTER) schedule: string;
  @ApiProperty({ description: 'Sum of the carry values.', example: 412400 }) total: number;
  @ApiProperty({ type: [AccountingPropertyLineView], description: 'The property, by kind, then as it entered the account.' }) lines: AccountingPropertyLineView[];
}

export class AccountingTransactionScheduleView {
  @ApiProperty(SCHEDULE_LETTER) schedule: string;
  @ApiProperty({ description: 'Sum of the lines (the memo’s signed lines should sum to 0).', example: 0 }) total: number;
  @ApiProperty({ type: [AccountingTransactionLineView], description: 'By date, creation, id.' }) lines: AccountingTransactionLineView[];
}

export class AccountingCategorisedScheduleView extends AccountingTransactionScheduleView {
  @ApiProperty({ type: [AccountingCategorySubtotalView], description: 'Subtotals of the categories that have lines, in the categories’ order.' }) by_category: AccountingCategorySubtotalView[];
}

export class AccountingDisposalScheduleView {
  @ApiProperty(SCHEDULE_LETTER) schedule: string;
  @ApiProperty({ description: 'Sum of the gains or losses.', example: 50000 }) total: number;
  @ApiProperty({ type: [AccountingDisposalLineView], description: 'By date.' }) lines: AccountingDisposalLineView[];
}

export class AccountingDistributionScheduleView {
  @ApiProperty(SCHEDULE_LETTER) schedule: string;
  @ApiProperty({ description: 'Sum of the distributions.', example: 100000 }) total: number;
  @ApiProperty({ type: [AccountingDistributionLineView], description: 'By date, creation, id.' }) lines: AccountingDistributionLineView[];
}

export class AccountingLiabilityScheduleView {
  @ApiProperty(SCHEDULE_LETTER) schedule: string;
  @ApiProperty({ description: 'Sum of what is owed (a memo: never deducted).', example: 1150 }) total: number;
  @ApiProperty({ type: [AccountingLiabilityLineView], description: 'Claims, debts, then encumbrances of property on hand.' }) lines: AccountingLiabilityLineView[];
}

export class AccountingSchedulesView {
  @ApiProperty({ type: AccountingPropertyScheduleView, description: 'Property on hand at the beginning.' }) property_on_hand_beginning: AccountingPropertyScheduleView;
  @ApiProperty({ type: AccountingPropertyScheduleView, description: 'Additional property received.' }) additional_property_received: AccountingPropertyScheduleView;
  @ApiProperty({ type: AccountingCategorisedScheduleView, description: 'Receipts.' }) receipts: AccountingCategorisedScheduleView;
  @ApiProperty({ type: AccountingDisposalScheduleView, description: 'Gains on sales.' }) gains_on_sales: AccountingDisposalScheduleView;
  @ApiProperty({ type: AccountingCategorisedScheduleView, description: 'Disbursements.' }) disbursements: AccountingCategorisedScheduleView;
  @ApiProperty({ type: AccountingDisposalScheduleView, description: 'Losses on sales.' }) losses_on_sales: AccountingDisposalScheduleView;
  @ApiProperty({ type: AccountingDistributionScheduleView, description: 'Distributions.' }) distributions: AccountingDistributionScheduleView;
  @ApiProperty({ type: AccountingPropertyScheduleView, description: 'Property on hand at the end.' }) property_on_hand_end: AccountingPropertyScheduleView;
  @ApiProperty({ type: AccountingTransactionScheduleView, description: 'Changes in form of assets (memo).' }) changes_in_form: AccountingTransactionScheduleView;
  @ApiProperty({ type: AccountingLiabilityScheduleView, description: 'Liabilities (memo).' }) liabilities: AccountingLiabilityScheduleView;
}

export class AccountingCashRowView {
  @ApiProperty({ description: 'The bank account.', example: ULID_EXAMPLE }) account_id: string;
  @ApiProperty({ description: 'Which account.', example: 'First Bank estate_account' }) description: string;
  @ApiProperty({ description: 'Its cash at the beginning.', example: 0 }) opening: number;
  @ApiProperty({ description: 'Receipts.', example: 0 }) receipts: number;
  @ApiProperty({ description: 'Proceeds of disposals.', example: 450000 }) proceeds: number;
  @ApiProperty({ description: 'Transfers in.', example: 12406.2 }) transfers_in: number;
  @ApiProperty({ description: 'Its value when received during the period (an account found later).', example: 0 }) property_received: number;
  @ApiProperty({ description: 'Disbursements.', example: 38700 }) disbursements: number;
  @ApiProperty({ description: 'Cash distributions.', example: 100000 }) distributions: number;
  @ApiProperty({ description: 'Transfers out.', example: 0 }) transfers_out: number;
  @ApiProperty({ description: 'Opening + inflows − outflows: its ledger at the end.', example: 323706.2 }) closing: number;
  @ApiProperty({ type: Number, nullable: true, description: 'What the bank reports for the period’s end, or null.', example: 323706.2 }) reported_balance: number | null;
  @ApiProperty({ enum: ['statement', 'current_balance'], nullable: true, description: 'Where the reported balance comes from.', example: 'statement' }) reported_source: string | null;
  @ApiProperty({ description: 'True when nothing is reported or the report equals the closing.', example: true }) reconciled: boolean;
}

export class AccountingUnreconciledItemView {
  @ApiProperty({ enum: UNRECONCILED_KINDS, description: 'What does not agree.', example: 'proceeds_mismatch' }) kind: string;
  @ApiProperty({ type: String, nullable: true, description: 'Kind of record it concerns.', example: 'real_estate_property' }) related_type: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The record it concerns.', example: ULID_EXAMPLE }) related_id: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'When.', example: '2026-05-15' }) date: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The amount expected.', example: 450000 }) expected: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The amount recorded.', example: 423000 }) recorded: number | null;
  @ApiProperty({ description: 'Its part of the difference; the effects sum to `difference` exactly.', example: 27000 }) effect: number;
  @ApiProperty({ description: 'Why, and what to record.', example: '12 Elm Street: proceeds of 450000.00, but asset_proceeds of 423000.00 naming it are counted in this account' })
  message: string;
}

const CLAIM_STATUSES = ['pending', 'accepted', 'rejected', 'paid', 'withdrawn'];

export class AccountingReportClaimView {
  @ApiProperty({ description: 'The creditor claim.', example: ULID_EXAMPLE }) id: string;
  @ApiProperty({ description: 'The creditor.', example: 'City Hospital' }) creditor: string;
  @ApiProperty({ format: 'date', description: 'The day it was filed.', example: '2026-02-01' }) claim_date: string;
  @ApiProperty({ description: 'The amount claimed.', example: 1150 }) amount: number;
  @ApiProperty({ enum: CLAIM_STATUSES, description: 'Its status when the account was computed.', example: 'pending' }) status: string;
  @ApiProperty({ type: Number, nullable: true, description: 'The amount allowed or paid, once resolved.', example: null }) resolution_amount: number | null;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'The day it was resolved.', example: null }) resolution_date: string | null;
}

export class AccountingReportClaimTotalsView {
  @ApiProperty({ description: 'Every claim’s amount claimed (withdrawn ones too: they were filed).', example: 4350 }) filed: number;
  @ApiProperty({ description: 'Accepted and paid claims, at resolution_amount else the amount claimed.', example: 3200 }) allowed: number;
  @ApiProperty({ description: 'Rejected claims, at the amount claimed.', example: 0 }) rejected: number;
  @ApiProperty({ description: 'Paid claims, at resolution_amount else the amount claimed.', example: 3200 }) paid: number;
}

export class AccountingReportClaimsView {
  @ApiProperty({ type: [AccountingReportClaimView], description: 'Every creditor claim of the case as recorded when computed, by claim date.' }) lines: AccountingReportClaimView[];
  @ApiProperty({ type: AccountingReportClaimTotalsView, description: 'Totals filed, allowed, rejected and paid.' }) totals: AccountingReportClaimTotalsView;
}

export class AccountingStatutoryCompensationView {
  @ApiProperty({ type: Number, nullable: true, description: 'The statutory amount; null above a base of 25,000,000.00 and under ny.', example: 12248.12 }) amount: number | null;
  @ApiProperty({ description: 'The statute.', example: 'Cal. Prob. Code §10800' }) citation: string;
  @ApiProperty({ type: String, nullable: true, description: 'Why there is no amount, and who fixes it; null with an amount.', example: null }) note: string | null;
}

export class AccountingCompensationView {
  @ApiProperty({
    description:
      'The estate accounted for: property on hand at the beginning of the first account plus additional property received, receipts and gains on sales, ' +
      'less losses on sales, through `to` (every account so far).',
    example: 462406.2,
  })
  base: number;
  @ApiProperty({
    type: AccountingStatutoryCompensationView,
    description:
      'Under ca, Prob. Code §10800: 4 % of the first 100,000.00, 3 % of the next 100,000.00, 2 % of the next 800,000.00, 1 % of the next 9,000,000.00, ' +
      '0.5 % of the next 15,000,000.00, rounded half away from zero; above 25,000,000.00 null (a reasonable amount determined by the court). ' +
      'Under ny null, naming SCPA §2307.',
  })
  personal_representative: AccountingStatutoryCompensationView;
  @ApiProperty({
    type: AccountingStatutoryCompensationView,
    description: 'Under ca, Prob. Code §10810 (the same schedule); under ny null, naming SCPA §2110.',
    example: { amount: 12248.12, citation: 'Cal. Prob. Code §10810', note: null },
  })
  attorney: AccountingStatutoryCompensationView;
}

export class AccountingBondView {
  @ApiProperty({ enum: ['not_required', 'waived', 'required', 'posted'], description: 'The executor’s bond_status.', example: 'posted' }) status: string;
  @ApiProperty({ type: Number, nullable: true, description: 'The bond’s amount.', example: 250000 }) amount: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'The surety.', example: 'Prairie Surety Co.' }) surety: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The bond’s number.', example: 'PS-2026-00417' }) bond_number: string | null;
}

export class AccountingClosingObstacleView {
  @ApiProperty({ enum: CLOSING_OBSTACLES, description: 'What stands in the way: a claim not paid, rejected or withdrawn; a distribution planned or approved; a difference.', example: 'claim_open' })
  kind: string;
  @ApiProperty({ type: String, nullable: true, description: 'The claim, distribution or record concerned.', example: ULID_EXAMPLE }) related_id: string | null;
  @ApiProperty({ description: 'Why.', example: "City Hospital's claim is pending" }) message: string;
}

export class AccountingClosingView {
  @ApiProperty({
    description:
      'Whether the estate is in a condition to be closed: every claim paid, rejected or withdrawn, no distribution planned or approved, and the account balanced, ' +
      'so nothing is left but the property on hand at the end — exactly what settling a final account needs.',
    example: false,
  })
  closable: boolean;
  @ApiProperty({ description: 'What is left: the property on hand at the end.', example: 323706.2 }) property_on_hand_end: number;
  @ApiProperty({ type: [AccountingClosingObstacleView], description: 'Why it cannot be closed yet; empty when closable.' }) obstacles: AccountingClosingObstacleView[];
}

export class AccountingReportView {
  @ApiProperty({ type: AccountingReportClaimsView, description: 'The creditor claims.' }) claims: AccountingReportClaimsView;
  @ApiProperty({ type: AccountingCompensationView, description: 'The statutory compensation of the personal representative and the attorney.' }) compensation: AccountingCompensationView;
  @ApiProperty({ type: AccountingBondView, nullable: true, description: 'The executor’s bond when an amount or a surety is recorded, else null.' }) bond: AccountingBondView | null;
  @ApiProperty({ type: AccountingClosingView, description: 'Whether the estate can be closed.' }) closing: AccountingClosingView;
}

/**
 * What a live and a settled accounting both carry. The two are two schemas (`LiveAccountingView`,
 * `SettledAccountingView`), not one with nullable fields: a generated client reads a settled accounting's `id` and
 * `sequence` without checking for null, and its `status` can only be `settled`.
 */
abstract class AccountingDocumentView {
  @ApiProperty({ format: 'date', description: 'First day of the period (inclusive).', example: '2026-01-10' }) from: string;
  @ApiProperty({ format: 'date', description: 'Last day of the period (inclusive).', example: '2026-06-30' }) to: string;
  @ApiProperty({ description: 'The final account.', example: false }) is_final: boolean;
  @ApiProperty({ enum: ACCOUNTING_SCHEMES, description: 'Lettering of the schedules.', example: 'ca' }) scheme: string;
  @ApiProperty({ enum: ['USD'], description: 'Currency of every amount.', example: 'USD' }) currency: string;
  @ApiProperty({ type: AccountingCaptionView, description: 'The court’s caption.' }) caption: AccountingCaptionView;
  @ApiProperty({ type: AccountingSummaryTotalsView, description: 'The summary of account.' }) summary: AccountingSummaryTotalsView;
  @ApiProperty({ type: AccountingSchedulesView, description: 'Every schedule, by key.' }) schedules: AccountingSchedulesView;
  @ApiProperty({ type: [AccountingCashRowView], description: 'One row per carried bank account.' }) cash_reconciliation: AccountingCashRowView[];
  @ApiProperty({ type: [AccountingUnreconciledItemView], description: 'Why it does not balance or reconcile, item by item.' }) unreconciled: AccountingUnreconciledItemView[];
  @ApiProperty({
    type: AccountingReportView,
    nullable: true,
    description:
      'The report of “Account and Report” (Cal. Prob. Code §1064): computed with the account and, for a settled one, stored with it (later changes never reach it). ' +
      'Null only on an accounting settled before the report existed.',
  })
  report: AccountingReportView | null;
}

/** The accounting computed now (`GET …/accounting`): stored nowhere, so no id, no number and no author. */
export class LiveAccountingView extends AccountingDocumentView {
  @ApiProperty({ type: 'null', description: 'Always null: a live accounting is not stored.', example: null }) id: null;
  @ApiProperty({ type: 'null', description: 'Always null: a live accounting has no number.', example: null }) sequence: null;
  @ApiProperty({ enum: ['live'], description: 'Computed now.', example: 'live' }) status: 'live';
  @ApiProperty({ format: 'date-time', description: 'When it was computed (UTC).', example: '2026-07-05T10:00:00.000Z' }) computed_at: string;
  @ApiProperty({ type: 'null', description: 'Always null: nobody settled it.', example: null }) created_by: null;
}

/**
 * A settled accounting (`POST …/accountings`, `GET …/accountings/{sequence}`): the stored document, never changed; its
 * key, number and author as the declaration presents them.
 */
export class SettledAccountingView extends AccountingDocumentView {}
presentSettledFields(SettledAccountingView, ['id', 'sequence']);
ApiProperty({ enum: ['settled'], description: 'Settled: stored, numbered and frozen.', example: 'settled' })(SettledAccountingView.prototype, 'status');
presentSettledFields(SettledAccountingView, ['createdAt', 'createdBy']);

/** A settled accounting as listed, and as `accounting.created|deleted` carry it: the summary's visible fields, in its order. */
export class AccountingSummaryView {}
presentSettledFields(AccountingSummaryView, visibleProperties(accountingSummaryRecord.schema).map(({ name }) => name));
