import { caseResource } from '@estate/shared-kernel';
import { InstitutionContact } from '../domain/institution-contact';
import { HANDLED_ACCOUNT_TYPES } from '../domain/institution-contact-vocabulary';
import { CreateInstitutionContactBody, InstitutionContactView, PatchInstitutionContactBody } from '../http/dto/institution-contact.dto';
import { InstitutionContactSchema } from '../infrastructure/persistence/institution-contact.schema';
import { FINANCIAL_ACCOUNT_ID_KINDS } from './financial-account-reference';

/**
 * Department-level contacts at institutions (`#11`, `#12`). Other records name one by `institution_contact_id`
 * (declared as `references` on their own declarations): same case or 422, released to null when the contact goes.
 */
export const institutionContactResource = caseResource<InstitutionContact>({
  name: 'institution contact',
  path: 'institution-contacts',
  idParam: 'contact_id',
  schema: InstitutionContactSchema,
  create: CreateInstitutionContactBody,
  patch: PatchInstitutionContactBody,
  view: InstitutionContactView,
  filters: {
    // Contract §4: partial and case-insensitive.
    institution_name: { kind: 'contains_text' },
    // Contract §4: contacts whose `account_types` contain the value.
    account_type: { kind: 'array_contains', values: HANDLED_ACCOUNT_TYPES, property: 'accountTypes' },
  },
  sorts: ['created_at', 'institution_name'],
  specRoutes: { list: 11, patch: 12 },
  tagDescription: 'Contacts at the institutions that hold the estate\'s accounts.',
  references: { financial_account_id: FINANCIAL_ACCOUNT_ID_KINDS },
});
