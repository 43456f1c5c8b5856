import { Injectable } from '@nestjs/common';
import { JobQueue } from '@estate/shared-kernel';

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';

/** A delivery job names its delivery row; the row (status, attempts, lease, next attempt) stays the truth. */
export interface DeliveryJob {
  [key: string]: string;
  deliveryId: string;
}

/** Enqueues the attempt of deliveries in the transaction that wrote (or re-scheduled) them: one waiting job each. */
@Injectable()
export class DeliveryQueue {
  constructor(private readonly jobs: JobQueue) {}

  enqueue(deliveryIds: readonly string[], startAfter?: Date): Promise<void> {
    return this.jobs.enqueueMany(
      WEBHOOK_DELIVERY_QUEUE,
      deliveryIds.map((deliveryId) => ({ data: { deliveryId } satisfies DeliveryJob, singletonKey: deliveryId, startAfter })),
    );
  }
}
