import { caseResource, field, ResourceRecord } from '@estate/shared-kernel';
import { WAIVER_STATUSES } from '../domain/case-vocabulary';

/** Heirs, beneficiaries and other interested persons: a plain record on the kernel's resource machinery. */
export const personResource = caseResource({
  name: 'person',
  path: 'persons',
  idParam: 'person_id',
  table: 'persons',
  fields: {
    firstName: field.string({ required: true, description: 'Given name.', example: 'Grace' }),
    middleName: field.string({ description: 'Middle name.', example: 'Adaeze' }),
    lastName: field.string({ required: true, description: 'Family name.', example: 'Okafor' }),
    suffix: field.string({ max: 20, column: { length: 200 }, description: 'Name suffix.', example: 'Jr.' }),
    relationship: field.string({ required: true, description: 'Relationship to the deceased, free text.', example: 'daughter' }),
    email: field.email({ description: 'E-mail address.', example: 'grace.okafor@example.com' }),
    phone: field.string({ max: 40, description: 'Phone number, as given.', example: '+1 217 555 0134' }),
    isBeneficiary: field.boolean({ description: 'Whether the person inherits under the will or by law; false when unset.', example: true }),
    possibleDispute: field.boolean({ description: 'Whether the person may dispute the estate; false when unset.', example: false }),
    isDeceased: field.boolean({ description: 'Whether the person has died too; false when unset.', example: false }),
    waiverStatus: field.enum(WAIVER_STATUSES, { description: 'Where the person stands on a waiver.', example: 'waiver_pending' }),
  },
  filters: {
    waiver_status: WAIVER_STATUSES,
    is_beneficiary: { kind: 'boolean' },
    relationship: { kind: 'contains_text' },
  },
  sorts: ['created_at', 'updated_at', 'last_name'],
  specRoutes: { patch: 9 },
  tagDescription: 'Heirs, beneficiaries and other people involved in the estate.',
});

export type Person = ResourceRecord<typeof personResource>;
