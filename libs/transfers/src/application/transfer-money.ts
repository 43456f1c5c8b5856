import { Injectable } from '@nestjs/common';
import { BankAccounts, LedgerEntries } from '@estate/assets/ports';
import { newYorkDate } from '../domain/banking-days';
import type { Transfer } from '../domain/transfer';
import { releaseAccount } from './cancel-transfer.service';

/**
 * The money of a transfer on the two accounts, in the caller's transaction: its settlement and the reversal of a
 * return. Each writes one ledger entry per account and moves balances and the source's summary by the same amount.
 */
@Injectable()
export class TransferMoney {
  constructor(
    private readonly accounts: BankAccounts,
    private readonly ledger: LedgerEntries,
  ) {}

  /** Settlement: one transaction on each account, their balances, the source's summary; the source is free again. */
  async settle(transfer: Transfer, now: Date): Promise<void> {
    const amount = transfer.amountSettled ?? transfer.amountRequested;
    await this.post(transfer, transfer.bankAccountId, -amount, 'ach_debit', `Instant transfer to the estate account (trace ${transfer.traceNumber})`, now);
    await this.post(transfer, transfer.estateAccountId, amount, 'ach_credit', `Instant transfer from account of the deceased (trace ${transfer.traceNumber})`, now);
    await this.accounts.adjustBalances(transfer.caseId, transfer.bankAccountId, -amount);
    await this.accounts.adjustBalances(transfer.caseId, transfer.estateAccountId, amount);
    await this.accounts.recordSettledTransfer(transfer.caseId, transfer.bankAccountId, amount);
    await releaseAccount(this.accounts, transfer.caseId, transfer.bankAccountId, transfer.id);
  }

  /**
   * A return after settlement: compensating transactions move the money back (nothing is ever deleted). A return may
   * come weeks later, when an account (or the whole case) has been deleted since the transfer ended: such an account
   * keeps no ledger and no balance, so only the accounts still there are written; the transfer records the return.
   */
  async reverse(transfer: Transfer, now: Date): Promise<void> {
    const amount = transfer.amountSettled ?? transfer.amountRequested;
    const note = `ACH return ${transfer.returnCode} of instant transfer (trace ${transfer.traceNumber})`;
    // The ledgers are audit records, kept when an account is erased with its case: the entries land either way; the
    // balances exist only while the account does.
    await this.post(transfer, transfer.estateAccountId, -amount, 'ach_return', note, now);
    if (await this.accounts.ofCase(transfer.caseId, transfer.estateAccountId)) {
      await this.accounts.adjustBalances(transfer.caseId, transfer.estateAccountId, -amount);
    }
    await this.post(transfer, transfer.bankAccountId, amount, 'ach_return', note, now);
    if (await this.accounts.ofCase(transfer.caseId, transfer.bankAccountId)) {
      await this.accounts.adjustBalances(transfer.caseId, transfer.bankAccountId, amount);
      await this.accounts.recordSettledTransfer(transfer.caseId, transfer.bankAccountId, -amount);
    }
  }

  /** A return before settlement moved no money: the source is only freed. */
  release(transfer: Transfer): Promise<void> {
    return releaseAccount(this.accounts, transfer.caseId, transfer.bankAccountId, transfer.id);
  }

  private async post(transfer: Transfer, accountId: string, amount: number, type: string, description: string, now: Date): Promise<void> {
    // The assets context's ledger, through its port.
    await this.ledger.postTransferEntry({
      caseId: transfer.caseId,
      bankAccountId: accountId,
      date: newYorkDate(now),
      type,
      amount,
      description,
      referenceNumber: transfer.traceNumber,
      transferId: transfer.id,
    });
  }
}
