import { Get, Inject, Req } from '@nestjs/common';
import { ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiData, ApiErrors, CaseResourceController, ForeignCase, SingleResource } from '@estate/shared-kernel';
import { EmailReceipts } from '../application/email-receipts';
import { emailResource } from '../resources/email.resource';
import { EmailReceiptView } from './dto/email.dto';

const ULID_PATTERN = '^[0-9A-HJKMNP-TV-Z]{26}$';

/** Emails: the standard routes, and `#26` the delivery receipt. */
export class EmailsController extends CaseResourceController(emailResource) {
  @Inject(EmailReceipts) private readonly receipts: EmailReceipts;

  @Get(':email_id/receipt')
  @ForeignCase('not_found')
  @ApiParam({ name: 'case_id', description: 'the case', schema: { type: 'string', pattern: ULID_PATTERN } })
  @ApiParam({ name: 'email_id', description: 'the email', schema: { type: 'string', pattern: ULID_PATTERN } })
  @ApiOperation({
    summary: 'Read the delivery receipt of an email',
    description:
      'The receipt exists from the moment the email is created (`queued`; `provider`, `message_id` and the times null until the provider reports them) and is advanced by the email provider in the background.',
  })
  @ApiData(EmailReceiptView)
  @ApiErrors(404)
  async receipt(@Req() req: Request): Promise<SingleResource> {
    return this.receipts.read(await this.scope(req), (req.params as Record<string, string>).email_id);
  }
}
