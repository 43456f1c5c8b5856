import { type ErrorDetail, centsOf } from '@estate/shared-kernel/domain';
import { PROCEEDS_ASSET_KINDS, type ProceedsAssetKind } from './asset-kinds';
import type { Money } from './money';

/**
 * Contract-extensions §16.2: what each transaction is in the court's account. The table (category → allowed sign →
 * where it goes) is data, so the validator, the default rule and the schedules all read the same rows.
 */
export const ACCOUNTING_CATEGORIES = [
  'interest',
  'dividends',
  'rent',
  'refund',
  'other_receipt',
  'funeral',
  'administration',
  'fiduciary_fees',
  'attorney_fees',
  'court_costs',
  'taxes',
  'creditor_claims',
  'property_expenses',
  'sale_expenses',
  'other_disbursement',
  'distribution',
  'asset_proceeds',
  'transfer',
] as const;
export type AccountingCategory = (typeof ACCOUNTING_CATEGORIES)[number];

/** Where a category's transactions go: a schedule (§16.5), the proceeds of a disposal, or the changes-in-form memo. */
export type CategoryDestination = 'receipts' | 'disbursements' | 'distributions' | 'proceeds' | 'changes_in_form';
/** The sign `amount` must have: ≥ 0, ≤ 0, or either. */
export type CategorySign = 'non_negative' | 'non_positive' | 'any';

export interface CategoryRule {
  sign: CategorySign;
  goesTo: CategoryDestination;
}

const receipt: CategoryRule = { sign: 'non_negative', goesTo: 'receipts' };
const disbursement: CategoryRule = { sign: 'non_positive', goesTo: 'disbursements' };

/** §16.2's table, row for row. */
export const CATEGORY_RULES: Readonly<Record<AccountingCategory, CategoryRule>> = {
  interest: receipt,
  dividends: receipt,
  rent: receipt,
  refund: receipt,
  other_receipt: receipt,
  funeral: disbursement,
  administration: disbursement,
  fiduciary_fees: disbursement,
  attorney_fees: disbursement,
  court_costs: disbursement,
  taxes: disbursement,
  creditor_claims: disbursement,
  property_expenses: disbursement,
  sale_expenses: disbursement,
  other_disbursement: disbursement,
  distribution: { sign: 'non_positive', goesTo: 'distributions' },
  asset_proceeds: { sign: 'non_negative', goesTo: 'proceeds' },
  transfer: { sign: 'any', goesTo: 'changes_in_form' },
};

export const RECEIPT_CATEGORIES = ACCOUNTING_CATEGORIES.filter((category) => CATEGORY_RULES[category].goesTo === 'receipts');
export const DISBURSEMENT_CATEGORIES = ACCOUNTING_CATEGORIES.filter((category) => CATEGORY_RULES[category].goesTo === 'disbursements');

/**
 * The kinds of record an `asset_proceeds` transaction may name (§16.2): the assets that can be disposed of, as the
 * catalogue of asset kinds says, in §16.2's order.
 */
export const PROCEEDS_RELATED_TYPES = PROCEEDS_ASSET_KINDS;
export type ProceedsRelatedType = ProceedsAssetKind;

/** Every `related_type` a transaction can carry: what a client may name, and what the service writes itself. */
export const TRANSACTION_RELATED_TYPES = [...PROCEEDS_RELATED_TYPES, 'claim', 'debt', 'transfer', 'distribution'] as const;
export type TransactionRelatedType = (typeof TRANSACTION_RELATED_TYPES)[number];

/**
 * The related types a client may send with each category (§16.2): `asset_proceeds` must name an asset,
 * `creditor_claims` may name a claim or a debt, no other category takes one from a client.
 */
export const CLIENT_RELATED_TYPES: Readonly<Partial<Record<AccountingCategory, readonly TransactionRelatedType[]>>> = {
  asset_proceeds: PROCEEDS_RELATED_TYPES,
  creditor_claims: ['claim', 'debt'],
};
/** The categories whose related record is required (not merely allowed) when a client writes them. */
export const RELATED_RECORD_REQUIRED: readonly AccountingCategory[] = ['asset_proceeds'];

/** Which of the service's own writers wrote a transaction: a transfer settlement or return (§8), a distribution payment (§12.7). */
export type WrittenBy = 'transfer' | 'distribution';

/** The `type`s §8's transfers wrote (with `category` `transfer`) before §16 existed. */
export const TRANSFER_LEDGER_TYPES = ['ach_debit', 'ach_credit', 'ach_return'] as const;

export interface DefaultCategoryInput {
  amount: Money;
  /** The service writer, when known; `null` for a client's transaction (or a row written before §16, see below). */
  writtenBy: WrittenBy | null;
  /** The transaction's `type` and free-text `category` (§8 wrote `category` `transfer` and `type` `ach_*`). */
  type: string | null;
  category: string | null;
}

/**
 * Who wrote an existing row, read from what §8 and §12.7 stored: a transfer leg is `category` `transfer` with an
 * `ach_*` `type`; a distribution payment is `type` `distribution`. Used when classifying rows written before §16.
 */
export function writerOf(row: { type: string | null; category: string | null }): WrittenBy | null {
  if (row.category === 'transfer' && (TRANSFER_LEDGER_TYPES as readonly string[]).includes(row.type ?? '')) return 'transfer';
  if (row.type === 'distribution') return 'distribution';
  return null;
}

/**
 * §16.2's default when no `accounting_category` is sent (and the classification of existing rows): a transfer's leg is
 * `transfer`, a distribution payment `distribution`, anything else `other_receipt` when `amount` ≥ 0, else
 * `other_disbursement`.
 */
export function defaultAccountingCategory(input: DefaultCategoryInput): AccountingCategory {
  const writer = input.writtenBy ?? writerOf(input);
  if (writer === 'transfer') return 'transfer';
  if (writer === 'distribution') return 'distribution';
  return (centsOf(input.amount) ?? 0n) >= 0n ? 'other_receipt' : 'other_disbursement';
}

/** The `related_type` the service writes with its own transactions (`related_id` is then the transfer or distribution). */
export function defaultRelatedType(input: DefaultCategoryInput): TransactionRelatedType | null {
  return input.writtenBy ?? writerOf(input);
}

export interface Classification {
  amount: Money;
  accountingCategory: string;
  relatedType: string | null;
  relatedId: string | null;
}

/** Does `amount` have the sign the category's row of the table requires? */
export function signAllowed(category: AccountingCategory, amount: Money): boolean {
  const cents = centsOf(amount) ?? 0n;
  const { sign } = CATEGORY_RULES[category];
  return sign === 'any' || (sign === 'non_negative' ? cents >= 0n : cents <= 0n);
}

const isCategory = (value: string): value is AccountingCategory => (ACCOUNTING_CATEGORIES as readonly string[]).includes(value);

/**
 * The §16.2 violations of a transaction's classification, as `422 validation_error` details (empty when valid):
 * a category outside the table; a sign against the table; `related_type`/`related_id` not both or neither; a related
 * type the category does not take from a client. Whether the related record exists in the case is the caller's check
 * (it needs the database). `serviceWritten` is the stored classification of a transaction the service wrote: its
 * three fields are fixed, so any change is refused (and the client rules do not apply to it).
 */
export function classificationViolations(next: Classification, serviceWritten: Omit<Classification, 'amount'> | null = null): ErrorDetail[] {
  if (serviceWritten !== null) {
    const fixed: Array<[keyof Omit<Classification, 'amount'>, string]> = [
      ['accountingCategory', 'accounting_category'],
      ['relatedType', 'related_type'],
      ['relatedId', 'related_id'],
    ];
    return fixed
      .filter(([key]) => next[key] !== serviceWritten[key])
      .map(([, field]) => ({ field, message: `${field} is fixed on a transaction the service wrote`, reason: 'rule' as const }));
  }
  const category = next.accountingCategory;
  if (!isCategory(category)) {
    return [{ field: 'accounting_category', message: `accounting_category must be one of ${ACCOUNTING_CATEGORIES.join(', ')}`, reason: 'enum' }];
  }
  const problems: ErrorDetail[] = [];
  if (!signAllowed(category, next.amount)) {
    const sign = CATEGORY_RULES[category].sign === 'non_negative' ? '≥ 0' : '≤ 0';
    problems.push({ field: 'accounting_category', message: `${category} needs an amount ${sign}`, reason: 'rule' });
  }
  if ((next.relatedType === null) !== (next.relatedId === null)) {
    const missing = next.relatedType === null ? 'related_type' : 'related_id';
    problems.push({ field: missing, message: 'related_type and related_id are sent both or neither', reason: 'rule' });
  }
  const allowed = CLIENT_RELATED_TYPES[category] ?? [];
  if (next.relatedType !== null && !(allowed as readonly string[]).includes(next.relatedType)) {
    const message = allowed.length === 0 ? `${category} takes no related record` : `${category} may name a ${allowed.join(', a ')}`;
    problems.push({ field: 'related_type', message, reason: 'rule' });
  }
  if (next.relatedType === null && next.relatedId === null && RELATED_RECORD_REQUIRED.includes(category)) {
    problems.push({ field: 'related_type', message: `${category} must name the asset disposed of: one of ${(allowed as readonly string[]).join(', ')}`, reason: 'required' });
  }
  return problems;
}
