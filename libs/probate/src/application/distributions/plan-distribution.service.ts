import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { AggregateWrites, CaseResource, CreateUseCase, InjectResource, JsonObject, SingleResource } from '@estate/shared-kernel';
import { Distribution, DistributionDocument } from '../../domain/distribution';
import { DistributionReferences } from './distribution-references';

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
      const document = body as unknown as DistributionDocument;
      const checked = await this.references.check(em, scope.caseId, document);
      const described = { ...document, asset_description: document.asset_description ?? checked.assetDescription };
      return Distribution.plan(ulid(), scope.caseId, described, checked.recipientName, clock.now());
    });
  }
}
