import { caseResource } from '@estate/shared-kernel';
import { WAIVER_STATUSES } from '../domain/case-vocabulary';
import { Person } from '../domain/person';
import { PersonSchema } from '../infrastructure/persistence/case.schemas';
import { CreatePersonBody, PatchPersonBody } from '../http/dto/person.dto';

/** Heirs, beneficiaries and other interested persons: the first user of the kernel's case-resource machinery. */
export const personResource = caseResource<Person>({
  name: 'person',
  schema: PersonSchema,
  create: CreatePersonBody,
  patch: PatchPersonBody,
  filters: {
    waiver_status: WAIVER_STATUSES,
    is_beneficiary: { kind: 'boolean' },
    relationship: { kind: 'contains_text' },
  },
  sorts: ['created_at', 'updated_at', 'last_name'],
});
