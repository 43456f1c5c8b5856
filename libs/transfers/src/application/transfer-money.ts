import { Injectable } from '@nestjs/common';
import { AccountBalances, BankAccounts, LedgerEntries } from '@estate/assets';
import { newYorkDate } from '../domain/banking-days';
import type { Transfer } from '../domain/transfer';
import { releaseAccount } from './cancel-transfer.service';

/** What a late return left the estate account short by, in the API's words; null when it is not below zero. */
function shortfallOf(after: AccountBalances): string | null {
  const lowest = Math.min(after.currentBalance ?? 0, after.availableBalance ?? 0);
  if (lowest >= 0) return null;
  return `returned after its money was made available; the estate account is overdrawn by ${(-lowest).toFixed(2)}`;
}

/**
 * The money of a transfer on the two accounts, in the caller's transaction: its settlement, the release of its funds
 * hold and the reversal of a return. Each writes one ledger entry per account and moves balances and the source's
 * summary by the same amount.
 */
@Injectable()
export class TransferMoney {
  constructor(
    private readonly accounts: BankAccounts,
    private readonly ledger: LedgerEntries,
  ) {}

  /**
   * Settlement: one transaction on each account, their balances, the source's summary; the source is free again. The
   * estate account's `current_balance` rises at once, its `available_balance` only when the hold ends (contract §8):
   * now, for a hold of zero length; else when the release job runs (`releaseHold`).
   */
  async settle(transfer: Transfer, now: Date): Promise<void> {
    const amount = transfer.amountSettled ?? transfer.amountRequested;
    await this.post(transfer, transfer.bankAccountId, -amount, 'ach_debit', `Instant transfer to the estate account (trace ${transfer.traceNumber})`, now);
    await this.post(transfer, transfer.estateAccountId, amount, 'ach_credit', `Instant transfer from account of the deceased (trace ${transfer.traceNumber})`, now);
    await this.accounts.adjustBalances(transfer.caseId, transfer.bankAccountId, -amount);
    await this.accounts.adjustBalances(transfer.caseId, transfer.estateAccountId, amount, transfer.fundsHeld() ? 0 : amount);
    await this.accounts.recordSettledTransfer(transfer.caseId, transfer.bankAccountId, amount);
    await releaseAccount(this.accounts, transfer.caseId, transfer.bankAccountId, transfer.id);
  }

  /** The hold is over (the transfer says so, `releaseFunds`): the money is available in the estate account, if it is still there. */
  async releaseHold(transfer: Transfer): Promise<void> {
    if (!(await this.accounts.ofCase(transfer.caseId, transfer.estateAccountId))) return;
    await this.accounts.adjustBalances(transfer.caseId, transfer.estateAccountId, 0, transfer.amountSettled ?? transfer.amountRequested);
  }

  /**
   * A return after settlement, before the transfer records it (`Transfer.returned`): compensating transactions move
   * the money back (nothing is ever deleted). Money still held leaves `current_balance` only: it never was available.
   * Money already released leaves both; if that takes the estate account below zero (it was spent), the return is
   * applied all the same and its ledger entry says so; the answer, for the transfer's reason, says it too. A return may
   * come weeks later, when an account (or the whole case) has been deleted since the transfer ended: such an account
   * keeps no ledger and no balance, so only the accounts still there are written; the transfer records the return.
   */
  async reverse(transfer: Transfer, code: string, now: Date): Promise<string | null> {
    const amount = transfer.amountSettled ?? transfer.amountRequested;
    const note = `ACH return ${code} of instant transfer (trace ${transfer.traceNumber})`;
    let shortfall: string | null = null;
    // The ledgers are audit records, kept when an account is erased with its case: the entries land either way; the
    // balances exist only while the account does.
    if (await this.accounts.ofCase(transfer.caseId, transfer.estateAccountId)) {
      const held = transfer.fundsHeld();
      const after = await this.accounts.adjustBalances(transfer.caseId, transfer.estateAccountId, -amount, held ? 0 : -amount);
      if (!held) shortfall = shortfallOf(after);
    }
    await this.post(transfer, transfer.estateAccountId, -amount, 'ach_return', shortfall ? `${note}: ${shortfall}` : note, now);
    await this.post(transfer, transfer.bankAccountId, amount, 'ach_return', note, now);
    if (await this.accounts.ofCase(transfer.caseId, transfer.bankAccountId)) {
      await this.accounts.adjustBalances(transfer.caseId, transfer.bankAccountId, amount);
      await this.accounts.recordSettledTransfer(transfer.caseId, transfer.bankAccountId, -amount);
    }
    return shortfall;
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
