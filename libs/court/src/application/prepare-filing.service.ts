import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { AggregateWrites, CaseResource, ConflictError, CreateUseCase, InjectResource, JsonObject, SingleResource, writableFieldsOf } from '@estate/shared-kernel';
import { Filing, FilingFields } from '../domain/filing';
import { FilingReferences } from './filing-references';
import { ProbateCaseStates } from './ports/probate-case-states.port';

/** `POST …/probate/filings` (contract-extensions §10.2): a filing of the case's probate case; none → `409 probate_case_required`. */
@Injectable()
export class PrepareFiling implements CreateUseCase {
  constructor(
    @InjectResource('filing') private readonly filings: CaseResource<Filing>,
    private readonly writes: AggregateWrites,
    private readonly probateCases: ProbateCaseStates,
    private readonly references: FilingReferences,
  ) {}

  execute(scope: { caseId: string }, body: JsonObject): Promise<SingleResource> {
    return this.writes.add(this.filings, scope, async (clock) => {
      const state = await this.probateCases.stateOf(scope.caseId);
      if (state === null) {
        throw new ConflictError('probate_case_required', 'The case has no probate case; create it first (PUT /v1/cases/{case_id}/probate).');
      }
      await this.references.check(scope.caseId, state, body);
      return Filing.prepare(ulid(), scope.caseId, writableFieldsOf<FilingFields>(this.filings, body), clock.now(), clock.today());
    });
  }
}
