import { RequestContext } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { BankAccounts, BankAccountSnapshot } from '@estate/assets';
import { ClosureTransferOutcomes } from '@estate/closing';
import { AppConfig, CaseResource, CaseResourceReader, Clock, InjectResource, JobQueue, ResourceEvents, runAsSystem, subjectOf, UnitOfWork } from '@estate/shared-kernel';
import { expectedSettlementDate, traceNumber } from '../domain/banking-days';
import { Transfer } from '../domain/transfer';
import { AchAcceptance, AchEntry, AchNetwork } from './ports/ach-network.port';
import { TransferRepository } from './ports/transfer-repository.port';
import { TRANSFER_STEP_QUEUE, TransferStepJob, TransferStepQueue } from './transfer-step-queue';
import { TransferMoney } from './transfer-money';
import { closureOutcomeOf } from './closure-outcomes';
import { AchReturnIntake } from './ach-return-intake';
import { FundsHold } from './funds-hold';

/** The sweep re-enqueues a transfer whose step is this overdue and has no job (a deployment upgraded mid-flight). */
const SWEEP_GRACE_MS = 60_000;

/**
 * Moves transfers forward, one step per job of the `transfer-step` queue, each step in its own transaction with its
 * audit event: verification (or `rejected`), approval, submission (recorded, then told to the ACH network once that
 * has committed), in transit, settlement (both ledgers, balances, summary, the funds hold and the poll for a return);
 * returns come later, reported by the network (AchReturnIntake). A step holds the case row, then the transfer row (the service's lock order) and acts only if the
 * transfer is still in the status the job was enqueued for, so a job that runs twice takes its step once; the step schedules the next one in its own
 * transaction. A step that keeps failing is retried with backoff and then ends the transfer as `failed` with its reason,
 * the source account freed: one broken transfer delays nobody else's (the queue serves jobs, not the oldest rows).
 */
@Injectable()
export class TransferProcessor implements OnModuleInit {
  private readonly logger = new Logger('TransferProcessor');

  constructor(
    private readonly uow: UnitOfWork,
    private readonly transfers: TransferRepository,
    private readonly accounts: BankAccounts,
    private readonly money: TransferMoney,
    private readonly ach: AchNetwork,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    @InjectResource('transfer') private readonly resource: CaseResource<Transfer>,
    private readonly reader: CaseResourceReader,
    private readonly events: ResourceEvents,
    private readonly jobs: JobQueue,
    private readonly steps: TransferStepQueue,
    private readonly em: EntityManager,
    private readonly closures: ClosureTransferOutcomes,
    private readonly hold: FundsHold,
    private readonly returns: AchReturnIntake,
  ) {}

  onModuleInit(): void {
    const enabled = this.config.transferProcessor === 'on';
    this.jobs.define<TransferStepJob>({
      name: TRANSFER_STEP_QUEUE,
      enabled,
      retryLimit: this.config.transferStepRetries,
      retryDelaySeconds: 1,
      // A step takes milliseconds; a job still active after this belongs to a process that died and is run again.
      expireInSeconds: 15,
      batchSize: 20,
      handle: (job) => this.stepJob(job),
      onExhausted: (job, error) => this.failTransfer(job, error),
    });
    this.jobs.define({ name: 'transfer-sweep', enabled, cron: '* * * * *', retryLimit: 1, retryDelaySeconds: 10, expireInSeconds: 120, handle: () => this.sweep() });
  }

  /** Takes the due step of every transfer once (at most `limit`); answers how many jobs ran. Tests step with it. */
  runOnce(limit = 50): Promise<number> {
    return this.jobs.runDue(TRANSFER_STEP_QUEUE, limit);
  }

  /** Runs passes until nothing is due (tests, with zero delays). */
  async drain(maxPasses = 100): Promise<void> {
    for (let pass = 0; pass < maxPasses; pass++) if ((await this.runOnce()) === 0) return;
  }

  private stepJob(job: TransferStepJob): Promise<void> {
    return RequestContext.create(this.em, () =>
      runAsSystem('transfer_processor', async () => {
        const acceptance = job.status === 'submitted' ? await this.tellNetwork(job) : null;
        await this.step(job, acceptance);
      }),
    );
  }

  private step(job: TransferStepJob, acceptance: AchAcceptance | null): Promise<boolean> {
    return this.uow.run(async (em) => {
      const transfer = await this.transfers.holdForStep(job.transferId);
      // Gone, moved on by a run of this job that committed, or cancelled meanwhile: nothing to do.
      if (!transfer || transfer.status !== job.status || transfer.nextStepAt === null) return false;
      const now = this.clock.now();
      const before = this.reader.view(this.resource, transfer);
      await this.advance(transfer, now, acceptance);
      await this.transfers.save(transfer);
      // Each move is told as transfer.status_changed, like a cancellation through the API (contract §14.1).
      await this.events.changed(em, subjectOf(this.resource, transfer), before, this.reader.view(this.resource, transfer));
      await this.steps.scheduleNext(transfer);
      if (job.status === 'in_transit' && transfer.status === 'settled') {
        // The hold's end, and the poll for a return the network may have announced (contract §8).
        await this.hold.schedule(transfer);
        await this.returns.watch(transfer);
      }
      // Settled or rejected: a closure request that made the transfer hears of it in this transaction (§15.1).
      const outcome = transfer.status !== job.status ? closureOutcomeOf(transfer) : null;
      if (outcome) await this.closures.tell(outcome);
      return true;
    });
  }

  /** The step failed on every try: the transfer ends `failed` (visible, told as an event), its source account freed. */
  private failTransfer(job: TransferStepJob, error: string): Promise<void> {
    return RequestContext.create(this.em, () =>
      runAsSystem('transfer_processor', () =>
        this.uow.run(async (em) => {
          const transfer = await this.transfers.holdForStep(job.transferId);
          if (!transfer || transfer.status !== job.status || !transfer.can('fail')) {
            if (transfer && transfer.status === job.status) {
              transfer.nextStepAt = null; // settled (a job of an earlier version): the transfer stays settled
              await this.transfers.save(transfer);
            }
            return;
          }
          this.logger.error({ transferId: transfer.id, status: transfer.status, err: { message: error } }, 'transfer step failed on every try; transfer failed');
          const before = this.reader.view(this.resource, transfer);
          transfer.fail(`processing stopped: the ${transfer.status} step failed ${this.config.transferStepRetries + 1} times`, this.clock.now());
          await this.money.release(transfer);
          await this.transfers.save(transfer);
          await this.events.changed(em, subjectOf(this.resource, transfer), before, this.reader.view(this.resource, transfer));
          const outcome = closureOutcomeOf(transfer);
          if (outcome) await this.closures.tell(outcome);
        }),
      ),
    );
  }

  /** Safety net: a transfer overdue with no job waiting (one lost, or from before the queue) gets its step enqueued. */
  private async sweep(): Promise<void> {
    const overdue = await RequestContext.create(this.em, () => this.transfers.overdue(new Date(this.clock.now().getTime() - SWEEP_GRACE_MS), 500));
    const live = await this.jobs.liveKeys(TRANSFER_STEP_QUEUE, overdue.map((transfer) => transfer.id));
    const missing = overdue.filter((transfer) => !live.has(transfer.id));
    if (missing.length === 0) return;
    await this.uow.run(async () => {
      for (const transfer of missing) {
        const job: TransferStepJob = { transferId: transfer.id, status: transfer.status };
        await this.jobs.enqueue(TRANSFER_STEP_QUEUE, job, { singletonKey: transfer.id });
      }
    });
    this.logger.warn({ count: missing.length }, 'overdue transfers had no step job; enqueued');
  }

  private async advance(transfer: Transfer, now: Date, acceptance: AchAcceptance | null): Promise<void> {
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
          await this.money.release(transfer);
        } else {
          transfer.approve(now);
        }
        return;
      }
      case 'approved': {
        // The intent only: the network hears of it once this commits (the `submitted` step, `tellNetwork`).
        const trace = traceNumber(this.ach.originatorRoutingPrefix(), await this.transfers.nextTraceSequence());
        transfer.submit(trace, expectedSettlementDate(now), now);
        return;
      }
      case 'submitted':
        if (!acceptance) throw new Error('the ACH network has not accepted the entry');
        transfer.markInTransit(now, acceptance.traceNumber);
        return;
      case 'in_transit':
        transfer.settle(now, this.hold.availableAt(transfer, now));
        await this.money.settle(transfer, now);
        // Settled is where the processor stops: a return is reported by the network later (AchReturnIntake).
        transfer.nextStepAt = null;
        return;
      default:
        // Final, or settled (a job left by an earlier version): nothing to do; never claimed again.
        transfer.nextStepAt = null;
    }
  }

  /**
   * The `submitted` step's call to the network: made after the commit that recorded the submission and in no
   * transaction, with the transfer's id as the idempotency key. A process that dies after the network accepted and
   * before the step commits leaves the job to run again, and the same call gets the first acceptance back.
   */
  private async tellNetwork(job: TransferStepJob): Promise<AchAcceptance | null> {
    const entry = await this.uow.run(async () => {
      const transfer = await this.transfers.byId(job.transferId);
      if (!transfer || transfer.status !== 'submitted' || transfer.nextStepAt === null) return null;
      const source = await this.accounts.ofCase(transfer.caseId, transfer.bankAccountId);
      // The source cannot be deleted while the transfer is active; if it were, the step fails and is retried.
      if (!source) throw new Error('the source account of a submitted transfer no longer exists');
      return this.entryOf(transfer, source);
    });
    return entry ? this.ach.submit(entry) : null;
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
