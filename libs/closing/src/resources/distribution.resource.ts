import { bankAccountResource } from '@estate/assets';
import { personResource } from '@estate/case';
import { documentResource } from '@estate/documents';
import { caseResource, field } from '@estate/shared-kernel';
import { DistributionMoves } from '../application/distributions/distribution-moves.service';
import { PlanDistribution } from '../application/distributions/plan-distribution.service';
import { ReviseDistribution } from '../application/distributions/revise-distribution.service';
import { Distribution } from '../domain/distribution';
import {
  DISTRIBUTION_ASSET_TYPES,
  DISTRIBUTION_KINDS,
  DISTRIBUTION_METHODS,
  DISTRIBUTION_STAGES,
  DISTRIBUTION_STATUSES,
  DISTRIBUTION_TYPES,
} from '../domain/distribution-vocabulary';

/**
 * Distributions of the estate (contract-extensions §12.7): an aggregate, the one with money at stake. Moved only by
 * its action routes (approve, pay, cancel), each checking what the estate holds under the estate accounts' locks.
 * `person_id`, `distribution_type` and `kind` are required; cash needs `amount` and `source_account_id`, in kind
 * `asset_type`, `value` and (unless personal property or other) `asset_id`. A merge patch writes the same fields: all
 * while planned; notes and the receipt fields once approved or paid. Each reference must name a record of its kind in
 * the case (422); deleting that record sets the field to null.
 */
export const distributionResource = caseResource({
  name: 'distribution',
  path: 'probate/distributions',
  idParam: 'distribution_id',
  table: 'distributions',
  entity: Distribution,
  kind: 'aggregate',
  useCases: { create: () => PlanDistribution, patch: () => ReviseDistribution, delete: () => DistributionMoves },
  fields: {
    personId: field.reference(() => personResource, {
      required: true,
      // Set to null when the person is deleted.
      column: { nullable: true },
      description: 'The recipient: a person of the case with is_beneficiary true and is_deceased false.',
      example: '01JBX8Q9W4M8Z7T3K2N5R6P0PA',
    }),
    recipientName: field.string({ readOnly: true, required: true, description: "The recipient's name, copied from the person when the distribution was planned.", example: 'Sam Doe' }),
    distributionType: field.enum(DISTRIBUTION_TYPES, {
      required: true,
      description: 'What the will or the law gives. family_allowance, homestead_allowance and exempt_property come before creditors (no claims reserve is held back for them).',
      example: 'residuary',
    }),
    stage: field.enum(DISTRIBUTION_STAGES, {
      column: { length: 10, nullable: false },
      description: 'interim (the default) or final; a final distribution needs every creditor claim paid, rejected or withdrawn.',
      example: 'interim',
    }),
    kind: field.enum(DISTRIBUTION_KINDS, { required: true, column: { length: 10 }, description: 'cash (from an estate account) or in_kind (an asset itself).', example: 'cash' }),
    amount: field.money({ min: 0.01, description: 'Cash: the amount paid (> 0).', example: 4500 }),
    sourceAccountId: field.reference(() => bankAccountResource, {
      description: 'Cash: the estate account it is paid from (is_estate_account true, status open).',
      example: '01JBX8Q9W4M8Z7T3K2N5R6P0BA',
    }),
    assetType: field.enum(DISTRIBUTION_ASSET_TYPES, { description: 'In kind: what is given; asset_id names a record of that kind (none for personal_property and other).' }),
    assetId: field.string({
      max: 26,
      description: 'In kind: the record given (a property, vehicle, investment account, business or financial account of the case).',
      example: '01JBX8Q9W4M8Z7T3K2N5R6P0VH',
    }),
    assetDescription: field.text({ column: { type: 'text' }, description: "In kind: what is given, in words; the asset's own description when not sent.", example: 'Grandfather clock' }),
    value: field.money({ min: 0.01, description: 'In kind: its value at distribution (> 0).', example: 1200 }),
    method: field.enum(DISTRIBUTION_METHODS, { description: 'How it is delivered.', example: 'check' }),
    status: field.enum(DISTRIBUTION_STATUSES, {
      readOnly: true,
      required: true,
      column: { length: 20 },
      description: 'planned → approved (approve) → paid (pay); planned or approved → cancelled (cancel).',
      example: 'planned',
    }),
    approvedAt: field.dateTime({ readOnly: true, description: 'When it was approved.', example: null }),
    approvedBy: field.string({ readOnly: true, max: 26, description: 'The user who approved it.', example: null }),
    paidDate: field.date({ readOnly: true, description: 'Day it was paid.', example: null }),
    transactionId: field.string({ readOnly: true, max: 26, description: 'Cash: the debit the payment wrote on the source account.', example: null }),
    receiptSigned: field.boolean({ description: 'Whether the recipient signed a receipt.', example: false }),
    receiptDate: field.date({ description: 'Day the receipt was signed.' }),
    receiptDocumentId: field.reference(() => documentResource, { description: 'The signed receipt: a document of the case.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0DC' }),
    taxReported: field.boolean({ description: 'Whether it was reported for tax (e.g. on the K-1).', example: false }),
    notes: field.text({ column: { type: 'text' }, description: 'Free-text notes.', example: 'Per Article IV of the will.' }),
  },
  filters: {
    status: DISTRIBUTION_STATUSES,
    person_id: { kind: 'equals', property: 'personId' },
    distribution_type: DISTRIBUTION_TYPES,
    kind: DISTRIBUTION_KINDS,
  },
  sorts: ['created_at', 'paid_date'],
  tag: 'probate',
  statusChanged: true,
});
