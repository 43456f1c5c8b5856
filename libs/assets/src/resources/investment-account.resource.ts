import { caseResource } from '@estate/shared-kernel';
import { InvestmentAccount } from '../domain/investment-account';
import { INVESTMENT_ACCOUNT_TYPES, INVESTMENT_TRANSFER_STATUSES } from '../domain/investment-vocabulary';
import { CreateInvestmentAccountBody, InvestmentAccountView, PatchInvestmentAccountBody } from '../http/dto/investment-account.dto';
import { InvestmentAccountSchema } from '../infrastructure/persistence/investment-account.schema';
import { beneficiarySharesRule } from './beneficiary-shares.rule';
import { institutionContactResource } from './institution-contact.resource';

/** Investment accounts (`#21`): `account_number` encrypted and masked; the beneficiary shares rule (contract §3.2). */
export const investmentAccountResource = caseResource<InvestmentAccount>({
  name: 'investment account',
  path: 'investment-accounts',
  idParam: 'account_id',
  schema: InvestmentAccountSchema,
  create: CreateInvestmentAccountBody,
  patch: PatchInvestmentAccountBody,
  view: InvestmentAccountView,
  filters: { account_type: INVESTMENT_ACCOUNT_TYPES, transfer_status: INVESTMENT_TRANSFER_STATUSES },
  sorts: ['created_at'],
  forbiddenForForeignCase: ['list'],
  specRoutes: { list: 21 },
  tagDescription: 'Investment accounts and their transfer.',
  masked: ['account_number'],
  references: { institution_contact_id: () => institutionContactResource },
  rules: beneficiarySharesRule,
});
