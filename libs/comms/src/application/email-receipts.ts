import { Injectable } from '@nestjs/common';
import { CaseResource, CaseResourceReader, etagOfVersion, InjectResource, SingleResource } from '@estate/shared-kernel';
import { EmailDelivery, receiptOf } from '../domain/email';

/** `#26`: the delivery receipt of an email of the case, with an ETag that changes as the provider advances it. */
@Injectable()
export class EmailReceipts {
  constructor(
    @InjectResource('email') private readonly resource: CaseResource<EmailDelivery>,
    private readonly reader: CaseResourceReader,
  ) {}

  async read(scope: { caseId: string } & Record<string, string>, emailId: string): Promise<SingleResource> {
    const email = await this.reader.fields(this.resource, scope, emailId);
    return new SingleResource(receiptOf(email), etagOfVersion('email receipt', email.id, email.version));
  }
}
