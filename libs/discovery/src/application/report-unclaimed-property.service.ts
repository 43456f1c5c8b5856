import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { AggregateWrites, CaseResource, CreateUseCase, InjectResource, JsonObject, SingleResource, writableFieldsOf } from '@estate/shared-kernel';
import { UnclaimedProperty, UnclaimedPropertyFields } from '../domain/unclaimed-property';
import { UnclaimedPropertyReferences } from './unclaimed-property-references';

/** `POST …/unclaimed-property` (contract-extensions §12.5): property found, `discovered` unless its claim is under way. */
@Injectable()
export class ReportUnclaimedProperty implements CreateUseCase {
  constructor(
    @InjectResource('unclaimed property') private readonly properties: CaseResource<UnclaimedProperty>,
    private readonly writes: AggregateWrites,
    private readonly references: UnclaimedPropertyReferences,
  ) {}

  execute(scope: { caseId: string }, body: JsonObject): Promise<SingleResource> {
    return this.writes.add(this.properties, scope, async (clock, em) => {
      await this.references.check(em, scope.caseId, body);
      return UnclaimedProperty.discover(ulid(), scope.caseId, writableFieldsOf<UnclaimedPropertyFields>(this.properties, body), clock.now(), clock.today());
    });
  }
}
