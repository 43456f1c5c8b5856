import type { KeptRecordSets } from '../../domain/asset-kinds';
import type { DebtFacts } from '../../domain/debt';
import type { TransactionFacts } from '../../domain/transaction';

/**
 * A transaction as the court accounting reads it (contract-extensions §16.2): the ledger facts, `amount` as exact
 * `numeric` text, with its classification (`accounting_category` always set; the related record both or neither).
 */
export type LedgerTransactionFacts = Pick<TransactionFacts, 'id' | 'bankAccountId' | 'date' | 'description' | 'merchantName' | 'createdAt' | 'accountingCategory' | 'relatedType' | 'relatedId'> & {
  amount: string;
};

/**
 * Every asset and liability of a case that an account of the estate reads, as the assets context keeps them: its
 * records of each kind of the catalogue this context declares (asset-kinds.ts), the ledger and the debts.
 */
export type AccountableAssetRecords = KeptRecordSets & {
  /** The transactions of the case's bank accounts (those of a deleted account are audit records, left out). */
  transactions: readonly LedgerTransactionFacts[];
  debts: readonly DebtFacts[];
};

/**
 * Port of the assets context for the court accounting (contract-extensions §16): the case's records as data, read in
 * the caller's transaction (the accounting opens one `REPEATABLE READ` transaction for all its reads). `holdAccounts`
 * first holds the case's bank-account rows `for share`, in id order: a settlement, which reads inside its write under
 * the case lock, then waits for a transfer settling meanwhile (which changes balances and writes both legs, without the
 * case lock) and sees all of it or none.
 */
export abstract class AccountableAssets {
  abstract ofCase(caseId: string, options?: { holdAccounts?: boolean }): Promise<AccountableAssetRecords>;
}
