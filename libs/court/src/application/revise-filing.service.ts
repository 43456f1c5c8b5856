import { Injectable } from '@nestjs/common';
import { AggregateWrites, CaseResource, InjectResource, JsonObject, mergedPatch, PatchUseCase, SingleResource } from '@estate/shared-kernel';
import type { Filing, FilingFields } from '../domain/filing';
import { FilingReferences } from './filing-references';
import { ProbateCaseStates } from './ports/probate-case-states.port';

/** Merge patch of a filing: an edit, or a move of its status (§10.2's list; any other move is 422 on `status`). */
@Injectable()
export class ReviseFiling implements PatchUseCase {
  constructor(
    @InjectResource('filing') private readonly filings: CaseResource<Filing>,
    private readonly writes: AggregateWrites,
    private readonly probateCases: ProbateCaseStates,
    private readonly references: FilingReferences,
  ) {}

  execute(scope: { caseId: string }, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.writes.change(this.filings, scope, id, ifMatch, async (filing, clock) => {
      // A filing always has a status: a merge patch's null may not clear it.
      const { document, fields } = await mergedPatch<FilingFields>(this.filings, filing, patch, { notNull: ['status'] });
      // A probate case with filings cannot be deleted, so a filing's case always has one.
      const state = (await this.probateCases.stateOf(scope.caseId)) ?? '';
      await this.references.check(scope.caseId, state, document);
      filing.revise(fields, clock.now(), clock.today());
    });
  }
}
