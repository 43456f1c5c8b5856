import { Injectable } from '@nestjs/common';
import { CaseResource, CreateUseCase, InjectResource, JsonObject, RecordWriter, SingleResource } from '@estate/shared-kernel';
import { summaryNeedOnCreate } from '../domain/call-summary-rule';
import { CallSummarizer } from './ports/call-summarizer.port';
import { withGeneratedSummary } from './generated-summary';

/**
 * `POST …/phone-calls`: a plain record written by the kernel's generic writer, after the call-summary port filled
 * what the client left to it (call-summary-rule.ts). The summariser runs before the transaction opens, so a slower
 * adapter (a hosted model) never holds the case lock while it thinks.
 */
@Injectable()
export class CreatePhoneCall implements CreateUseCase {
  constructor(
    @InjectResource('phone call') private readonly resource: CaseResource,
    private readonly writer: RecordWriter,
    private readonly summarizer: CallSummarizer,
  ) {}

  async execute(scope: { caseId: string } & Record<string, string>, body: JsonObject): Promise<SingleResource> {
    const need = summaryNeedOnCreate(body);
    const filled = need ? await withGeneratedSummary(body, need, this.summarizer) : body;
    return this.writer.create(this.resource, scope, filled);
  }
}
