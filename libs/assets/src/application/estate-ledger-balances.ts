import { Injectable } from '@nestjs/common';
import type { CaseRecord, RecordCreated } from '@estate/shared-kernel';
import type { TransactionFacts } from '../domain/transaction';
import { BankAccounts } from './bank-accounts.port';

/** What a created transaction tells the balances. */
type CreatedTransaction = CaseRecord & Pick<TransactionFacts, 'bankAccountId' | 'amount' | 'writtenBy'>;

/**
 * An estate account keeps one truth for cash (contract §3.2, amended 2026-12-01): the fiduciary's own account has a
 * complete ledger, so a transaction a client writes on it moves its `current_balance` and `available_balance` by its
 * amount, in the creating transaction (the transaction declaration's `afterCreateBy`). The service's own rows move the
 * balances where they are written, by their own rule: a transfer's legs by the funds hold (TransferMoney), a
 * distribution's payment by its amount (LedgerEntries) — counted there, never again here. A deceased's account keeps
 * the balances its institution reports; its transactions are history. Amounts never change and transactions are
 * never deleted (`#17`, audit rule 1), so creation is the only write that moves money.
 */
@Injectable()
export class EstateLedgerBalances implements RecordCreated<CreatedTransaction> {
  constructor(private readonly accounts: BankAccounts) {}

  async afterCreate(transaction: CreatedTransaction): Promise<void> {
    if (transaction.writtenBy) return;
    const account = await this.accounts.ofCase(transaction.caseId, transaction.bankAccountId);
    if (!account?.isEstateAccount) return;
    await this.accounts.adjustBalances(transaction.caseId, transaction.bankAccountId, transaction.amount);
  }
}
