import { centsOf, centsToText } from '@estate/shared-kernel/domain';
import type {
  AccountingDocumentJson,
  CashReconciliationJson,
  DisposalLineJson,
  DistributionLineJson,
  LiabilityLineJson,
  PropertyLineJson,
  TransactionLineJson,
} from './accounting-document';
import { CHARGE_KEYS, CREDIT_KEYS, SCHEDULE_KEYS, type ScheduleKey } from './accounting-lines';
import type { AccountingReport, StatutoryCompensation } from './accounting-report';
import { CASH_RECONCILIATION_LETTER, categoryLetter } from './accounting-schemes';

/**
 * Contract-extensions §16.8: the accounting as CSV lines, from its JSON document (a settled accounting is stored as
 * that document, so both formats come from the one source). The caller writes them with `csv-stringify`, header first.
 */
export const ACCOUNTING_CSV_HEADER = ['section', 'schedule', 'date', 'kind', 'id', 'description', 'reference', 'category', 'proceeds', 'carry_value', 'amount', 'prior_period'] as const;

type Cell = string;
type Line = Cell[];

/** Amounts as exact 2-decimal text. */
const money = (amount: number | null): Cell => (amount === null ? '' : centsToText(centsOf(amount) ?? 0n));
const flag = (value: boolean): Cell => (value ? 'true' : 'false');

/**
 * Spreadsheets run a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula: free text
 * (descriptions, references) gets a leading apostrophe, as the inventory's CSV does. Amounts are ours and stay numbers.
 */
export const spreadsheetText = (text: string | null): Cell => (text === null ? '' : /^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

interface Columns {
  section: string;
  schedule?: string;
  date?: string | null;
  kind?: string | null;
  id?: string | null;
  description?: string | null;
  reference?: string | null;
  category?: string | null;
  proceeds?: number | null;
  carryValue?: number | null;
  amount?: number | null;
  priorPeriod?: boolean | null;
}

function line(columns: Columns): Line {
  return [
    columns.section,
    columns.schedule ?? '',
    columns.date ?? '',
    columns.kind ?? '',
    columns.id ?? '',
    spreadsheetText(columns.description ?? null),
    spreadsheetText(columns.reference ?? null),
    columns.category ?? '',
    money(columns.proceeds ?? null),
    money(columns.carryValue ?? null),
    money(columns.amount ?? null),
    columns.priorPeriod === undefined || columns.priorPeriod === null ? '' : flag(columns.priorPeriod),
  ];
}

const propertyLine = (section: ScheduleKey, schedule: string, entry: PropertyLineJson): Line =>
  line({ section, schedule, date: entry.date, kind: entry.kind, id: entry.id, description: entry.description, reference: entry.reference, category: entry.carry_source, amount: entry.carry_value });

const transactionLine = (section: ScheduleKey, schedule: string, entry: TransactionLineJson): Line =>
  line({ section, schedule, date: entry.date, kind: 'transaction', id: entry.id, description: entry.payee, category: entry.category, amount: entry.amount, priorPeriod: entry.prior_period });

const disposalLine = (section: ScheduleKey, schedule: string, entry: DisposalLineJson): Line =>
  line({ section, schedule, date: entry.date, kind: entry.kind, id: entry.id, description: entry.description, proceeds: entry.proceeds, carryValue: entry.carry_value, amount: entry.amount, priorPeriod: entry.prior_period });

const distributionLine = (schedule: string, entry: DistributionLineJson): Line =>
  line({
    section: 'distributions',
    schedule,
    date: entry.date,
    kind: entry.kind,
    id: entry.id ?? entry.transaction_id,
    description: [entry.recipient_name, entry.description].filter(Boolean).join(': '),
    category: entry.distribution_type,
    amount: entry.amount,
    priorPeriod: entry.prior_period,
  });

const liabilityLine = (schedule: string, entry: LiabilityLineJson): Line =>
  line({ section: 'liabilities', schedule, kind: entry.kind, id: entry.id, description: entry.description, reference: entry.reference, amount: entry.amount });

function scheduleLines(document: AccountingDocumentJson, key: ScheduleKey): Line[] {
  const { schedules, scheme } = document;
  switch (key) {
    case 'property_on_hand_beginning':
    case 'additional_property_received':
    case 'property_on_hand_end':
      return schedules[key].lines.map((entry) => propertyLine(key, schedules[key].schedule, entry));
    case 'receipts':
    case 'disbursements':
      // Under `ny` a disbursement's letter is its category's (creditors' claims are D, the rest C).
      return schedules[key].lines.map((entry) => transactionLine(key, categoryLetter(scheme, entry.category), entry));
    case 'changes_in_form':
      return schedules[key].lines.map((entry) => transactionLine(key, schedules[key].schedule, entry));
    case 'gains_on_sales':
    case 'losses_on_sales':
      return schedules[key].lines.map((entry) => disposalLine(key, schedules[key].schedule, entry));
    case 'distributions':
      return schedules[key].lines.map((entry) => distributionLine(schedules[key].schedule, entry));
    case 'liabilities':
      return schedules[key].lines.map((entry) => liabilityLine(schedules[key].schedule, entry));
  }
}

/** The components of a cash reconciliation row, in §16.6's order. */
export const CASH_COMPONENTS = ['opening', 'receipts', 'proceeds', 'transfers_in', 'property_received', 'disbursements', 'distributions', 'transfers_out', 'closing', 'reported_balance'] as const;

function cashLines(document: AccountingDocumentJson, row: CashReconciliationJson): Line[] {
  const schedule = CASH_RECONCILIATION_LETTER[document.scheme] ?? '';
  return CASH_COMPONENTS.map((component) =>
    line({
      section: 'cash_reconciliation',
      schedule,
      kind: 'bank_account',
      id: row.account_id,
      description: row.description,
      // The balance the bank reported says where it came from (its statement, or the current balance).
      reference: component === 'reported_balance' ? row.reported_source : null,
      category: component,
      amount: row[component],
    }),
  );
}

/**
 * §16.10's report as lines, after the summary (so every line before it reads as it always did), each section named
 * `report_…` and the columns keeping their meaning (`date` a day, `amount` money, `category` what the line is):
 * - `report_claims`: per claim, a `claim` line (`date` claim date, `description` creditor, `category` status, `amount`
 *   claimed) and, once resolved, a `claim_resolution` line (`date` resolution date, `amount` resolution amount); then
 *   one line per total (`category` `filed`, `allowed`, `rejected`, `paid`);
 * - `report_compensation`: `category` `base`, then `personal_representative` and `attorney` (`reference` the statute,
 *   `amount` empty when there is no figure, `description` the note);
 * - `report_bond` (only when a bond is recorded): `kind` `bond`, `category` its status, `description` the surety,
 *   `reference` its number, `amount` its amount;
 * - `report_closing`: `category` `closable` (`description` `true`|`false`), `property_on_hand_end` (`amount`), then one
 *   line per obstacle (`category` its kind, `id` the record, `description` why).
 * An accounting settled before the report existed has none of these lines.
 */
export function reportCsvRows(report: AccountingReport | null): Line[] {
  if (report === null) return [];
  const { claims, compensation, bond, closing } = report;
  const compensationLine = (category: string, entry: StatutoryCompensation): Line =>
    line({ section: 'report_compensation', category, reference: entry.citation, description: entry.note, amount: entry.amount });
  return [
    ...claims.lines.flatMap((claim) => [
      line({ section: 'report_claims', date: claim.claim_date, kind: 'claim', id: claim.id, description: claim.creditor, category: claim.status, amount: claim.amount }),
      ...(claim.resolution_amount === null && claim.resolution_date === null
        ? []
        : [line({ section: 'report_claims', date: claim.resolution_date, kind: 'claim_resolution', id: claim.id, description: claim.creditor, category: claim.status, amount: claim.resolution_amount })]),
    ]),
    ...(['filed', 'allowed', 'rejected', 'paid'] as const).map((total) => line({ section: 'report_claims', category: total, amount: claims.totals[total] })),
    line({ section: 'report_compensation', category: 'base', amount: compensation.base }),
    compensationLine('personal_representative', compensation.personal_representative),
    compensationLine('attorney', compensation.attorney),
    ...(bond === null ? [] : [line({ section: 'report_bond', kind: 'bond', category: bond.status, description: bond.surety, reference: bond.bond_number, amount: bond.amount })]),
    line({ section: 'report_closing', category: 'closable', description: flag(closing.closable) }),
    line({ section: 'report_closing', category: 'property_on_hand_end', amount: closing.property_on_hand_end }),
    ...closing.obstacles.map((obstacle) => line({ section: 'report_closing', id: obstacle.related_id, description: obstacle.message, category: obstacle.kind })),
  ];
}

/**
 * The accounting's lines after the header: schedules in §16.5's order, the cash reconciliation, the unreconciled items,
 * the summary, then the report (`reportCsvRows`).
 */
export function accountingCsvRows(document: AccountingDocumentJson): string[][] {
  const { schedules, summary } = document;
  const totals = [...CHARGE_KEYS.map((key) => [key, summary.charges[key]] as const), ...CREDIT_KEYS.map((key) => [key, summary.credits[key]] as const)];
  return [
    ...SCHEDULE_KEYS.flatMap((key) => scheduleLines(document, key)),
    ...document.cash_reconciliation.flatMap((row) => cashLines(document, row)),
    ...document.unreconciled.map((item) =>
      line({ section: 'unreconciled', date: item.date, kind: item.related_type, id: item.related_id, description: item.message, category: item.kind, amount: item.effect }),
    ),
    ...totals.map(([key, amount]) => line({ section: 'summary', schedule: schedules[key].schedule, category: key, amount })),
    line({ section: 'summary', category: 'total_charges', amount: summary.charges.total }),
    line({ section: 'summary', category: 'total_credits', amount: summary.credits.total }),
    line({ section: 'summary', category: 'difference', amount: summary.difference }),
    ...reportCsvRows(document.report ?? null),
  ];
}
