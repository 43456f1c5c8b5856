import { caseResource } from '@estate/shared-kernel';
import { CreditorClaim } from '../domain/creditor-claim';
import { CLAIM_STATUSES } from '../domain/probate-vocabulary';
import { CreateCreditorClaimBody, CreditorClaimView, PatchCreditorClaimBody } from '../http/dto/creditor-claim.dto';
import { CreditorClaimSchema } from '../infrastructure/persistence/probate.schemas';
import { FileCreditorClaim } from '../application/file-creditor-claim.service';
import { ReviseCreditorClaim } from '../application/revise-creditor-claim.service';

/** Creditor claims: an aggregate (status moves, what `paid` needs); `#13` is its merge patch. */
export const creditorClaimResource = caseResource<CreditorClaim>({
  name: 'creditor claim',
  eventKey: 'claim',
  path: 'probate/creditor-claims',
  idParam: 'claim_id',
  schema: CreditorClaimSchema,
  kind: 'aggregate',
  useCases: { create: () => FileCreditorClaim, patch: () => ReviseCreditorClaim, delete: 'whole' },
  create: CreateCreditorClaimBody,
  patch: PatchCreditorClaimBody,
  view: CreditorClaimView,
  filters: { status: CLAIM_STATUSES, is_valid: { kind: 'boolean' } },
  sorts: ['created_at', 'priority_order', 'claim_date'],
  specRoutes: { patch: 13 },
  tag: 'probate',
  statusChanged: true,
  masked: ['account_number'],
});
