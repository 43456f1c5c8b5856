import { caseResource } from '@estate/shared-kernel';
import { WAIVER_STATUSES } from '../domain/case-vocabulary';
import { Person } from '../domain/person';
import { PersonSchema } from '../infrastructure/persistence/case.schemas';
import { CreatePersonBody, PatchPersonBody, PersonView } from '../http/dto/person.dto';

/** Heirs, beneficiaries and other interested persons: a plain record on the kernel's resource machinery. */
export const personResource = caseResource<Person>({
  name: 'person',
  path: 'persons',
  idParam: 'person_id',
  schema: PersonSchema,
  create: CreatePersonBody,
  patch: PatchPersonBody,
  view: PersonView,
  filters: {
    waiver_status: WAIVER_STATUSES,
    is_beneficiary: { kind: 'boolean' },
    relationship: { kind: 'contains_text' },
  },
  sorts: ['created_at', 'updated_at', 'last_name'],
  specRoutes: { patch: 9 },
  tagDescription: 'Heirs, beneficiaries and other people involved in the estate.',
});
