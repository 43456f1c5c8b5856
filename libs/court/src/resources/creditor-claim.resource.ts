import { PartialType } from '@nestjs/swagger';
import { AddressDto, caseResource, field, NestedField } from '@estate/shared-kernel';
import { CreditorClaim } from '../domain/creditor-claim';
import { CLAIM_STATUSES, CLAIM_TYPES } from '../domain/probate-vocabulary';
import { FileCreditorClaim } from '../application/file-creditor-claim.service';
import { ReviseCreditorClaim } from '../application/revise-creditor-claim.service';

/** A merge patch may change one line of the address: each field optional here, the merged address is checked whole. */
export class PatchCreditorAddressBody extends PartialType(AddressDto, { skipNullProperties: false }) {}

/**
 * Creditor claims: an aggregate (status moves, what `paid` needs). `creditor_name`, `claim_amount` and `claim_date`
 * are required; `#13` is its merge patch of the same fields (accept, reject, mark paid, or edit).
 */
export const creditorClaimResource = caseResource({
  name: 'creditor claim',
  eventKey: 'claim',
  path: 'probate/creditor-claims',
  idParam: 'claim_id',
  table: 'creditor_claims',
  entity: CreditorClaim,
  kind: 'aggregate',
  useCases: { create: () => FileCreditorClaim, patch: () => ReviseCreditorClaim, delete: 'whole' },
  fields: {
    creditorName: field.string({ required: true, description: 'Who claims.', example: 'Springfield Medical Center' }),
    creditorAddress: field.object(() => AddressDto, {
      description: "The creditor's address.",
      patch: NestedField(() => PatchCreditorAddressBody, { description: "The creditor's address (merged field by field)." }),
    }),
    creditorPhone: field.string({ max: 40, column: { length: 200 }, description: "The creditor's phone number, as given.", example: '+1 217 555 0199' }),
    creditorEmail: field.email({ description: "The creditor's e-mail address.", example: 'billing@smc.example' }),
    claimAmount: field.money({ required: true, min: 0, description: 'Amount claimed.', example: 4210.5 }),
    claimDate: field.date({ required: true, description: 'Day the claim was presented.', example: '2026-12-01' }),
    claimType: field.enum(CLAIM_TYPES, { description: 'Kind of claim.', example: 'medical' }),
    debtDescription: field.text({ column: { type: 'text' }, description: 'What the debt is for.', example: 'Final hospital stay' }),
    accountNumber: field.string({ max: 64, encrypted: true, description: 'Account number at the creditor: accepted in full, returned masked.', example: '4111111111111111' }),
    status: field.enum(CLAIM_STATUSES, {
      // Always set by the aggregate (`pending` when the body leaves it out).
      column: { length: 20, nullable: false },
      description: 'pending by default; paid, rejected and withdrawn are final (#13).',
      example: 'pending',
    }),
    resolutionAmount: field.money({ min: 0, description: 'Amount agreed or paid; required for paid.', example: 4000 }),
    resolutionDate: field.date({ description: 'Day of the resolution; required for paid.', example: '2027-01-15' }),
    resolutionNotes: field.text({ column: { type: 'text' }, description: 'Notes on the resolution.', example: 'Settled at 95%.' }),
    priorityOrder: field.integer({ min: 1, max: 1000, description: 'Order of payment by priority class (1 first).', example: 3 }),
    isValid: field.boolean({ description: 'Whether the claim was found valid; false when unset.', example: true }),
    statuteOfLimitationsExpires: field.date({ description: 'When the limitation period for the debt runs out.', example: '2030-06-01' }),
  },
  filters: { status: CLAIM_STATUSES, is_valid: { kind: 'boolean' } },
  sorts: ['created_at', 'priority_order', 'claim_date'],
  specRoutes: { patch: 13 },
  tag: 'probate',
  statusChanged: true,
});
