import { Injectable } from '@nestjs/common';
import {
  AggregateWrites,
  applyMergePatch,
  asJsonObject,
  CaseResource,
  InjectResource,
  JsonObject,
  PatchUseCase,
  SingleResource,
  toCamelCase,
  validateAgainst,
  ValidationFailedError,
  writableDocument,
  writableFieldsOf,
} from '@estate/shared-kernel';
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
      // A merge patch's null would clear the status (RFC 7396): a claim always has one.
      if (patch.claim_status === null) throw new ValidationFailedError([{ field: 'claim_status', message: 'claim_status cannot be null', reason: 'required' }]);
      const merged = applyMergePatch(asJsonObject(writableDocument(property, this.properties.createFields, toCamelCase)), patch);
      await validateAgainst(this.properties.create, merged);
      await this.references.check(em, scope.caseId, merged);
      property.revise(writableFieldsOf<UnclaimedPropertyFields>(this.properties, merged), clock.now(), clock.today());
    });
  }
}
