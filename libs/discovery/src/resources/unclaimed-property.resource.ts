import { caseResource, field } from '@estate/shared-kernel';
import { UnclaimedProperty } from '../domain/unclaimed-property';
import { CLAIM_DOCUMENTS, CLAIM_STATUSES, UNCLAIMED_PROPERTY_STATES, UNCLAIMED_PROPERTY_TYPES } from '../domain/unclaimed-property-vocabulary';
import { ReportUnclaimedProperty } from '../application/report-unclaimed-property.service';
import { ReviseUnclaimedProperty } from '../application/revise-unclaimed-property.service';
import { searchResource } from './search.resource';

/** At most this many documents per record (contract-extensions §10.0). */
const MAX_DOCUMENTS = 20;
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
/** A list the aggregate always sets: the column has no default. */
const ALWAYS_SET = { default: undefined, nullable: false } as const;

/**
 * Unclaimed property of the case (contract-extensions §12.5): an aggregate (the moves of `claim_status` and what each
 * needs; `search_id` a search of the case, `document_ids` documents of the case). `state`, `holder_name` and
 * `property_type` are required; a merge patch writes the same fields, a `claim_status` moved there following the move
 * list (else 422 on `claim_status`). A move of `claim_status` is told as `unclaimed_property.status_changed`. A
 * document it names cannot be deleted (`409 document_in_use`, through the documents' referrers port, registered by
 * DiscoveryModule).
 */
export const unclaimedPropertyResource = caseResource({
  name: 'unclaimed property',
  path: 'unclaimed-property',
  idParam: 'unclaimed_property_id',
  table: 'unclaimed_properties',
  entity: UnclaimedProperty,
  kind: 'aggregate',
  useCases: { create: () => ReportUnclaimedProperty, patch: () => ReviseUnclaimedProperty, delete: 'whole' },
  fields: {
    state: field.enum(UNCLAIMED_PROPERTY_STATES, { required: true, column: { length: 2 }, description: 'USPS code of the custodial state (or territory) that holds the property.', example: 'IL' }),
    holderName: field.string({ required: true, description: 'Who reported the property to the state: a bank, insurer, employer…', example: 'First Prairie Bank' }),
    propertyType: field.enum(UNCLAIMED_PROPERTY_TYPES, { required: true, description: 'What kind of property it is.', example: 'dormant_bank_account' }),
    propertyDescription: field.text({ column: { type: 'text' }, description: 'What the state lists.', example: 'Savings account closed as dormant in 2021.' }),
    reportedAmount: field.money({ min: 0, description: 'The amount the state shows; null when it shows only a range.', example: 1843.27 }),
    ownerNameOnRecord: field.string({ description: "The owner's name as the state's record has it.", example: 'MARGARET A OKAFOR' }),
    statePropertyId: field.string({ description: "The state's id of the property.", example: 'IL-2021-0048812' }),
    claimStatus: field.enum(CLAIM_STATUSES, {
      column: { length: 20, nullable: false },
      description:
        'discovered (the default) → claim_filed (needs claim_filed_date) → under_review → approved (needs claim_approved_date) → ' +
        'paid (needs claim_paid_amount and claim_paid_date); claim_filed or under_review → denied (needs denial_reason) or expired; ' +
        'denied or expired → claim_filed starts a new claim (a new claim_filed_date; the last outcome is cleared). paid is final.',
      example: 'discovered',
    }),
    claimNumber: field.string({ description: "The state's claim number.", example: 'CLM-7731902' }),
    claimUrl: field.string({
      max: 2048,
      pattern: /^https:\/\/[^\s/?#]+([/?#]\S*)?$/,
      patternMessage: '$property must be an https URL',
      description: "Where the claim is followed on the state's site; https only.",
      example: 'https://icash.illinoistreasurer.gov/app/claim-status',
    }),
    claimFiledDate: field.date({ description: 'Day the claim was filed; not after today.', example: '2026-10-02' }),
    claimApprovedDate: field.date({ description: 'Day the state approved the claim; not before claim_filed_date, not after today.', example: '2026-10-20' }),
    claimPaidDate: field.date({ description: 'Day the state paid; not before claim_approved_date, not after today.', example: '2026-11-03' }),
    claimPaidAmount: field.money({ min: 0, description: 'What the state paid.', example: 1843.27 }),
    denialReason: field.text({ column: { type: 'text' }, description: 'Why the state denied the claim; needed for denied.', example: 'Letters of administration were not certified.' }),
    requiredDocuments: field.enumArray(CLAIM_DOCUMENTS, {
      column: ALWAYS_SET,
      description: 'What the state asks for with the claim; no repeats.',
      example: ['death_certificate', 'letters_testamentary'],
    }),
    documentIds: field.stringArray({
      maxItems: MAX_DOCUMENTS,
      column: ALWAYS_SET,
      description: 'Documents of the case sent with the claim, at most 20, no duplicates. A document named here cannot be deleted.',
      example: ['01JBX8Q9W4M8Z7T3K2N5R6P0DC'],
    }),
    searchId: field.reference(() => searchResource, { min: 26, pattern: ULID, description: 'The search of this case that found it, or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0SR' }),
    notes: field.text({ column: { type: 'text' }, description: 'Free-text notes.', example: 'Found on MissingMoney.com.' }),
  },
  filters: { state: UNCLAIMED_PROPERTY_STATES, claim_status: CLAIM_STATUSES, property_type: UNCLAIMED_PROPERTY_TYPES },
  sorts: ['created_at', 'reported_amount'],
  tagDescription: "Money and property of the deceased held by a state's unclaimed-property program, and the claims made for it.",
  statusChanged: true,
  statusField: 'claim_status',
});
