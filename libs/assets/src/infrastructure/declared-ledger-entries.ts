import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { Clock, RecordWriter, transactionRows } from '@estate/shared-kernel';
import { BankAccounts } from '../application/bank-accounts.port';
import { DistributionLedgerEntry, LedgerEntries, TransferLedgerEntry } from '../application/ports/ledger-entries.port';
import { transactionResource } from '../resources/transaction.resource';
import { classificationOf, WRITTEN_BY_FIELD } from '../resources/transaction-classification.rule';

/**
 * A ledger row of an account erased with its case (a late ACH return): transactions are audit records kept with the
 * case's tombstone, so the entry is appended to the kept ledger, its running balance following the last row. No event
 * is told: the case and its account are gone from the API.
 */
const APPEND_TO_KEPT_LEDGER = `
  insert into transactions (id, case_id, bank_account_id, date, posted_date, effective_date, type, amount, running_balance,
                            description, reference_number, category, created_at, updated_at,
                            accounting_category, related_type, related_id, written_by)
  select $1::varchar, $2::varchar, $3::varchar, $4::date, $4::date, $4::date, $5::varchar, $6::numeric,
         coalesce((select running_balance from transactions where bank_account_id = $3::varchar order by date desc, created_at desc, id desc limit 1), 0) + $6::numeric,
         $7::text, $8::varchar, 'transfer', $9::timestamptz, $9::timestamptz, $10::varchar, $11::varchar, $12::varchar, $13::varchar
   where exists (select 1 from transactions where bank_account_id = $3::varchar and case_id = $2::varchar)`;

/**
 * A transfer's legs and a distribution's payment are the service's rows: written by the transfer or the distribution,
 * naming it, classified by the declaration from their writer and fixed (contract-extensions §16.2).
 */
const BY_TRANSFER = 'transfer' as const;
const BY_DISTRIBUTION = 'distribution' as const;

/** The LedgerEntries port on the transaction declaration: the kernel's writer creates the record (balance, event). */
@Injectable()
export class DeclaredLedgerEntries extends LedgerEntries {
  constructor(
    private readonly accounts: BankAccounts,
    private readonly writer: RecordWriter,
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {
    super();
  }

  async postTransferEntry(entry: TransferLedgerEntry): Promise<boolean> {
    if (!(await this.accounts.ofCase(entry.caseId, entry.bankAccountId))) return this.appendToKeptLedger(entry);
    await this.writer.create(transactionResource, { caseId: entry.caseId, bankAccountId: entry.bankAccountId }, {
      date: entry.date,
      posted_date: entry.date,
      effective_date: entry.date,
      type: entry.type,
      amount: entry.amount,
      description: entry.description,
      reference_number: entry.referenceNumber,
      category: 'transfer',
      related_id: entry.transferId,
      [WRITTEN_BY_FIELD]: BY_TRANSFER,
    });
    return true;
  }

  async postDistributionPayment(entry: DistributionLedgerEntry): Promise<string> {
    const posted = await this.writer.create(transactionResource, { caseId: entry.caseId, bankAccountId: entry.bankAccountId }, {
      date: entry.date,
      posted_date: entry.date,
      effective_date: entry.date,
      type: 'distribution',
      amount: -entry.amount,
      description: entry.description,
      category: 'distribution',
      related_id: entry.distributionId,
      [WRITTEN_BY_FIELD]: BY_DISTRIBUTION,
    });
    await this.accounts.adjustBalances(entry.caseId, entry.bankAccountId, -entry.amount);
    return (posted.data as { id: string }).id;
  }

  private async appendToKeptLedger(entry: TransferLedgerEntry): Promise<boolean> {
    // Classified as the declaration classifies a row the transfer wrote.
    const row = classificationOf({ amount: entry.amount, writtenBy: BY_TRANSFER, relatedId: entry.transferId });
    const values = [
      ulid(), entry.caseId, entry.bankAccountId, entry.date, entry.type, entry.amount, entry.description, entry.referenceNumber, this.clock.now(),
      row.accountingCategory, row.relatedType, row.relatedId, row.writtenBy,
    ];
    return (await transactionRows(this.em, `${APPEND_TO_KEPT_LEDGER} returning id`, values)).length > 0;
  }
}
