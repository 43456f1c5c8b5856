import { caseResource, field, ResourceRecord } from '@estate/shared-kernel';
import { OWNERSHIP_TYPES } from '../domain/bank-account-vocabulary';
import { FINANCIAL_ACCOUNT_KINDS, FINANCIAL_ACCOUNT_STATUSES } from '../domain/financial-account-vocabulary';
import { institutionContactResource } from './institution-contact.resource';

/**
 * Financial accounts (contract-extensions §12.1): a plain record; `account_number` is encrypted at rest and masked
 * like a bank account's. `status` has no `status_changed` event (§14.2): a move of it is `financial_account.updated`.
 */
export const financialAccountResource = caseResource({
  name: 'financial account',
  path: 'financial-accounts',
  idParam: 'account_id',
  table: 'financial_accounts',
  fields: {
    accountKind: field.enum(FINANCIAL_ACCOUNT_KINDS, { required: true, description: 'What kind of account it is (one none of the specific kinds fits).', example: 'annuity' }),
    institutionName: field.string({ required: true, description: 'The institution holding the account (insurer, app, bank, employer…).', example: 'Midwest Mutual Life' }),
    accountNumber: field.string({ max: 64, encrypted: true, description: 'Account or contract number; accepted in full, stored encrypted, returned masked.', example: 'AN-99812034' }),
    accountTitle: field.string({ description: 'Title on the account.', example: 'Margaret A. Okafor' }),
    ownershipType: field.enum(OWNERSHIP_TYPES, { description: 'How the account is owned (the bank account set).', example: 'individual' }),
    status: field.enum(FINANCIAL_ACCOUNT_STATUSES, { default: 'open', column: { length: 20 }, description: 'Status of the account; `open` when unset.', example: 'open' }),
    balance: field.money({ description: 'Balance (or value) of the account.', example: 48210.55 }),
    balanceAsOf: field.date({ description: 'The date of that balance.', example: '2026-10-31' }),
    dateOfDeathValue: field.money({ description: 'Value on the date of death.', example: 47980 }),
    institutionContactId: field.reference(() => institutionContactResource, { description: 'An institution contact of this case, or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AD' }),
    notes: field.text({ description: 'Free notes.', example: 'Annuity contract; death claim form requested.' }),
  },
  filters: {
    account_kind: FINANCIAL_ACCOUNT_KINDS,
    status: FINANCIAL_ACCOUNT_STATUSES,
    // Case-insensitive partial match, as bank accounts and institution contacts have it (contract §4).
    institution_name: { kind: 'contains_text' },
  },
  sorts: ['created_at', 'balance'],
  tagDescription: 'Accounts of the deceased that none of the specific kinds fits (annuities, payment apps, safe deposit boxes…), and their beneficiaries.',
});

export type FinancialAccount = ResourceRecord<typeof financialAccountResource>;
