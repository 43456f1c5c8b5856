import { IntersectionType, OmitType, PartialType } from '@nestjs/swagger';
import {
  AddressDto,
  BooleanField,
  DateTimeField,
  EmailField,
  EnumArrayField,
  NestedField,
  RecordView,
  StringArrayField,
  StringField,
  TextField,
} from '@estate/shared-kernel';
import { HANDLED_ACCOUNT_TYPES } from '../../domain/institution-contact-vocabulary';

/** `contact_methods`: how to reach the department. */
export class ContactMethodsBody {
  @StringField({ max: 40, description: 'Phone number of the department.', example: '+1 800 555 0199' })
  phone?: string | null;

  @StringField({ description: 'When the phone line is staffed.', example: 'Mon-Fri 8am-6pm CT' })
  phone_hours?: string | null;

  @StringField({ max: 20, description: 'Extension to dial.', example: '4410' })
  phone_extension?: string | null;

  @StringField({ max: 40, description: 'Fax number.', example: '+1 800 555 0198' })
  fax?: string | null;

  @EmailField({ description: 'E-mail address of the department.', example: 'estates@firstprairie.example' })
  email?: string | null;

  @NestedField(() => AddressDto, { description: 'Where to send letters.' })
  mailing_address?: AddressDto | null;

  @StringField({ max: 500, description: 'Web site.', example: 'https://firstprairie.example/estates' })
  website?: string | null;
}

export class CreateInstitutionContactBody {
  @StringField({
    description: 'The account this contact handles, when it is one: a financial, bank, investment or retirement account, a life insurance policy or a debt of this case, or null.',
    example: '01JBX8Q9W4M8Z7T3K2N5R6P0AC',
  })
  financial_account_id?: string | null;

  @StringField({ required: true, description: 'Name of the institution.', example: 'First Prairie Bank' })
  institution_name: string;

  @StringField({ description: 'Department.', example: 'Estate Services' })
  department_name?: string | null;

  @BooleanField({ description: 'Whether this is the default contact for its account types; false when unset.', example: true })
  is_default_contact?: boolean | null;

  @EnumArrayField(HANDLED_ACCOUNT_TYPES, { required: true, minItems: 1, description: 'The account types this contact handles (at least one).', example: ['bank', 'debt'] })
  account_types: string[];

  @StringArrayField({ description: 'Debt subtypes handled.', example: ['credit_card'] })
  debt_subtypes?: string[] | null;

  @NestedField(() => ContactMethodsBody, { description: 'How to reach the department.' })
  contact_methods?: ContactMethodsBody | null;

  @StringField({ description: 'Person to ask for.', example: 'Dana Whitfield' })
  contact_person?: string | null;

  @StringField({ description: "That person's title.", example: 'Estate Specialist' })
  contact_title?: string | null;

  @StringField({ description: "The institution's reference for this estate.", example: 'EST-55120' })
  reference_number?: string | null;

  @TextField({ description: 'Free notes.', example: 'Asks for a certified death certificate.' })
  notes?: string | null;

  @DateTimeField({ description: 'When the contact was last reached (UTC).' })
  last_contacted?: string | null;
}

/** A merge patch may change one line of the mailing address: each field optional here, the merged address is checked whole. */
export class PatchMailingAddressBody extends PartialType(AddressDto, { skipNullProperties: false }) {}

export class PatchContactMethodsBody extends PartialType(OmitType(ContactMethodsBody, ['mailing_address'] as const), { skipNullProperties: false }) {
  @NestedField(() => PatchMailingAddressBody, { description: 'Where to send letters (merged field by field).' })
  mailing_address?: PatchMailingAddressBody | null;
}

/** `#12` contact body: the specification's writable fields; `contact_methods` merges recursively (RFC 7396). */
export class PatchInstitutionContactBody extends PartialType(OmitType(CreateInstitutionContactBody, ['contact_methods', 'last_contacted'] as const), {
  skipNullProperties: false,
}) {
  @NestedField(() => PatchContactMethodsBody, { description: 'How to reach the department (merged field by field).' })
  contact_methods?: PatchContactMethodsBody | null;
}

export class InstitutionContactView extends IntersectionType(RecordView, CreateInstitutionContactBody) {}
