import { OmitType, PartialType } from '@nestjs/swagger';
import { AddressDto, caseResource, EmailField, field, NestedField, ResourceRecord, StringField } from '@estate/shared-kernel';
import { HANDLED_ACCOUNT_TYPES } from '../domain/institution-contact-vocabulary';
import { FINANCIAL_ACCOUNT_ID_KINDS } from './financial-account-reference';

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

/** A merge patch may change one line of the mailing address: each field optional here, the merged address is checked whole. */
export class PatchMailingAddressBody extends PartialType(AddressDto, { skipNullProperties: false }) {}

export class PatchContactMethodsBody extends PartialType(OmitType(ContactMethodsBody, ['mailing_address'] as const), { skipNullProperties: false }) {
  @NestedField(() => PatchMailingAddressBody, { description: 'Where to send letters (merged field by field).' })
  mailing_address?: PatchMailingAddressBody | null;
}

/**
 * Department-level contacts at institutions (`#11`, `#12`). Other records name one by `institution_contact_id`
 * (declared as references on their own declarations): same case or 422, released to null when the contact goes.
 * The `#12` body is the specification's writable fields (`last_contacted` is sent on create only); `contact_methods`
 * merges recursively (RFC 7396).
 */
export const institutionContactResource = caseResource({
  name: 'institution contact',
  path: 'institution-contacts',
  idParam: 'contact_id',
  table: 'institution_contacts',
  fields: {
    financialAccountId: field.reference(FINANCIAL_ACCOUNT_ID_KINDS, {
      max: 200,
      column: { length: 200 },
      description: 'The account this contact handles, when it is one: a financial, bank, investment or retirement account, a life insurance policy or a debt of this case, or null.',
      example: '01JBX8Q9W4M8Z7T3K2N5R6P0AC',
    }),
    institutionName: field.string({ required: true, description: 'Name of the institution.', example: 'First Prairie Bank' }),
    departmentName: field.string({ description: 'Department.', example: 'Estate Services' }),
    isDefaultContact: field.boolean({ description: 'Whether this is the default contact for its account types; false when unset.', example: true }),
    accountTypes: field.enumArray(HANDLED_ACCOUNT_TYPES, {
      required: true,
      minItems: 1,
      default: undefined,
      column: { type: 'string[]', columnType: 'text[]' },
      description: 'The account types this contact handles (at least one).',
      example: ['bank', 'debt'],
    }),
    debtSubtypes: field.stringArray({ column: { type: 'string[]', columnType: 'text[]' }, description: 'Debt subtypes handled.', example: ['credit_card'] }),
    contactMethods: field.object(() => ContactMethodsBody, {
      description: 'How to reach the department.',
      patch: NestedField(() => PatchContactMethodsBody, { description: 'How to reach the department (merged field by field).' }),
    }),
    contactPerson: field.string({ description: 'Person to ask for.', example: 'Dana Whitfield' }),
    contactTitle: field.string({ description: "That person's title.", example: 'Estate Specialist' }),
    referenceNumber: field.string({ description: "The institution's reference for this estate.", example: 'EST-55120' }),
    notes: field.text({ column: { type: 'text', length: undefined }, description: 'Free notes.', example: 'Asks for a certified death certificate.' }),
    lastContacted: field.dateTime({ createOnly: true, description: 'When the contact was last reached (UTC).' }),
  },
  filters: {
    // Contract §4: partial and case-insensitive.
    institution_name: { kind: 'contains_text' },
    // Contract §4: contacts whose `account_types` contain the value.
    account_type: { kind: 'array_contains', values: HANDLED_ACCOUNT_TYPES, property: 'accountTypes' },
  },
  sorts: ['created_at', 'institution_name'],
  specRoutes: { list: 11, patch: 12 },
  tagDescription: 'Contacts at the institutions that hold the estate\'s accounts.',
});

export type InstitutionContact = ResourceRecord<typeof institutionContactResource>;
