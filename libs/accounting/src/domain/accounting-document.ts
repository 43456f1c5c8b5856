import { type Cents, centsOf, centsToNumber } from '@estate/shared-kernel/domain';
import type { AccountingCategory, CarrySource } from '@estate/assets';
import type { PreviousAccounting } from './accounting-input';
import {
  type AccountingComputation,
  type CashReconciliationRow,
  type DisposalLine,
  type DistributionLine,
  type LiabilityLine,
  type PropertyLine,
  type ReportedSource,
  SCHEDULE_KEYS,
  type ScheduleKey,
  type TransactionLine,
  type UnreconciledItem,
  type UnreconciledKind,
} from './accounting-lines';
import type { CalendarDate } from './accounting-records';
import { type AccountingReport, reportUnderScheme } from './accounting-report';
import { type AccountingScheme, categoryLetter, scheduleLetter } from './accounting-schemes';
import type { PropertyKind } from './property-refs';

/**
 * Contract-extensions §16.8: the accounting as JSON (the `data` object of `{data}`). Money becomes JSON numbers once,
 * here, from exact cents; keys are the contract's snake_case.
 */

/** §16.8's caption, from §10.1 (probate case), §10.5 (executor) and the deceased; `null` where absent. */
export interface AccountingCaption {
  court_name: string | null;
  county_name: string | null;
  state: string | null;
  case_number: string | null;
  /** "Estate of {full_name}". */
  estate_name: string | null;
  date_of_death: CalendarDate | null;
  fiduciary_name: string | null;
  fiduciary_role: string | null;
}

export interface CaptionSources {
  probateCase: { courtName: string | null; countyName: string | null; state: string | null; caseNumber: string | null } | null;
  executor: { firstName: string; middleName: string | null; lastName: string; suffix: string | null; role: string } | null;
  deceased: { fullName: string; dateOfDeath: CalendarDate | null } | null;
}

export function accountingCaption({ probateCase, executor, deceased }: CaptionSources): AccountingCaption {
  return {
    court_name: probateCase?.courtName ?? null,
    county_name: probateCase?.countyName ?? null,
    state: probateCase?.state ?? null,
    case_number: probateCase?.caseNumber ?? null,
    estate_name: deceased ? `Estate of ${deceased.fullName}` : null,
    date_of_death: deceased?.dateOfDeath ?? null,
    fiduciary_name: executor ? [executor.firstName, executor.middleName, executor.lastName, executor.suffix].filter(Boolean).join(' ') : null,
    fiduciary_role: executor?.role ?? null,
  };
}

/** A live computation (`GET …/accounting`) or a settled accounting (`…/accountings/{sequence}`). */
export type AccountingIdentity =
  | { status: 'live'; computedAt: Date }
  | { status: 'settled'; id: string; sequence: number; isFinal: boolean; createdAt: Date; createdBy: string };

export interface PropertyLineJson {
  kind: PropertyKind;
  id: string;
  description: string;
  reference: string | null;
  carry_value: number;
  carry_source: CarrySource;
  date?: CalendarDate;
}

export interface TransactionLineJson {
  date: CalendarDate;
  id: string;
  account_id: string;
  description: string;
  payee: string;
  category: AccountingCategory;
  amount: number;
  related_type: string | null;
  related_id: string | null;
  prior_period: boolean;
}

export interface DisposalLineJson {
  date: CalendarDate;
  kind: PropertyKind;
  id: string;
  description: string;
  proceeds: number;
  carry_value: number;
  amount: number;
  prior_period: boolean;
}

export interface DistributionLineJson {
  date: CalendarDate;
  kind: 'cash' | 'in_kind';
  id: string | null;
  transaction_id: string | null;
  person_id: string | null;
  recipient_name: string | null;
  distribution_type: string | null;
  description: string;
  amount: number;
  value_at_distribution: number | null;
  prior_period: boolean;
}

export interface LiabilityLineJson {
  kind: LiabilityLine['kind'];
  id: string;
  description: string;
  reference: string | null;
  amount: number;
}

export interface ScheduleJson<Line> {
  schedule: string;
  total: number;
  lines: Line[];
}

export interface CategorisedScheduleJson extends ScheduleJson<TransactionLineJson> {
  by_category: Array<{ category: AccountingCategory; schedule: string; total: number }>;
}

export interface SchedulesJson {
  property_on_hand_beginning: ScheduleJson<PropertyLineJson>;
  additional_property_received: ScheduleJson<PropertyLineJson>;
  receipts: CategorisedScheduleJson;
  gains_on_sales: ScheduleJson<DisposalLineJson>;
  disbursements: CategorisedScheduleJson;
  losses_on_sales: ScheduleJson<DisposalLineJson>;
  distributions: ScheduleJson<DistributionLineJson>;
  property_on_hand_end: ScheduleJson<PropertyLineJson>;
  changes_in_form: ScheduleJson<TransactionLineJson>;
  liabilities: ScheduleJson<LiabilityLineJson>;
}

export interface CashReconciliationJson {
  account_id: string;
  description: string;
  opening: number;
  receipts: number;
  proceeds: number;
  transfers_in: number;
  property_received: number;
  disbursements: number;
  distributions: number;
  transfers_out: number;
  closing: number;
  reported_balance: number | null;
  reported_source: ReportedSource | null;
  reconciled: boolean;
}

export interface UnreconciledJson {
  kind: UnreconciledKind;
  related_type: string | null;
  related_id: string | null;
  date: CalendarDate | null;
  expected: number | null;
  recorded: number | null;
  effect: number;
  message: string;
}

export interface SummaryJson {
  charges: { property_on_hand_beginning: number; additional_property_received: number; receipts: number; gains_on_sales: number; total: number };
  credits: { disbursements: number; losses_on_sales: number; distributions: number; property_on_hand_end: number; total: number };
  balanced: boolean;
  difference: number;
  reconciled: boolean;
}

export interface AccountingDocumentJson {
  id: string | null;
  sequence: number | null;
  status: 'live' | 'settled';
  from: CalendarDate;
  to: CalendarDate;
  is_final: boolean;
  scheme: AccountingScheme;
  currency: 'USD';
  /** Live only. */
  computed_at?: string;
  /** Settled only. */
  created_at?: string;
  created_by: string | null;
  caption: AccountingCaption;
  summary: SummaryJson;
  schedules: SchedulesJson;
  cash_reconciliation: CashReconciliationJson[];
  unreconciled: UnreconciledJson[];
  /**
   * §16.10's report: claims, compensation, bond, closing. Computed with the account, and stored with a settled one, so
   * a settled report never changes. `null` only on an accounting settled before the report existed (it was not
   * computed then, and computing it now would read today's claims into a frozen account).
   */
  report: AccountingReport | null;
}

const money = centsToNumber;
const moneyOrNull = (cents: Cents | null): number | null => (cents === null ? null : money(cents));

const propertyLine = (line: PropertyLine): PropertyLineJson => ({
  kind: line.kind,
  id: line.id,
  description: line.description,
  reference: line.reference,
  carry_value: money(line.carryValue),
  carry_source: line.carrySource,
  ...(line.date === null ? {} : { date: line.date }),
});

const transactionLine = (line: TransactionLine): TransactionLineJson => ({
  date: line.date,
  id: line.id,
  account_id: line.accountId,
  description: line.description,
  payee: line.payee,
  category: line.category,
  amount: money(line.amount),
  related_type: line.relatedType,
  related_id: line.relatedId,
  prior_period: line.priorPeriod,
});

const disposalLine = (line: DisposalLine): DisposalLineJson => ({
  date: line.date,
  kind: line.kind,
  id: line.id,
  description: line.description,
  proceeds: money(line.proceeds),
  carry_value: money(line.carryValue),
  amount: money(line.amount),
  prior_period: line.priorPeriod,
});

const distributionLine = (line: DistributionLine): DistributionLineJson => ({
  date: line.date,
  kind: line.kind,
  id: line.id,
  transaction_id: line.transactionId,
  person_id: line.personId,
  recipient_name: line.recipientName,
  distribution_type: line.distributionType,
  description: line.description,
  amount: money(line.amount),
  value_at_distribution: moneyOrNull(line.valueAtDistribution),
  prior_period: line.priorPeriod,
});

const liabilityLine = (line: LiabilityLine): LiabilityLineJson => ({ kind: line.kind, id: line.id, description: line.description, reference: line.reference, amount: money(line.amount) });

const cashRow = (row: CashReconciliationRow): CashReconciliationJson => ({
  account_id: row.accountId,
  description: row.description,
  opening: money(row.opening),
  receipts: money(row.receipts),
  proceeds: money(row.proceeds),
  transfers_in: money(row.transfersIn),
  property_received: money(row.propertyReceived),
  disbursements: money(row.disbursements),
  distributions: money(row.distributions),
  transfers_out: money(row.transfersOut),
  closing: money(row.closing),
  reported_balance: moneyOrNull(row.reportedBalance),
  reported_source: row.reportedSource,
  reconciled: row.reconciled,
});

const unreconciledItem = (item: UnreconciledItem): UnreconciledJson => ({
  kind: item.kind,
  related_type: item.relatedType,
  related_id: item.relatedId,
  date: item.date,
  expected: moneyOrNull(item.expected),
  recorded: moneyOrNull(item.recorded),
  effect: money(item.effect),
  message: item.message,
});

function schedulesJson(scheme: AccountingScheme, computation: AccountingComputation): SchedulesJson {
  const { schedules } = computation;
  const head = (key: ScheduleKey) => ({ schedule: scheduleLetter(scheme, key), total: money(schedules[key].total) });
  const categorised = (key: 'receipts' | 'disbursements'): CategorisedScheduleJson => ({
    ...head(key),
    lines: schedules[key].lines.map(transactionLine),
    by_category: schedules[key].byCategory.map((subtotal) => ({ category: subtotal.category, schedule: categoryLetter(scheme, subtotal.category), total: money(subtotal.total) })),
  });
  return {
    property_on_hand_beginning: { ...head('property_on_hand_beginning'), lines: schedules.property_on_hand_beginning.lines.map(propertyLine) },
    additional_property_received: { ...head('additional_property_received'), lines: schedules.additional_property_received.lines.map(propertyLine) },
    receipts: categorised('receipts'),
    gains_on_sales: { ...head('gains_on_sales'), lines: schedules.gains_on_sales.lines.map(disposalLine) },
    disbursements: categorised('disbursements'),
    losses_on_sales: { ...head('losses_on_sales'), lines: schedules.losses_on_sales.lines.map(disposalLine) },
    distributions: { ...head('distributions'), lines: schedules.distributions.lines.map(distributionLine) },
    property_on_hand_end: { ...head('property_on_hand_end'), lines: schedules.property_on_hand_end.lines.map(propertyLine) },
    changes_in_form: { ...head('changes_in_form'), lines: schedules.changes_in_form.lines.map(transactionLine) },
    liabilities: { ...head('liabilities'), lines: schedules.liabilities.lines.map(liabilityLine) },
  };
}

function summaryJson(computation: AccountingComputation): SummaryJson {
  const { charges, credits } = computation.summary;
  return {
    charges: {
      property_on_hand_beginning: money(charges.property_on_hand_beginning),
      additional_property_received: money(charges.additional_property_received),
      receipts: money(charges.receipts),
      gains_on_sales: money(charges.gains_on_sales),
      total: money(charges.total),
    },
    credits: {
      disbursements: money(credits.disbursements),
      losses_on_sales: money(credits.losses_on_sales),
      distributions: money(credits.distributions),
      property_on_hand_end: money(credits.property_on_hand_end),
      total: money(credits.total),
    },
    balanced: computation.summary.balanced,
    difference: money(computation.summary.difference),
    reconciled: computation.summary.reconciled,
  };
}

export interface DocumentRequest {
  computation: AccountingComputation;
  caption: AccountingCaption;
  scheme: AccountingScheme;
  identity: AccountingIdentity;
  report: AccountingReport;
}

/** The `data` object of §16.8, in its key order. */
export function accountingDocument({ computation, caption, scheme, identity, report }: DocumentRequest): AccountingDocumentJson {
  const settled = identity.status === 'settled' ? identity : null;
  return {
    id: settled?.id ?? null,
    sequence: settled?.sequence ?? null,
    status: identity.status,
    from: computation.from,
    to: computation.to,
    is_final: settled?.isFinal ?? false,
    scheme,
    currency: 'USD',
    ...(identity.status === 'live' ? { computed_at: identity.computedAt.toISOString() } : { created_at: identity.createdAt.toISOString() }),
    created_by: settled?.createdBy ?? null,
    caption,
    summary: summaryJson(computation),
    schedules: schedulesJson(scheme, computation),
    cash_reconciliation: computation.cashReconciliation.map(cashRow),
    unreconciled: computation.unreconciled.map(unreconciledItem),
    report,
  };
}

/**
 * The same stored document under another scheme (`GET …/accountings/{sequence}?scheme=`): letters change, and the
 * report's compensation takes the scheme's form (California's schedule, or New York's statutes and no figure) on the
 * same stored base; no other number changes.
 */
export function relettered(document: AccountingDocumentJson, scheme: AccountingScheme): AccountingDocumentJson {
  const schedules = Object.fromEntries(
    SCHEDULE_KEYS.map((key) => {
      const schedule = document.schedules[key];
      const byCategory = 'by_category' in schedule ? { by_category: schedule.by_category.map((subtotal) => ({ ...subtotal, schedule: categoryLetter(scheme, subtotal.category) })) } : {};
      return [key, { ...schedule, schedule: scheduleLetter(scheme, key), ...byCategory }];
    }),
  ) as unknown as SchedulesJson;
  const report = document.report === undefined || document.report === null ? null : reportUnderScheme(document.report, scheme);
  return { ...document, scheme, schedules, report };
}

/** A stored document as served: one settled before the report existed reads `report: null`. */
export function storedDocument(document: AccountingDocumentJson): AccountingDocumentJson {
  return { ...document, report: document.report ?? null };
}

/** The next account's beginning, read back from a stored document (its `to` and ending property, line for line). */
export function previousAccountingOf(document: Pick<AccountingDocumentJson, 'to' | 'schedules'>): PreviousAccounting {
  return {
    to: document.to,
    propertyOnHandEnd: document.schedules.property_on_hand_end.lines.map((line) => ({
      kind: line.kind,
      id: line.id,
      description: line.description,
      reference: line.reference,
      carryValue: centsOf(line.carry_value) ?? 0n,
      carrySource: line.carry_source,
      date: null,
    })),
  };
}
