import { RequestContext } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ClosureTransferOutcomes } from '@estate/closing';
import { AppConfig, CaseResource, CaseResourceReader, Clock, InjectResource, JobQueue, ResourceEvents, runAsSystem, subjectOf, UnitOfWork } from '@estate/shared-kernel';
import { Transfer } from '../domain/transfer';
import { AchNetwork, AchReturnNotice } from './ports/ach-network.port';
import { TransferRepository } from './ports/transfer-repository.port';
import { TransferMoney } from './transfer-money';
import { closureOutcomeOf } from './closure-outcomes';

export const ACH_RETURNS_QUEUE = 'ach-returns';
/** Polls for the return the network announced for one transfer, when it is due (a job per transfer at a time). */
export const ACH_RETURN_DUE_QUEUE = 'ach-return-due';
/** How often a due return not yet applied is polled for again: at least once a second (contract §8, test mode). */
const DUE_RETURN_POLL_MS = 1000;

interface ReturnDueJob {
  [key: string]: string;
  transferId: string;
}

/** Notices taken per poll; more wait for the next one. */
const PER_POLL = 200;

type Outcome = 'applied' | 'already_final' | 'not_yet';

/**
 * ACH returns as events the network reports at any time within the return window (R01 within two banking days, R10
 * and the other unauthorized-debit codes up to sixty days): a cron job of the queue asks the network every minute for
 * the returns it has reported (and a job per settled transfer asks when its announced return is due, `watch`),
 * applies each to its transfer in a transaction of its own (status `returned`, its code, the reversing ledger entries,
 * the audit event and the outbox event), and acknowledges it to the network once that has committed.
 * A transfer is kept when its case is deleted, so its return still lands. Running twice is harmless: a transfer
 * already returned is only acknowledged again; one not yet in transit waits for the next poll.
 */
@Injectable()
export class AchReturnIntake implements OnModuleInit {
  private readonly logger = new Logger('AchReturnIntake');

  constructor(
    private readonly uow: UnitOfWork,
    private readonly transfers: TransferRepository,
    private readonly money: TransferMoney,
    private readonly ach: AchNetwork,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    @InjectResource('transfer') private readonly resource: CaseResource<Transfer>,
    private readonly reader: CaseResourceReader,
    private readonly events: ResourceEvents,
    private readonly jobs: JobQueue,
    private readonly em: EntityManager,
    private readonly closures: ClosureTransferOutcomes,
  ) {}

  onModuleInit(): void {
    const enabled = this.config.transferProcessor === 'on';
    this.jobs.define({
      name: ACH_RETURNS_QUEUE,
      enabled,
      cron: '* * * * *',
      retryLimit: 1,
      retryDelaySeconds: 10,
      expireInSeconds: 120,
      handle: async () => void (await this.poll()),
    });
    this.jobs.define<ReturnDueJob>({
      name: ACH_RETURN_DUE_QUEUE,
      enabled,
      retryLimit: 3,
      retryDelaySeconds: 1,
      expireInSeconds: 120,
      batchSize: 20,
      handle: (job) => this.pollFor(job.transferId),
    });
  }

  /**
   * In the settling transaction: a poll right after the settlement commits, and then, while the network announces a
   * return of the transfer (a simulator's test value), at the moment it is due and at least once a second after that
   * until it has been applied (contract §8, test mode). A real network announces none: one poll, then the minute's.
   */
  async watch(transfer: Transfer): Promise<void> {
    await this.enqueueFor(transfer.id, this.clock.now());
  }

  /** Runs the due per-transfer polls now, in this process (tests and tools, with the processor off). */
  runDue(limit = 50): Promise<number> {
    return this.jobs.runDue(ACH_RETURN_DUE_QUEUE, limit);
  }

  private async pollFor(transferId: string): Promise<void> {
    await this.poll();
    const due = await this.ach.announcedReturnAt(transferId);
    if (!due) return;
    const now = this.clock.now().getTime();
    // Not due yet: when it is. Due and still not applied (the transfer not yet in transit): again within a second.
    const next = due.getTime() > now ? due : new Date(now + DUE_RETURN_POLL_MS);
    await RequestContext.create(this.em, () => this.uow.run(() => this.enqueueFor(transferId, next)));
  }

  private enqueueFor(transferId: string, startAfter: Date): Promise<void> {
    const job: ReturnDueJob = { transferId };
    return this.jobs.enqueue(ACH_RETURN_DUE_QUEUE, job, { startAfter, singletonKey: transferId });
  }

  /** One poll: every return reported so far (up to a batch), applied and acknowledged; answers how many were applied. */
  async poll(): Promise<number> {
    const notices = await this.ach.reportedReturns(PER_POLL);
    let applied = 0;
    for (const notice of notices) {
      const outcome = await RequestContext.create(this.em, () => runAsSystem('transfer_processor', () => this.apply(notice)));
      // After the commit, never before: a crash in between reports the return again, and it is then already applied.
      if (outcome !== 'not_yet') await this.ach.acknowledgeReturn(notice.transferId);
      if (outcome === 'applied') applied += 1;
    }
    return applied;
  }

  private apply(notice: AchReturnNotice): Promise<Outcome> {
    return this.uow.run(async (em) => {
      const transfer = await this.transfers.holdForStep(notice.transferId);
      if (!transfer) {
        this.logger.warn({ transferId: notice.transferId }, 'the network reported a return of a transfer this service does not know; acknowledged');
        return 'already_final';
      }
      if (transfer.status !== 'settled' && transfer.status !== 'in_transit') {
        // Accepted but not yet recorded as in transit: the next poll finds it moved on. Anything else is final already.
        return transfer.status === 'submitted' ? 'not_yet' : 'already_final';
      }
      const settled = transfer.status === 'settled';
      const before = this.reader.view(this.resource, transfer);
      const now = this.clock.now();
      // The money moves back first, while the transfer still says whether it was held; a shortfall is in its reason.
      const shortfall = settled ? await this.money.reverse(transfer, notice.returnCode, now) : null;
      transfer.returned(notice.returnCode, now, shortfall);
      if (!settled) await this.money.release(transfer);
      await this.transfers.save(transfer);
      await this.events.changed(em, subjectOf(this.resource, transfer), before, this.reader.view(this.resource, transfer));
      // A closure request that made the transfer has its deposit blocked with the return code (§15.1).
      const outcome = closureOutcomeOf(transfer);
      if (outcome) await this.closures.tell(outcome);
      return 'applied';
    });
  }
}
