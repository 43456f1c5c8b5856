import { IntersectionType, PartialType } from '@nestjs/swagger';
import { DateField, EnumArrayField, EnumField, MoneyField, RecordView, StringArrayField, StringField, TextField } from '@estate/shared-kernel';
import { CLAIM_DOCUMENTS, CLAIM_STATUSES, UNCLAIMED_PROPERTY_STATES, UNCLAIMED_PROPERTY_TYPES } from '../../domain/unclaimed-property-vocabulary';

/** At most this many documents per record (contract-extensions §10.0). */
const MAX_DOCUMENTS = 20;
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** `POST /v1/cases/{case_id}/unclaimed-property` (contract-extensions §12.5): `state`, `holder_name` and `property_type` are required. */
export class CreateUnclaimedPropertyBody {
  @EnumField(UNCLAIMED_PROPERTY_STATES, { required: true, description: 'USPS code of the custodial state (or territory) that holds the property.', example: 'IL' })
  state: string;

  @StringField({ required: true, description: 'Who reported the property to the state: a bank, insurer, employer…', example: 'First Prairie Bank' })
  holder_name: string;

  @EnumField(UNCLAIMED_PROPERTY_TYPES, { required: true, description: 'What kind of property it is.', example: 'dormant_bank_account' })
  property_type: string;

  @TextField({ description: 'What the state lists.', example: 'Savings account closed as dormant in 2021.' })
  property_description?: string | null;

  @MoneyField({ min: 0, description: 'The amount the state shows; null when it shows only a range.', example: 1843.27 })
  reported_amount?: number | null;

  @StringField({ description: "The owner's name as the state's record has it.", example: 'MARGARET A OKAFOR' })
  owner_name_on_record?: string | null;

  @StringField({ description: "The state's id of the property.", example: 'IL-2021-0048812' })
  state_property_id?: string | null;

  @EnumField(CLAIM_STATUSES, {
    description:
      'discovered (the default) → claim_filed (needs claim_filed_date) → under_review → approved (needs claim_approved_date) → ' +
      'paid (needs claim_paid_amount and claim_paid_date); claim_filed or under_review → denied (needs denial_reason) or expired; ' +
      'denied or expired → claim_filed starts a new claim (a new claim_filed_date; the last outcome is cleared). paid is final.',
    example: 'discovered',
  })
  claim_status?: string | null;

  @StringField({ description: "The state's claim number.", example: 'CLM-7731902' })
  claim_number?: string | null;

  @StringField({
    max: 2048,
    pattern: /^https:\/\/[^\s/?#]+([/?#]\S*)?$/,
    patternMessage: '$property must be an https URL',
    description: "Where the claim is followed on the state's site; https only.",
    example: 'https://icash.illinoistreasurer.gov/app/claim-status',
  })
  claim_url?: string | null;

  @DateField({ description: 'Day the claim was filed; not after today.', example: '2026-10-02' })
  claim_filed_date?: string | null;

  @DateField({ description: 'Day the state approved the claim; not before claim_filed_date, not after today.', example: '2026-10-20' })
  claim_approved_date?: string | null;

  @DateField({ description: 'Day the state paid; not before claim_approved_date, not after today.', example: '2026-11-03' })
  claim_paid_date?: string | null;

  @MoneyField({ min: 0, description: 'What the state paid.', example: 1843.27 })
  claim_paid_amount?: number | null;

  @TextField({ description: 'Why the state denied the claim; needed for denied.', example: 'Letters of administration were not certified.' })
  denial_reason?: string | null;

  @EnumArrayField(CLAIM_DOCUMENTS, { description: 'What the state asks for with the claim; no repeats.', example: ['death_certificate', 'letters_testamentary'] })
  required_documents?: string[] | null;

  @StringArrayField({
    maxItems: MAX_DOCUMENTS,
    description: 'Documents of the case sent with the claim, at most 20, no duplicates. A document named here cannot be deleted.',
    example: ['01JBX8Q9W4M8Z7T3K2N5R6P0DC'],
  })
  document_ids?: string[] | null;

  @StringField({ min: 26, max: 26, pattern: ULID, description: 'The search of this case that found it, or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0SR' })
  search_id?: string | null;

  @TextField({ description: 'Free-text notes.', example: 'Found on MissingMoney.com.' })
  notes?: string | null;
}

/** A merge patch of the same fields; a `claim_status` moved here follows the move list (else 422 on `claim_status`). */
export class PatchUnclaimedPropertyBody extends PartialType(CreateUnclaimedPropertyBody, { skipNullProperties: false }) {}

export class UnclaimedPropertyView extends IntersectionType(RecordView, CreateUnclaimedPropertyBody) {}
