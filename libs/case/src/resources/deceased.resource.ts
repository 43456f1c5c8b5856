import { singletonResource } from '@estate/shared-kernel';
import { Deceased } from '../domain/deceased';
import { DeceasedBody, DeceasedView } from '../http/dto/deceased.dto';
import { PUT_DECEASED_EXAMPLES } from '../http/dto/examples';
import { DeceasedSchema } from '../infrastructure/persistence/case.schemas';

/** The person who died: one per case, created by the first `PUT`, replaced by the next; it goes with its case. */
export const deceasedResource = singletonResource<Deceased>({
  name: 'deceased',
  path: 'deceased',
  schema: DeceasedSchema,
  body: DeceasedBody,
  view: DeceasedView,
  specRoutes: { read: 6 },
  describe: {
    read: 'The SSN comes back masked; 404 while the case has no deceased record.',
    replace:
      'Creates the record (201) or replaces it whole (200). `first_name`, `last_name` and `date_of_death` are required; the SSN is accepted in full.',
  },
  examples: { replace: PUT_DECEASED_EXAMPLES },
  tagDescription: 'The person who died: identity, dates, address. The SSN is accepted in full and always returned masked.',
  masked: ['ssn'],
  rules: (body, { today }) => Deceased.datesProblems(body.date_of_birth as string | null | undefined, body.date_of_death as string, today),
  // `full_name` defaults to the given names in order when the client does not send one.
  derive: (deceased) => {
    deceased.fullName ??= Deceased.displayName(deceased.firstName, deceased.middleName, deceased.lastName);
  },
});
