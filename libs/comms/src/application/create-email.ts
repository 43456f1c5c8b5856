import { Injectable } from '@nestjs/common';
import { CaseResource, Clock, CreateUseCase, InjectResource, JsonObject, RecordWriter, SingleResource, UnitOfWork } from '@estate/shared-kernel';
import type { EmailDelivery } from '../domain/email';
import { CommsConfig } from './comms-config';
import { EmailDeliveryProcessor } from './email-delivery-processor';

/**
 * `POST …/emails`: stores the email `queued` with its receipt (contract §3.2); `from` defaults to the service's sending
 * address. Nothing is sent here: the email's first delivery step is a job, enqueued in the same transaction, that hands
 * it to the email-provider port in the background.
 */
@Injectable()
export class CreateEmail implements CreateUseCase {
  constructor(
    @InjectResource('email') private readonly resource: CaseResource<EmailDelivery>,
    private readonly writer: RecordWriter,
    private readonly config: CommsConfig,
    private readonly uow: UnitOfWork,
    private readonly delivery: EmailDeliveryProcessor,
    private readonly clock: Clock,
  ) {}

  execute(scope: { caseId: string } & Record<string, string>, body: JsonObject): Promise<SingleResource> {
    const from = body.from ?? this.config.senderAddress;
    return this.uow.run(
      async () => {
        const created = await this.writer.create(this.resource, scope, { ...body, from });
        await this.delivery.scheduleFirst({ id: (created.data as { id: string }).id }, this.clock.now());
        return created;
      },
      { caseId: scope.caseId },
    );
  }
}
