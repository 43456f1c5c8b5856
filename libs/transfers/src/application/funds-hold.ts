import { RequestContext } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { AppConfig, Clock, JobQueue, runAsSystem, UnitOfWork } from '@estate/shared-kernel';
import { fundsAvailableAt } from '../domain/funds-hold';
import type { Transfer } from '../domain/transfer';
import { FundsHoldSettings } from './funds-hold-settings';
import { AchNetwork } from './ports/ach-network.port';
import { TransferRepository } from './ports/transfer-repository.port';
import { TransferMoney } from './transfer-money';

export const FUNDS_RELEASE_QUEUE = 'transfer-funds-release';

/** A release job names its transfer only: the transfer row says whether, and from when, its money is held. */
export interface FundsReleaseJob {
  [key: string]: string;
  transferId: string;
}

/** A release that found a return still coming looks again this long after the return is due. */
const RECHECK_AFTER_RETURN_MS = 1000;

/**
 * The funds hold of contract §8: money that can still come back is not available. A settled transfer raises the estate
 * account's `current_balance` at once and its `available_balance` from `funds_available_at`, when the return window
 * has passed (`TRANSFER_FUNDS_HOLD_BANKING_DAYS` banking days after settlement; in test mode the network's return
 * delay). The settling transaction enqueues a release job for that moment; the job raises `available_balance` once
 * (a second run, or one after a return, finds nothing held and does nothing). While the network still means to return
 * the transfer (a simulator's announced return not yet applied) the money stays held, whatever the clock says.
 */
@Injectable()
export class FundsHold implements OnModuleInit {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly transfers: TransferRepository,
    private readonly money: TransferMoney,
    private readonly ach: AchNetwork,
    private readonly settings: FundsHoldSettings,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly em: EntityManager,
  ) {}

  onModuleInit(): void {
    this.jobs.define<FundsReleaseJob>({
      name: FUNDS_RELEASE_QUEUE,
      enabled: this.config.transferProcessor === 'on',
      retryLimit: this.config.transferStepRetries,
      retryDelaySeconds: 1,
      expireInSeconds: 15,
      batchSize: 20,
      handle: (job) => this.release(job),
    });
  }

  /** When the money of a transfer settling at `settledAt` becomes available. */
  availableAt(transfer: Transfer, settledAt: Date): Date {
    return fundsAvailableAt(settledAt, transfer.expectedSettlementDate, { returnWindowMs: this.ach.returnWindowMs(), bankingDays: this.settings.bankingDays });
  }

  /** In the settling transaction: the job that ends the hold (none when the hold had no length). */
  async schedule(transfer: Transfer): Promise<void> {
    if (!transfer.fundsHeld()) return;
    await this.enqueue(transfer.id, transfer.fundsAvailableAt!);
  }

  /** Runs the due release jobs now, in this process (tests and tools, with the processor off); answers how many ran. */
  runDue(limit = 50): Promise<number> {
    return this.jobs.runDue(FUNDS_RELEASE_QUEUE, limit);
  }

  private release(job: FundsReleaseJob): Promise<void> {
    return RequestContext.create(this.em, () =>
      runAsSystem('transfer_processor', async () => {
        // Asked outside the transaction: the network is another system.
        const announced = await this.ach.announcedReturnAt(job.transferId);
        await this.uow.run(async () => {
          const transfer = await this.transfers.holdForStep(job.transferId);
          // Returned, released by an earlier run, or never held: nothing to do.
          if (!transfer || !transfer.fundsHeld()) return;
          const now = this.clock.now();
          if (announced) {
            const due = Math.max(announced.getTime(), now.getTime());
            await this.enqueue(transfer.id, new Date(due + RECHECK_AFTER_RETURN_MS));
            return;
          }
          // Early (a clock behind the queue's): again when the hold ends.
          if (!transfer.releaseFunds(now)) return this.enqueue(transfer.id, transfer.fundsAvailableAt!);
          await this.money.releaseHold(transfer);
          await this.transfers.save(transfer);
        });
      }),
    );
  }

  private enqueue(transferId: string, startAfter: Date): Promise<void> {
    const job: FundsReleaseJob = { transferId };
    return this.jobs.enqueue(FUNDS_RELEASE_QUEUE, job, { startAfter, singletonKey: transferId });
  }
}
