import { Injectable } from '@nestjs/common';
import { AggregateWrites, applyMergePatch, asJsonObject, CaseResource, InjectResource, JsonObject, PatchUseCase, SingleResource, validateAgainst } from '@estate/shared-kernel';
import type { Distribution, DistributionDocument } from '../../domain/distribution';
import { DistributionReferences } from './distribution-references';

/** Merge patch of a distribution: every create field while planned, the notes and receipt afterwards (§12.7). */
@Injectable()
export class ReviseDistribution implements PatchUseCase {
  constructor(
    @InjectResource('distribution') private readonly distributions: CaseResource<Distribution>,
    private readonly writes: AggregateWrites,
    private readonly references: DistributionReferences,
  ) {}

  execute(scope: { caseId: string }, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.writes.change(this.distributions, scope, id, ifMatch, async (distribution, clock, em) => {
      const merged = applyMergePatch(asJsonObject(distribution.document()), patch);
      await validateAgainst(this.distributions.create, merged);
      const document = merged as unknown as DistributionDocument;
      // Only a planned distribution's references can change; afterwards revise() refuses them by name.
      const checked = distribution.status === 'planned' ? await this.references.check(em, scope.caseId, document, distribution) : null;
      distribution.revise(document, checked?.recipientName ?? distribution.recipientName, clock.now());
    });
  }
}
