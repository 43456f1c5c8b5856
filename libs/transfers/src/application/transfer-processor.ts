import { RequestContext } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { BankAccounts, BankAccountSnapshot, LedgerEntries } from '@estate/assets/ports';
import { AppConfig, CaseResourceReader, Clock, ResourceEvents, runAsSystem, subjectOf, UnitOfWork } from '@estate/shared-kernel';
import { TransferResources } from './transfer-resources';
import { expectedSettlementDate, newYorkDate, traceNumber } from '../domain/banking-days';
import { Transfer } from '../domain/transfer';
import { AchEntry, AchNetwork } from './ports/ach-network.port';
import { DueTransfer, TransferRepository } from './ports/transfer-repository.port';
import { releaseAccount } from './cancel-transfer.service';

/**
 * Moves transfers forward, one step per claim, each step in its own transaction with its audit event: verification
 * (or `rejected`), approval, submission to the ACH network, in transit, settlement (both ledgers, balances, summary)
 * and a return after settlement when the network returns the entry. Claims follow the service's lock order (the case
 * row, then the transfer row, both `SKIP LOCKED`): several processes run side by side and never take one step twice,
 * and a crash rolls back the step in progress, which the next claim takes again (the state lives in the database).
 */
@Injectable()
export class TransferProcessor {
  private readonly logger = new Logger('TransferProcessor');

  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly transfers: TransferRepository,
    private readonly accounts: BankAccounts,
    private readonly ledger: LedgerEntries,
    private readonly ach: AchNetwork,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly resources: TransferResources,
    private readonly reader: CaseResourceReader,
    private readonly events: ResourceEvents,
  ) {}

  /** One pass over the due transfers (at most `limit`); answers how many steps were taken. */
  async runOnce(limit = 50): Promise<number> {
    const candidates = await RequestContext.create(this.em, () => this.transfers.dueCandidates(this.clock.now(), limit));
    let steps = 0;
    for (const candidate of candidates) {
      try {
        if (await RequestContext.create(this.em, () => runAsSystem('transfer_processor', () => this.step(candidate)))) steps += 1;
      } catch (error) {
        this.logger.warn({ err: error, transferId: candidate.id }, 'transfer step failed; retried at the next pass');
      }
    }
    return steps;
  }

  /** Runs passes until nothing is due (tests, with zero delays). */
  async drain(maxPasses = 100): Promise<void> {
    for (let pass = 0; pass < maxPasses; pass++) if ((await this.runOnce()) === 0) return;
  }

  private step(candidate: DueTransfer): Promise<boolean> {
    return this.uow.run(async (em) => {
      const now = this.clock.now();
      const transfer = await this.transfers.claim(candidate, now);
      if (!transfer) return false;
      const before = this.reader.view(this.resources.transfers, transfer);
      await this.advance(transfer, now);
      await this.transfers.save(transfer);
      // Each move is told as transfer.status_changed, like a cancellation through the API (contract §14.1).
      await this.events.changed(em, subjectOf(this.resources.transfers, transfer), before, this.reader.view(this.resources.transfers, transfer));
      return true;
    });
  }

  private async advance(transfer: Transfer, now: Date): Promise<void> {
    const next = new Date(now.getTime() + this.config.transferStepDelayMs);
    transfer.nextStepAt = next;
    switch (transfer.status) {
      case 'requested':
        transfer.startVerification(now);
        return;
      case 'verifying': {
        const problem = await this.verificationProblem(transfer);
        if (problem) {
          transfer.reject(problem, now);
          await releaseAccount(this.accounts, transfer.caseId, transfer.bankAccountId, transfer.id);
        } else {
          transfer.approve(now);
        }
        return;
      }
      case 'approved': {
        const source = await this.accounts.ofCase(transfer.caseId, transfer.bankAccountId);
        const trace = traceNumber(this.ach.originatorRoutingPrefix(), await this.transfers.nextTraceSequence());
        transfer.submit(trace, expectedSettlementDate(now), now);
        if (source) await this.ach.submit(this.entryOf(transfer, source));
        return;
      }
      case 'submitted':
        transfer.markInTransit(now);
        return;
      case 'in_transit':
        transfer.settle(now);
        await this.settle(transfer, now);
        return;
      case 'settled': {
        const source = await this.accounts.ofCase(transfer.caseId, transfer.bankAccountId);
        const code = source ? await this.ach.returnCodeOf(this.entryOf(transfer, source)) : null;
        if (code === null) {
          transfer.nextStepAt = null;
          return;
        }
        transfer.returned(code, now);
        await this.compensate(transfer, now);
        return;
      }
      default:
        // Final: nothing to do; never claimed again.
        transfer.nextStepAt = null;
    }
  }

  /** Verification: the source is still an open, eligible account (authority included) and the estate account exists. */
  private async verificationProblem(transfer: Transfer): Promise<string | null> {
    const source = await this.accounts.ofCase(transfer.caseId, transfer.bankAccountId);
    if (!source) return 'the source account no longer exists';
    if (source.status !== 'open') return `the source account is ${source.status}`;
    if (source.instantTransfer.eligibility !== 'eligible') return 'the source account is no longer eligible (account or case authority)';
    const estate = await this.accounts.ofCase(transfer.caseId, transfer.estateAccountId);
    if (!estate || !estate.isEstateAccount) return 'the estate account no longer exists';
    return null;
  }

  /** Settlement: one transaction on each account, their balances, the source's summary; the source is free again. */
  private async settle(transfer: Transfer, now: Date): Promise<void> {
    const amount = transfer.amountSettled ?? transfer.amountRequested;
    await this.post(transfer, transfer.bankAccountId, -amount, 'ach_debit', `Instant transfer to the estate account (trace ${transfer.traceNumber})`, now);
    await this.post(transfer, transfer.estateAccountId, amount, 'ach_credit', `Instant transfer from account of the deceased (trace ${transfer.traceNumber})`, now);
    await this.accounts.adjustBalances(transfer.caseId, transfer.bankAccountId, -amount);
    await this.accounts.adjustBalances(transfer.caseId, transfer.estateAccountId, amount);
    await this.accounts.recordSettledTransfer(transfer.caseId, transfer.bankAccountId, amount);
    await releaseAccount(this.accounts, transfer.caseId, transfer.bankAccountId, transfer.id);
  }

  /** A return after settlement: compensating transactions move the money back (nothing is ever deleted). */
  private async compensate(transfer: Transfer, now: Date): Promise<void> {
    const amount = transfer.amountSettled ?? transfer.amountRequested;
    const note = `ACH return ${transfer.returnCode} of instant transfer (trace ${transfer.traceNumber})`;
    await this.post(transfer, transfer.estateAccountId, -amount, 'ach_return', note, now);
    await this.post(transfer, transfer.bankAccountId, amount, 'ach_return', note, now);
    await this.accounts.adjustBalances(transfer.caseId, transfer.estateAccountId, -amount);
    await this.accounts.adjustBalances(transfer.caseId, transfer.bankAccountId, amount);
    await this.accounts.recordSettledTransfer(transfer.caseId, transfer.bankAccountId, -amount);
  }

  private async post(transfer: Transfer, accountId: string, amount: number, type: string, description: string, now: Date): Promise<void> {
    // The assets context's ledger, through its port (an account deleted since keeps no ledger: nothing is written).
    await this.ledger.postTransferEntry({
      caseId: transfer.caseId,
      bankAccountId: accountId,
      date: newYorkDate(now),
      type,
      amount,
      description,
      referenceNumber: transfer.traceNumber,
    });
  }

  private entryOf(transfer: Transfer, source: BankAccountSnapshot): AchEntry {
    return {
      transferId: transfer.id,
      traceNumber: transfer.traceNumber ?? '',
      amount: transfer.amountRequested,
      sourceAccountNumber: source.accountNumber,
      sourceRoutingNumber: source.institutionRoutingNumber,
    };
  }
}
