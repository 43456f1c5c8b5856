import { IntersectionType, OmitType, PartialType } from '@nestjs/swagger';
import {
  AddressDto,
  BooleanField,
  DateField,
  EmailField,
  EnumField,
  IntegerField,
  MoneyField,
  NestedField,
  RecordView,
  StringField,
  TextField,
} from '@estate/shared-kernel';
import { CLAIM_STATUSES, CLAIM_TYPES } from '../../domain/probate-vocabulary';

export class CreateCreditorClaimBody {
  @StringField({ required: true, description: 'Who claims.', example: 'Springfield Medical Center' })
  creditor_name: string;

  @NestedField(() => AddressDto, { description: "The creditor's address." })
  creditor_address?: AddressDto | null;

  @StringField({ max: 40, description: "The creditor's phone number, as given.", example: '+1 217 555 0199' })
  creditor_phone?: string | null;

  @EmailField({ description: "The creditor's e-mail address.", example: 'billing@smc.example' })
  creditor_email?: string | null;

  @MoneyField({ required: true, min: 0, description: 'Amount claimed.', example: 4210.5 })
  claim_amount: number;

  @DateField({ required: true, description: 'Day the claim was presented.', example: '2026-12-01' })
  claim_date: string;

  @EnumField(CLAIM_TYPES, { description: 'Kind of claim.', example: 'medical' })
  claim_type?: string | null;

  @TextField({ description: 'What the debt is for.', example: 'Final hospital stay' })
  debt_description?: string | null;

  @StringField({ max: 64, description: 'Account number at the creditor: accepted in full, returned masked.', example: '4111111111111111' })
  account_number?: string | null;

  @EnumField(CLAIM_STATUSES, { description: 'pending by default; paid, rejected and withdrawn are final (#13).', example: 'pending' })
  status?: string | null;

  @MoneyField({ min: 0, description: 'Amount agreed or paid; required for paid.', example: 4000 })
  resolution_amount?: number | null;

  @DateField({ description: 'Day of the resolution; required for paid.', example: '2027-01-15' })
  resolution_date?: string | null;

  @TextField({ description: 'Notes on the resolution.', example: 'Settled at 95%.' })
  resolution_notes?: string | null;

  @IntegerField({ min: 1, max: 1000, description: 'Order of payment by priority class (1 first).', example: 3 })
  priority_order?: number | null;

  @BooleanField({ description: 'Whether the claim was found valid; false when unset.', example: true })
  is_valid?: boolean | null;

  @DateField({ description: 'When the limitation period for the debt runs out.', example: '2030-06-01' })
  statute_of_limitations_expires?: string | null;
}

/** A merge patch may change one line of the address: each field optional here, the merged address is checked whole. */
export class PatchCreditorAddressBody extends PartialType(AddressDto, { skipNullProperties: false }) {}

/** `#13` claim body: accept, reject, mark paid, or edit; every field optional. */
export class PatchCreditorClaimBody extends PartialType(OmitType(CreateCreditorClaimBody, ['creditor_address'] as const), { skipNullProperties: false }) {
  @NestedField(() => PatchCreditorAddressBody, { description: "The creditor's address (merged field by field)." })
  creditor_address?: PatchCreditorAddressBody | null;
}

export class CreditorClaimView extends IntersectionType(RecordView, CreateCreditorClaimBody) {}
