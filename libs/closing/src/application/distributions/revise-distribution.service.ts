import { Injectable } from '@nestjs/common';
import { AggregateWrites, CaseResource, InjectResource, JsonObject, mergedPatch, PatchUseCase, SingleResource } from '@estate/shared-kernel';
import type { Distribution, DistributionFields } from '../../domain/distribution';
import { DistributionReferences, DistributionReferencesDocument } from './distribution-references';

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
      // Every writable field, an unset one as `null`: a recipient deleted since leaves `person_id` null, refused as such.
      const { document, fields } = await mergedPatch<DistributionFields>(this.distributions, distribution, patch, { unsetAsNull: true });
      // Only a planned distribution's references can change; afterwards revise() refuses them by name.
      const checked = distribution.status === 'planned' ? await this.references.check(em, scope.caseId, document as DistributionReferencesDocument, distribution) : null;
      distribution.revise(fields, checked?.recipientName ?? distribution.recipientName, clock.now());
    });
  }
}
