import { Injectable } from '@nestjs/common';
import { RecordWriter } from '@estate/shared-kernel';
import { BankAccounts } from '../application/bank-accounts.port';
import { LedgerEntries, TransferLedgerEntry } from '../application/ports/ledger-entries.port';
import { transactionResource } from '../resources/transaction.resource';

/** The LedgerEntries port on the transaction declaration: the kernel's writer creates the record (balance, event). */
@Injectable()
export class DeclaredLedgerEntries extends LedgerEntries {
  constructor(
    private readonly accounts: BankAccounts,
    private readonly writer: RecordWriter,
  ) {
    super();
  }

  async postTransferEntry(entry: TransferLedgerEntry): Promise<boolean> {
    if (!(await this.accounts.ofCase(entry.caseId, entry.bankAccountId))) return false;
    await this.writer.create(transactionResource, { caseId: entry.caseId, bankAccountId: entry.bankAccountId }, {
      date: entry.date,
      posted_date: entry.date,
      effective_date: entry.date,
      type: entry.type,
      amount: entry.amount,
      description: entry.description,
      reference_number: entry.referenceNumber,
      category: 'transfer',
    });
    return true;
  }
}
