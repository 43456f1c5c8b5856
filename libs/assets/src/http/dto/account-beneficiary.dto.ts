import { ApiProperty, IntersectionType, OmitType, PartialType } from '@nestjs/swagger';
import { AddressDto, EmailField, EnumField, NestedField, NumberField, RecordView, StringField, TextField } from '@estate/shared-kernel';
import { ACCOUNT_BENEFICIARY_STATUSES, BENEFICIARY_DESIGNATION_TYPES, BENEFICIARY_DESIGNATIONS } from '../../domain/financial-account-vocabulary';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** `contact_info`: how to reach the beneficiary. */
export class BeneficiaryContactInfoBody {
  @EmailField({ description: 'E-mail address.', example: 'grace.okafor@example.com' })
  email?: string | null;

  @StringField({ max: 40, description: 'Phone number, as given.', example: '+1 217 555 0134' })
  phone?: string | null;

  @NestedField(() => AddressDto, { description: 'Postal address.' })
  address?: AddressDto | null;
}

export class CreateAccountBeneficiaryBody {
  @StringField({ required: true, description: 'Name of the beneficiary, as the designation gives it.', example: 'Grace Okafor' })
  name: string;

  @StringField({ description: 'Relationship to the deceased, free text.', example: 'daughter' })
  relationship?: string | null;

  @StringField({ min: 26, max: 26, pattern: ULID, description: 'The Person of this case the beneficiary is, or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AC' })
  person_id?: string | null;

  @NumberField({
    required: true,
    min: 0,
    max: 100,
    maxDecimals: 2,
    description: 'Share in percent, 0–100; per account and designation the shares of beneficiaries who have not disclaimed add up to at most 100.',
    example: 50,
  })
  percentage_share: number;

  @EnumField(BENEFICIARY_DESIGNATIONS, { description: 'Primary or contingent; `primary` when unset.', example: 'primary' })
  designation?: string | null;

  @EnumField(BENEFICIARY_DESIGNATION_TYPES, { description: 'Payable on death (`pod`), transfer on death (`tod`) or `other`.', example: 'pod' })
  designation_type?: string | null;

  @EnumField(ACCOUNT_BENEFICIARY_STATUSES, { description: 'Where the designation stands; `active` when unset. A `disclaimed` share counts for nothing.', example: 'active' })
  status?: string | null;

  @NestedField(() => BeneficiaryContactInfoBody, { description: 'How to reach the beneficiary.' })
  contact_info?: BeneficiaryContactInfoBody | null;

  @TextField({ description: 'Free notes.', example: 'Named on the bank’s POD form of 2019.' })
  notes?: string | null;
}

/** A merge patch may change one line of the address: each field optional here, the merged address is checked whole. */
export class PatchBeneficiaryAddressBody extends PartialType(AddressDto, { skipNullProperties: false }) {}

export class PatchBeneficiaryContactInfoBody extends PartialType(OmitType(BeneficiaryContactInfoBody, ['address'] as const), { skipNullProperties: false }) {
  @NestedField(() => PatchBeneficiaryAddressBody, { description: 'Postal address (merged field by field).' })
  address?: PatchBeneficiaryAddressBody | null;
}

/** Every field of the create body is writable (contract-extensions §10.0); `contact_info` merges recursively (RFC 7396). */
export class PatchAccountBeneficiaryBody extends PartialType(OmitType(CreateAccountBeneficiaryBody, ['contact_info'] as const), { skipNullProperties: false }) {
  @NestedField(() => PatchBeneficiaryContactInfoBody, { description: 'How to reach the beneficiary (merged field by field).' })
  contact_info?: PatchBeneficiaryContactInfoBody | null;
}

/** One view for the beneficiaries of both kinds of account: the events `account_beneficiary.*` carry it. */
export class AccountBeneficiaryView extends IntersectionType(RecordView, CreateAccountBeneficiaryBody) {
  @ApiProperty({ description: 'The bank account or financial account the designation is on.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AB' })
  account_id: string;
}
