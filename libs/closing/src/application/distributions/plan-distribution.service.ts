import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { AggregateWrites, CaseResource, CreateUseCase, InjectResource, JsonObject, SingleResource, writableFieldsOf } from '@estate/shared-kernel';
import { Distribution, DistributionFields } from '../../domain/distribution';
import { DistributionReferences, DistributionReferencesDocument } from './distribution-references';

/** `POST …/probate/distributions` (contract-extensions §12.7): a distribution in `planned`; nothing is checked against the estate yet. */
@Injectable()
export class PlanDistribution implements CreateUseCase {
  constructor(
    @InjectResource('distribution') private readonly distributions: CaseResource<Distribution>,
    private readonly writes: AggregateWrites,
    private readonly references: DistributionReferences,
  ) {}

  execute(scope: { caseId: string }, body: JsonObject): Promise<SingleResource> {
    return this.writes.add(this.distributions, scope, async (clock, em) => {
      const checked = await this.references.check(em, scope.caseId, body as DistributionReferencesDocument);
      const fields = writableFieldsOf<DistributionFields>(this.distributions, body);
      const described = { ...fields, assetDescription: fields.assetDescription ?? checked.assetDescription };
      return Distribution.plan(ulid(), scope.caseId, described, checked.recipientName, clock.now());
    });
  }
}
