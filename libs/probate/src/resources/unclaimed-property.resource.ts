import { caseResource } from '@estate/shared-kernel';
import { UnclaimedProperty } from '../domain/unclaimed-property';
import { CLAIM_STATUSES, UNCLAIMED_PROPERTY_STATES, UNCLAIMED_PROPERTY_TYPES } from '../domain/unclaimed-property-vocabulary';
import { CreateUnclaimedPropertyBody, PatchUnclaimedPropertyBody, UnclaimedPropertyView } from '../http/dto/unclaimed-property.dto';
import { UnclaimedPropertySchema } from '../infrastructure/persistence/unclaimed-property.schema';
import { ReportUnclaimedProperty } from '../application/report-unclaimed-property.service';
import { ReviseUnclaimedProperty } from '../application/revise-unclaimed-property.service';
import { searchResource } from './search.resource';

/**
 * Unclaimed property of the case (contract-extensions §12.5): an aggregate (the moves of `claim_status` and what each
 * needs; `search_id` a search of the case, `document_ids` documents of the case). A move of `claim_status` is told as
 * `unclaimed_property.status_changed`. A document it names cannot be deleted (`409 document_in_use`, through the
 * documents' referrers port, registered by ProbateModule).
 */
export const unclaimedPropertyResource = caseResource<UnclaimedProperty>({
  name: 'unclaimed property',
  path: 'unclaimed-property',
  idParam: 'unclaimed_property_id',
  schema: UnclaimedPropertySchema,
  kind: 'aggregate',
  useCases: { create: () => ReportUnclaimedProperty, patch: () => ReviseUnclaimedProperty, delete: 'whole' },
  create: CreateUnclaimedPropertyBody,
  patch: PatchUnclaimedPropertyBody,
  view: UnclaimedPropertyView,
  filters: { state: UNCLAIMED_PROPERTY_STATES, claim_status: CLAIM_STATUSES, property_type: UNCLAIMED_PROPERTY_TYPES },
  sorts: ['created_at', 'reported_amount'],
  references: { search_id: () => searchResource },
  tagDescription: "Money and property of the deceased held by a state's unclaimed-property program, and the claims made for it.",
  statusChanged: true,
  statusField: 'claim_status',
});
