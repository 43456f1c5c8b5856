import { CaseResource, CreateUseCase, JsonObject, RecordWriter, SingleResource } from '@estate/shared-kernel';
import type { Email } from '../domain/email';
import { CommsConfig } from './comms-config';

/**
 * `POST …/emails`: stores the email `queued` with its receipt (contract §3.2); `from` defaults to the service's sending
 * address. Nothing is sent here: the delivery processor hands it to the email-provider port in the background.
 */
export class CreateEmail implements CreateUseCase {
  constructor(
    private readonly resource: CaseResource<Email>,
    private readonly writer: RecordWriter,
    private readonly config: CommsConfig,
  ) {}

  execute(scope: { caseId: string } & Record<string, string>, body: JsonObject): Promise<SingleResource> {
    const from = body.from ?? this.config.senderAddress;
    return this.writer.create(this.resource, scope, { ...body, from });
  }
}
