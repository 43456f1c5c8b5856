import { Injectable } from '@nestjs/common';
import { AggregateWrites, CaseResource, InjectResource, JsonObject, mergedPatch, PatchUseCase, SingleResource } from '@estate/shared-kernel';
import type { UnclaimedProperty, UnclaimedPropertyFields } from '../domain/unclaimed-property';
import { UnclaimedPropertyReferences } from './unclaimed-property-references';

/** Merge patch of unclaimed property: an edit, or a move of `claim_status` (§12.5's list; any other move is 422). */
@Injectable()
export class ReviseUnclaimedProperty implements PatchUseCase {
  constructor(
    @InjectResource('unclaimed property') private readonly properties: CaseResource<UnclaimedProperty>,
    private readonly writes: AggregateWrites,
    private readonly references: UnclaimedPropertyReferences,
  ) {}

  execute(scope: { caseId: string }, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.writes.change(this.properties, scope, id, ifMatch, async (property, clock, em) => {
      // A claim always has a status: a merge patch's null may not clear it.
      const { document, fields } = await mergedPatch<UnclaimedPropertyFields>(this.properties, property, patch, { notNull: ['claim_status'] });
      await this.references.check(em, scope.caseId, document);
      property.revise(fields, clock.now(), clock.today());
    });
  }
}
