import { ACCOUNTING_CATEGORIES, CATEGORY_RULES, CLIENT_RELATED_TYPES, type CategorySign, TRANSACTION_RELATED_TYPES, type WrittenBy } from '../domain/transaction-classification';
import { caseResource, field, ResourceRecord, WriteContext } from '@estate/shared-kernel';
import { EstateLedgerBalances } from '../application/estate-ledger-balances';
import type { TransactionFacts } from '../domain/transaction';
import { bankAccountResource } from './bank-account.resource';
import { classify, transactionClassificationRule } from './transaction-classification.rule';

/** The categories whose amount must have `sign`, read from the classification table itself. */
const categoriesSigned = (sign: CategorySign) => ACCOUNTING_CATEGORIES.filter((category) => CATEGORY_RULES[category].sign === sign).join(', ');
/** Which categories take which related records from a client, read from the same table. */
const clientRelatedTypes = Object.entries(CLIENT_RELATED_TYPES)
  .map(([category, types]) => `with ${category}, one of ${types.join(', ')}`)
  .join('; ');

const ACCOUNTING_CATEGORY_DESCRIPTION =
  `What the transaction is in the court accounting. An amount ≥ 0 for ${categoriesSigned('non_negative')}; ≤ 0 for ` +
  `${categoriesSigned('non_positive')}; either sign for ${categoriesSigned('any')}. When none is sent: other_receipt for ` +
  'an amount ≥ 0, else other_disbursement; the legs of an instant transfer read transfer and a distribution’s payment ' +
  'reads distribution, and on those rows (written by the service) the category and related record cannot be changed.';

/**
 * Running balances (contract §3.2): the sum of the amounts of a transaction and every earlier one of the same account,
 * ordered by `date`, then creation (`created_at`, then `id`), from zero. Stored, so that a list page costs nothing
 * extra whatever its depth: an insert takes the balance of the row just before it (one index probe) and adds its
 * amount, then adds its amount to every later row of the account (which only happens when a transaction is inserted
 * with an earlier date). Amounts never change after creation (`#17` writes only `is_flagged`, `notes` and the
 * classification of contract-extensions §16.2) and transactions are never deleted (audit rule 1), so no other write can
 * move a balance. Writes of one case run one at a time under the case row lock, so two inserts never race on one account.
 */
const inserted = new WeakSet<object>();

const LEDGER_POSITION = '(date, created_at, id)';

async function balanceBefore(transaction: Pick<TransactionFacts, 'id' | 'bankAccountId' | 'date' | 'amount' | 'createdAt'>, context: WriteContext): Promise<number> {
  const rows = await context.em.execute<Array<{ balance: string }>>(
    `select coalesce((select running_balance from transactions
                       where bank_account_id = ? and ${LEDGER_POSITION} < (?::date, ?::timestamptz, ?)
                       order by date desc, created_at desc, id desc limit 1), 0) + ?::numeric as balance`,
    [transaction.bankAccountId, transaction.date, transaction.createdAt.toISOString(), transaction.id, transaction.amount.toFixed(2)],
  );
  return Number(rows[0].balance);
}

const WRITTEN_BY: readonly WrittenBy[] = ['transfer', 'distribution'];

/** `#17` writes only `is_flagged`, `notes` and the classification (audit rule 1): every other field is sent on create only. */
export const transactionResource = caseResource({
  name: 'transaction',
  path: 'bank-accounts/:account_id/transactions',
  idParam: 'transaction_id',
  table: 'transactions',
  fields: {
    // The route names the account: stored, not presented.
    bankAccountId: field.string({ required: true, hidden: true, max: 26 }),
    date: field.date({ required: true, createOnly: true, description: 'Transaction date.', example: '2026-08-28' }),
    postedDate: field.date({ createOnly: true, description: 'Date the bank posted it.', example: '2026-08-29' }),
    effectiveDate: field.date({ createOnly: true, description: 'Effective date.', example: '2026-08-29' }),
    type: field.string({ createOnly: true, description: 'Kind of transaction, as the bank reports it.', example: 'debit' }),
    amount: field.money({ required: true, createOnly: true, description: 'Amount; a debit is negative.', example: -54.12 }),
    runningBalance: field.money({
      required: true,
      readOnly: true,
      view: { type: Number },
      description: 'Sum of this and every earlier amount of the account, by date then creation, from zero.',
      example: 1520.33,
    }),
    description: field.text({ required: true, createOnly: true, column: { type: 'text', length: undefined }, description: 'Description as on the statement.', example: 'CITY WATER DEPT AUTOPAY' }),
    merchantName: field.string({ createOnly: true, description: 'Merchant.', example: 'City Water Dept' }),
    referenceNumber: field.string({ createOnly: true, description: 'Bank reference.', example: 'TRX-88120' }),
    checkNumber: field.string({ createOnly: true, description: 'Check number, for a check.', example: '1043' }),
    category: field.string({ createOnly: true, description: 'Category.', example: 'utilities' }),
    isRecurring: field.boolean({ createOnly: true, description: 'Whether it belongs to a recurring payment; false when unset.', example: true }),
    isFlagged: field.boolean({ description: 'Whether someone flagged it for review; false when unset.', example: false }),
    flagReason: field.string({ createOnly: true, description: 'Why it was flagged.', example: 'after date of death' }),
    notes: field.text({ column: { type: 'text', length: undefined }, description: 'Free notes.', example: 'Ask the bank to reverse.' }),
    // Never null in the table: `null` in a patch restores the default, which `derive` fills in before the flush (the
    // ORM must accept the `null` it assigns first). The view says it is always set.
    accountingCategory: field.enum(ACCOUNTING_CATEGORIES, {
      description: ACCOUNTING_CATEGORY_DESCRIPTION,
      example: 'creditor_claims',
      view: { enum: [...ACCOUNTING_CATEGORIES], required: true, nullable: false, description: `${ACCOUNTING_CATEGORY_DESCRIPTION} Always set.` },
    }),
    relatedType: field.enum(TRANSACTION_RELATED_TYPES, {
      description:
        `The kind of record the transaction names, sent together with related_id (both or neither). A client may name, ${clientRelatedTypes}; ` +
        'no other category takes one, and asset_proceeds must name the asset sold. transfer and distribution are set by the service on the rows it writes.',
      example: 'claim',
    }),
    relatedId: field.string({ max: 26, description: 'The id of the record related_type names, a record of this case; sent together with related_type.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AD' }),
    // Not in the representation: a service-written row shows itself by its related_type (transfer, distribution).
    writtenBy: field.enum(WRITTEN_BY, { hidden: true, column: { length: 20 } }),
  },
  parent: { resource: () => bankAccountResource, param: 'account_id', property: 'bankAccountId' },
  sorts: ['created_at', 'date'],
  filters: { accounting_category: ACCOUNTING_CATEGORIES },
  // Audit rule 1: a transaction cannot be deleted (405), and it stays in the database when its case is deleted.
  without: ['delete'],
  keptWhenCaseDeleted: true,
  specRoutes: { patch: 17 },
  tag: 'bank-accounts',
  // Contract-extensions §16.2: the category's sign, the related record, the service's rows fixed.
  rules: transactionClassificationRule,
  derive: async (transaction, context) => {
    classify(transaction);
    if (transaction.runningBalance !== undefined && transaction.runningBalance !== null) return;
    transaction.runningBalance = await balanceBefore(transaction, context);
    inserted.add(transaction);
  },
  // An estate account's balances follow the transactions a client writes on it (contract §3.2).
  afterCreateBy: () => EstateLedgerBalances,
  afterWrite: async (transaction, context) => {
    if (!inserted.delete(transaction)) return;
    // Later rows of the account include this amount now; their representation changed, so their ETag does too.
    await context.em.execute(
      `update transactions set running_balance = running_balance + ?::numeric, version = version + 1
        where bank_account_id = ? and ${LEDGER_POSITION} > (?::date, ?::timestamptz, ?)`,
      [transaction.amount.toFixed(2), transaction.bankAccountId, transaction.date, transaction.createdAt.toISOString(), transaction.id],
    );
  },
});

export type Transaction = ResourceRecord<typeof transactionResource>;
