import { caseResource } from '@estate/shared-kernel';
import { Debt } from '../domain/debt';
import { DEBT_CONDITIONS, DEBT_TYPES, NOTIFICATION_STATUSES, RESPONSIBILITY_CODES } from '../domain/debt-vocabulary';
import { CreateDebtBody, DebtView, PatchDebtBody } from '../http/dto/debt.dto';
import { DebtSchema } from '../infrastructure/persistence/debt.schema';
import { institutionContactResource } from './institution-contact.resource';

/** Debts (`#1`–`#3`): a plain record; `account_number` is encrypted at rest and masked by the serializer. */
export const debtResource = caseResource<Debt>({
  name: 'debt',
  path: 'debts',
  idParam: 'debt_id',
  schema: DebtSchema,
  create: CreateDebtBody,
  patch: PatchDebtBody,
  view: DebtView,
  filters: {
    debt_type: DEBT_TYPES,
    condition: DEBT_CONDITIONS,
    responsibility: RESPONSIBILITY_CODES,
    notification_status: NOTIFICATION_STATUSES,
  },
  sorts: ['created_at'],
  // `#1` lists 403 (contract §2); the other debt routes answer 404 for a foreign case.
  forbiddenForForeignCase: ['list'],
  specRoutes: { list: 1, patch: 3 },
  ownSpecRoutes: [{ number: 2, method: 'get', path: 'type/collections' }],
  tagDescription: 'Debts of the deceased and the collections among them.',
  masked: ['account_number'],
  references: { institution_contact_id: () => institutionContactResource },
});

/** `#2` collections: the filters the specification gives that list (condition, responsibility; contract §4). */
export const COLLECTION_FILTERS = {
  condition: DEBT_CONDITIONS,
  responsibility: RESPONSIBILITY_CODES,
} as const;
