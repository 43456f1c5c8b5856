import { bankAccountResource } from '@estate/assets';
import { personResource } from '@estate/case';
import { documentResource } from '@estate/documents';
import { caseResource } from '@estate/shared-kernel';
import { DistributionMoves } from '../application/distributions/distribution-moves.service';
import { PlanDistribution } from '../application/distributions/plan-distribution.service';
import { ReviseDistribution } from '../application/distributions/revise-distribution.service';
import { Distribution } from '../domain/distribution';
import { DISTRIBUTION_KINDS, DISTRIBUTION_STATUSES, DISTRIBUTION_TYPES } from '../domain/distribution-vocabulary';
import { CreateDistributionBody, DistributionView, PatchDistributionBody } from '../http/dto/distribution.dto';
import { DistributionSchema } from '../infrastructure/persistence/distribution.schema';

/**
 * Distributions of the estate (contract-extensions §12.7): an aggregate, the one with money at stake. Moved only by
 * its action routes (approve, pay, cancel), each checking what the estate holds under the estate accounts' locks.
 */
export const distributionResource = caseResource<Distribution>({
  name: 'distribution',
  path: 'probate/distributions',
  idParam: 'distribution_id',
  schema: DistributionSchema,
  kind: 'aggregate',
  useCases: { create: () => PlanDistribution, patch: () => ReviseDistribution, delete: () => DistributionMoves },
  create: CreateDistributionBody,
  patch: PatchDistributionBody,
  view: DistributionView,
  filters: {
    status: DISTRIBUTION_STATUSES,
    person_id: { kind: 'equals', property: 'personId' },
    distribution_type: DISTRIBUTION_TYPES,
    kind: DISTRIBUTION_KINDS,
  },
  sorts: ['created_at', 'paid_date'],
  tag: 'probate',
  statusChanged: true,
  // Each must name a record of its kind in the case (422); deleting that record sets the field to null.
  references: { person_id: () => personResource, source_account_id: () => bankAccountResource, receipt_document_id: () => documentResource },
});
