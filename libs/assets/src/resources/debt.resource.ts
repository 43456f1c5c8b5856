import { caseResource, field, ResourceRecord } from '@estate/shared-kernel';
import { DEBT_CONDITIONS, DEBT_TYPES, NOTIFICATION_STATUSES, RESPONSIBILITY_CODES } from '../domain/debt-vocabulary';
import { institutionContactResource } from './institution-contact.resource';
import { interestRateField } from './interest-rate.field';

/**
 * Debts (`#1`–`#3`): a plain record; `account_number` is encrypted at rest and masked by the serializer. The `#3`
 * body is exactly the specification's writable fields: the others are sent on create only.
 */
export const debtResource = caseResource({
  name: 'debt',
  path: 'debts',
  idParam: 'debt_id',
  table: 'debts',
  caseIdShown: true,
  fields: {
    debtType: field.enum(DEBT_TYPES, { required: true, createOnly: true, column: { length: 10 }, description: 'Debt type code (credit bureau account type).', example: 'CHG' }),
    creditorName: field.string({ required: true, description: 'Who is owed.', example: 'Lakeside Card Services' }),
    accountNumber: field.string({ max: 40, encrypted: true, description: 'Account number; accepted in full, stored encrypted, returned masked.', example: '4111222233334444' }),
    condition: field.enum(DEBT_CONDITIONS, { createOnly: true, column: { length: 20 }, description: 'Condition of the account as reported.', example: 'OPEN' }),
    responsibility: field.enum(RESPONSIBILITY_CODES, { createOnly: true, column: { length: 1 }, description: 'Who is responsible for the debt (credit bureau ECOA code).', example: 'I' }),
    balance: field.money({ description: 'Balance owed.', example: 2310.55 }),
    creditLimit: field.money({ description: 'Credit limit.', example: 5000 }),
    minimumPayment: field.money({ createOnly: true, description: 'Minimum payment due.', example: 75 }),
    interestRate: interestRateField(22.99),
    isJointAccount: field.boolean({ description: 'Whether the account is held jointly; false when unset.', example: false }),
    jointHolderName: field.string({ description: 'The joint holder.', example: 'Samuel Okafor' }),
    collectionAgency: field.string({ description: 'Collection agency holding the debt.', example: 'Midstate Recovery' }),
    originalCreditor: field.string({ description: 'Original creditor, for a debt sold or placed.', example: 'Harbor Bank' }),
    creditBureauSource: field.string({ createOnly: true, description: 'Credit bureau the debt was found through.', example: 'experian' }),
    lastPaymentDate: field.date({ createOnly: true, description: 'Date of the last payment.', example: '2026-07-15' }),
    notificationStatus: field.enum(NOTIFICATION_STATUSES, { createOnly: true, column: { length: 20 }, description: 'Where the creditor stands on notice of the death.', example: 'not_notified' }),
    notificationDate: field.date({ createOnly: true, description: 'When the creditor was notified.', example: '2026-09-03' }),
    institutionContactId: field.reference(() => institutionContactResource, { description: 'An institution contact of the same case, or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0CD' }),
    notes: field.text({ column: { type: 'text', length: undefined }, description: 'Free notes.', example: 'Statement requested.' }),
  },
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
});

export type Debt = ResourceRecord<typeof debtResource>;

/** `#2` collections: the filters the specification gives that list (condition, responsibility; contract §4). */
export const COLLECTION_FILTERS = {
  condition: DEBT_CONDITIONS,
  responsibility: RESPONSIBILITY_CODES,
} as const;
