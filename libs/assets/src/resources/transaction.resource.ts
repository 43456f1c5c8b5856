import { ACCOUNTING_CATEGORIES } from '@estate/accounting/rules';
import { caseResource, WriteContext } from '@estate/shared-kernel';
import { EstateLedgerBalances } from '../application/estate-ledger-balances';
import { Transaction } from '../domain/transaction';
import { CreateTransactionBody, PatchTransactionBody, TransactionView } from '../http/dto/transaction.dto';
import { TransactionSchema } from '../infrastructure/persistence/transaction.schema';
import { bankAccountResource } from './bank-account.resource';
import { classify, transactionClassificationRule } from './transaction-classification.rule';

/**
 * Running balances (contract §3.2): the sum of the amounts of a transaction and every earlier one of the same account,
 * ordered by `date`, then creation (`created_at`, then `id`), from zero. Stored, so that a list page costs nothing
 * extra whatever its depth: an insert takes the balance of the row just before it (one index probe) and adds its
 * amount, then adds its amount to every later row of the account (which only happens when a transaction is inserted
 * with an earlier date). Amounts never change after creation (`#17` writes only `is_flagged`, `notes` and the
 * classification of contract-extensions §16.2) and transactions are never deleted (audit rule 1), so no other write can
 * move a balance. Writes of one case run one at a time under the case row lock, so two inserts never race on one account.
 */
const inserted = new WeakSet<Transaction>();

const LEDGER_POSITION = '(date, created_at, id)';

async function balanceBefore(transaction: Transaction, context: WriteContext): Promise<number> {
  const rows = await context.em.execute<Array<{ balance: string }>>(
    `select coalesce((select running_balance from transactions
                       where bank_account_id = ? and ${LEDGER_POSITION} < (?::date, ?::timestamptz, ?)
                       order by date desc, created_at desc, id desc limit 1), 0) + ?::numeric as balance`,
    [transaction.bankAccountId, transaction.date, transaction.createdAt.toISOString(), transaction.id, transaction.amount.toFixed(2)],
  );
  return Number(rows[0].balance);
}

export const transactionResource = caseResource<Transaction>({
  name: 'transaction',
  path: 'bank-accounts/:account_id/transactions',
  idParam: 'transaction_id',
  schema: TransactionSchema,
  create: CreateTransactionBody,
  patch: PatchTransactionBody,
  view: TransactionView,
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
