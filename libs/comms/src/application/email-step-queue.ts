import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { JobQueue } from '@estate/shared-kernel';
import { CommsConfig } from './comms-config';

export const EMAIL_STEP_QUEUE = 'email-step';

/** A delivery step's job: the email, and the status the step starts from (a second run of it is then a no-op). */
export interface EmailStepJob {
  [key: string]: string;
  emailId: string;
  status: string;
}

/**
 * Schedules an email's next delivery step as a job, in the transaction that queued the email or took its last step:
 * `PROVIDER_STEP_DELAY_MS` after that step, or at the time the provider's back-off set. One job waits per email.
 */
@Injectable()
export class EmailStepQueue {
  constructor(
    private readonly jobs: JobQueue,
    private readonly config: CommsConfig,
  ) {}

  schedule(em: EntityManager, email: { id: string; status: string }, now: Date, notBefore?: Date): Promise<void> {
    const afterDelay = now.getTime() + this.config.stepDelayMs;
    const startAfter = new Date(Math.max(afterDelay, notBefore?.getTime() ?? 0));
    const job: EmailStepJob = { emailId: email.id, status: email.status };
    return this.jobs.enqueue(em, EMAIL_STEP_QUEUE, job, { startAfter, singletonKey: email.id });
  }
}
