import { Injectable } from '@nestjs/common';
import { CaseRecord, CaseResource, CaseResourceReader, InjectResource, JsonObject, PatchUseCase, RecordWriter, SingleResource, UnitOfWork } from '@estate/shared-kernel';
import { SummarizedState, summaryNeedOnPatch } from '../domain/call-summary-rule';
import { CallSummarizer } from './ports/call-summarizer.port';
import { withGeneratedSummary } from './generated-summary';

/**
 * `PATCH …/phone-calls/{call_id}` (merge patch): what to generate depends on the call as it stands, so the call is
 * read under the case lock, the port fills the patch, and the generic writer applies it in the same transaction.
 */
@Injectable()
export class PatchPhoneCall implements PatchUseCase {
  constructor(
    @InjectResource('phone call') private readonly resource: CaseResource<CaseRecord & SummarizedState>,
    private readonly writer: RecordWriter,
    private readonly reader: CaseResourceReader,
    private readonly uow: UnitOfWork,
    private readonly summarizer: CallSummarizer,
  ) {}

  execute(scope: { caseId: string } & Record<string, string>, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.uow.run(
      async () => {
        const current = await this.reader.load(this.resource, scope, id);
        const need = summaryNeedOnPatch(current, patch);
        const filled = need ? await withGeneratedSummary(patch, need, this.summarizer) : patch;
        return this.writer.patch(this.resource, scope, id, filled, ifMatch);
      },
      { caseId: scope.caseId },
    );
  }
}
