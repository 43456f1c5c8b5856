import { AddressDto, field, singletonResource } from '@estate/shared-kernel';
import { Deceased } from '../domain/deceased';
import { PUT_DECEASED_EXAMPLES } from './examples';

/** The person who died: one per case, created by the first `PUT`, replaced by the next; it goes with its case. */
export const deceasedResource = singletonResource({
  name: 'deceased',
  path: 'deceased',
  table: 'deceased',
  entity: Deceased,
  patchable: false,
  fields: {
    fullName: field.string({ description: 'Full legal name; defaults to first, middle and last name.', example: 'Margaret Ann Okafor' }),
    firstName: field.string({ required: true, description: 'Given name.', example: 'Margaret' }),
    middleName: field.string({ description: 'Middle name.', example: 'Ann' }),
    lastName: field.string({ required: true, description: 'Family name.', example: 'Okafor' }),
    dateOfBirth: field.date({ description: 'Date of birth.', example: '1941-03-14' }),
    dateOfDeath: field.date({ required: true, description: 'Date of death.', example: '2026-08-20' }),
    ssn: field.ssn({ example: '123-45-6789' }),
    address: field.object(() => AddressDto, { description: 'Last residence.' }),
    email: field.email({ description: 'Last known e-mail address.', example: 'margaret.okafor@example.com' }),
    verificationLevel: field.string({ description: 'How the identity and the death were verified.', example: 'death_certificate' }),
  },
  specRoutes: { read: 6 },
  describe: {
    read: 'The SSN comes back masked; 404 while the case has no deceased record.',
    replace:
      'Creates the record (201) or replaces it whole (200). `first_name`, `last_name` and `date_of_death` are required; the SSN is accepted in full.',
  },
  examples: { replace: PUT_DECEASED_EXAMPLES },
  tagDescription: 'The person who died: identity, dates, address. The SSN is accepted in full and always returned masked.',
  rules: (body, { today }) => Deceased.datesProblems(body.date_of_birth as string | null | undefined, body.date_of_death as string, today),
  // `full_name` defaults to the given names in order when the client does not send one.
  derive: (deceased) => {
    deceased.fullName ??= Deceased.displayName(deceased.firstName, deceased.middleName, deceased.lastName);
  },
});
