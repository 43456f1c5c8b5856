import { caseResource } from '@estate/shared-kernel';
import { FinancialAccount } from '../domain/financial-account';
import { FINANCIAL_ACCOUNT_KINDS, FINANCIAL_ACCOUNT_STATUSES } from '../domain/financial-account-vocabulary';
import { CreateFinancialAccountBody, FinancialAccountView, PatchFinancialAccountBody } from '../http/dto/financial-account.dto';
import { FinancialAccountSchema } from '../infrastructure/persistence/financial-account.schema';
import { institutionContactResource } from './institution-contact.resource';

/**
 * Financial accounts (contract-extensions §12.1): a plain record; `account_number` is encrypted at rest and masked
 * like a bank account's. `status` has no `status_changed` event (§14.2): a move of it is `financial_account.updated`.
 */
export const financialAccountResource = caseResource<FinancialAccount>({
  name: 'financial account',
  path: 'financial-accounts',
  idParam: 'account_id',
  schema: FinancialAccountSchema,
  create: CreateFinancialAccountBody,
  patch: PatchFinancialAccountBody,
  view: FinancialAccountView,
  filters: {
    account_kind: FINANCIAL_ACCOUNT_KINDS,
    status: FINANCIAL_ACCOUNT_STATUSES,
    // Case-insensitive partial match, as bank accounts and institution contacts have it (contract §4).
    institution_name: { kind: 'contains_text' },
  },
  sorts: ['created_at', 'balance'],
  tagDescription: 'Accounts of the deceased that none of the specific kinds fits (annuities, payment apps, safe deposit boxes…), and their beneficiaries.',
  masked: ['account_number'],
  references: { institution_contact_id: () => institutionContactResource },
});
