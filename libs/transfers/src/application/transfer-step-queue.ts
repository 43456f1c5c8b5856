import { Injectable } from '@nestjs/common';
import { JobQueue } from '@estate/shared-kernel';
import type { Transfer } from '../domain/transfer';

export const TRANSFER_STEP_QUEUE = 'transfer-step';

/** The data of a step job: which transfer, and the status the step starts from (a second run of it is then a no-op). */
export interface TransferStepJob {
  [key: string]: string;
  transferId: string;
  status: string;
}

/**
 * Schedules a transfer's next step as a job, in the transaction that set it (`nextStepAt`): requested, each step
 * taken, nothing once the transfer is final. One job waits per transfer at a time (the queue's singleton key).
 */
@Injectable()
export class TransferStepQueue {
  constructor(private readonly jobs: JobQueue) {}

  async scheduleNext(transfer: Transfer): Promise<void> {
    if (transfer.nextStepAt === null) return;
    const job: TransferStepJob = { transferId: transfer.id, status: transfer.status };
    await this.jobs.enqueue(TRANSFER_STEP_QUEUE, job, { startAfter: transfer.nextStepAt, singletonKey: transfer.id });
  }
}
