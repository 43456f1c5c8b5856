import { type Cents, sumCents } from '@estate/shared-kernel/domain';
import { type AccountingCategory, CATEGORY_RULES, DISBURSEMENT_CATEGORIES } from '@estate/assets';
import type { AccountingComputation, ScheduleKey } from './accounting-lines';

/**
 * Contract-extensions §16.7: a scheme changes letters and headings, never a number. `ca` follows California Probate
 * Code §1061's order; `ny` is New York's JA-7, where keys sharing a letter are printed under one heading with a
 * subtotal each (A: beginning and additional property; D: the `creditor_claims` subtotal of the disbursements and the
 * liabilities memo), and the disbursements' category subtotals carry their own letter.
 */
export const ACCOUNTING_SCHEMES = ['ca', 'ny'] as const;
export type AccountingScheme = (typeof ACCOUNTING_SCHEMES)[number];

/** `ny` when the probate case is in New York, else `ca`. */
export const defaultScheme = (probateState: string | null): AccountingScheme => (probateState === 'NY' ? 'ny' : 'ca');

/** One part of a printed section: a schedule, or (under `ny`'s C and D) the disbursements of some categories. */
export interface SchemePart {
  key: ScheduleKey;
  heading: string;
  /** The disbursement categories the part holds; absent for a whole schedule. */
  categories?: readonly AccountingCategory[];
  memo: boolean;
}

/**
 * A lettered section as printed: its letter, heading and parts, in the scheme's order. A section with no part is one
 * the form has and this version never fills (§16.1: a trade or business the estate runs, purchases and new
 * investments): it is printed, reading "None", so that the letters run without a gap.
 */
export interface SchemeSection {
  letter: string;
  heading: string;
  parts: readonly SchemePart[];
}

const part = (key: ScheduleKey, heading: string, extra: Partial<Pick<SchemePart, 'categories' | 'memo'>> = {}): SchemePart => ({ key, heading, memo: false, ...extra });
const section = (letter: string, heading: string, ...parts: SchemePart[]): SchemeSection => ({ letter, heading, parts });

const CLAIMS: readonly AccountingCategory[] = ['creditor_claims'];
const EXPENSES = DISBURSEMENT_CATEGORIES.filter((category) => !CLAIMS.includes(category));

export const SCHEME_SECTIONS: Readonly<Record<AccountingScheme, readonly SchemeSection[]>> = {
  ca: [
    section('A', 'Property on hand at the beginning of the account', part('property_on_hand_beginning', 'Property on hand at the beginning of the account')),
    section('B', 'Additional property received during the period of the account', part('additional_property_received', 'Additional property received')),
    section('C', 'Receipts during the period of the account', part('receipts', 'Receipts')),
    section('D', 'Gains on sales', part('gains_on_sales', 'Gains on sales')),
    section('E', 'Net income from a trade or business'),
    section('F', 'Disbursements during the period of the account', part('disbursements', 'Disbursements')),
    section('G', 'Losses on sales', part('losses_on_sales', 'Losses on sales')),
    section('H', 'Net loss from a trade or business'),
    section('I', 'Distributions', part('distributions', 'Distributions')),
    section('J', 'Property on hand at the end of the account', part('property_on_hand_end', 'Property on hand at the end of the account')),
    section('K', 'Liabilities (memo)', part('liabilities', 'Liabilities', { memo: true })),
    section('L', 'Purchases and new investments (memo)'),
    section('M', 'Changes in form of assets (memo)', part('changes_in_form', 'Changes in form of assets', { memo: true })),
  ],
  ny: [
    section(
      'A',
      'Statement of principal received',
      part('property_on_hand_beginning', 'Principal on hand at the beginning of the account'),
      part('additional_property_received', 'Additional principal received'),
    ),
    section('A-1', 'Statement of increases on sales, liquidation or distribution', part('gains_on_sales', 'Increases on sales')),
    section('A-2', 'Statement of all income collected', part('receipts', 'Income collected')),
    section('B', 'Statement of decreases due to sales, liquidation, collection, distribution or uncollectibility', part('losses_on_sales', 'Decreases on sales')),
    section('C', 'Statement of funeral and administration expenses', part('disbursements', 'Funeral and administration expenses', { categories: EXPENSES })),
    section(
      'D',
      "Statement of all creditors' claims",
      part('disbursements', "Creditors' claims paid", { categories: CLAIMS }),
      part('liabilities', 'Claims and liabilities unpaid (memo)', { memo: true }),
    ),
    section('E', 'Statement of distributions of principal', part('distributions', 'Distributions of principal')),
    section('F', 'Statement of new investments, exchanges and stock distributions (memo)', part('changes_in_form', 'Changes in form of assets', { memo: true })),
    section('G', 'Statement of principal remaining on hand', part('property_on_hand_end', 'Principal remaining on hand')),
  ],
};

/** The cash reconciliation's place: JA-7 Schedule J; California's forms give it no letter. */
export const CASH_RECONCILIATION_LETTER: Readonly<Record<AccountingScheme, string | null>> = { ca: null, ny: 'J' };

/**
 * The letter a schedule's key prints under. `ny`'s disbursements are C: the part holding only the `creditor_claims`
 * subtotal (D) is a category's letter, not the schedule's.
 */
export function scheduleLetter(scheme: AccountingScheme, key: ScheduleKey): string {
  const found = SCHEME_SECTIONS[scheme].find((entry) => entry.parts.some((candidate) => candidate.key === key && candidate.categories !== CLAIMS));
  if (!found) throw new Error(`schedule ${key} has no letter under ${scheme}`);
  return found.letter;
}

/** The letter of a receipts or disbursements category subtotal (`by_category[].schedule`). */
export function categoryLetter(scheme: AccountingScheme, category: AccountingCategory): string {
  const key: ScheduleKey = CATEGORY_RULES[category].goesTo === 'receipts' ? 'receipts' : 'disbursements';
  const found = SCHEME_SECTIONS[scheme].find((entry) => entry.parts.some((candidate) => candidate.key === key && (candidate.categories?.includes(category) ?? true)));
  return found?.letter ?? scheduleLetter(scheme, key);
}

/** A printed section with the figure of each part, and the section's total of the parts that are not memos. */
export interface LetteredTotal {
  letter: string;
  heading: string;
  total: Cents;
  parts: Array<SchemePart & { total: Cents }>;
}

/** Each section's figures under the scheme, from the computation's schedules (the same numbers under every scheme). */
export function letteredTotals(scheme: AccountingScheme, computation: AccountingComputation): LetteredTotal[] {
  const figure = (entry: SchemePart): Cents => {
    const schedule = computation.schedules[entry.key];
    if (entry.categories === undefined) return schedule.total;
    const subtotals = 'byCategory' in schedule ? schedule.byCategory : [];
    return sumCents(subtotals.filter((subtotal) => entry.categories?.includes(subtotal.category)).map((subtotal) => subtotal.total));
  };
  return SCHEME_SECTIONS[scheme].map((entry) => {
    const parts = entry.parts.map((candidate) => ({ ...candidate, total: figure(candidate) }));
    return { letter: entry.letter, heading: entry.heading, total: sumCents(parts.filter((candidate) => !candidate.memo).map((candidate) => candidate.total)), parts };
  });
}
