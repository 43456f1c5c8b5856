import { caseResource } from '@estate/shared-kernel';
import { RetirementAccount } from '../domain/retirement-account';
import { DISTRIBUTION_STATUSES, RETIREMENT_ACCOUNT_TYPES } from '../domain/retirement-vocabulary';
import { CreateRetirementAccountBody, PatchRetirementAccountBody, RetirementAccountView } from '../http/dto/retirement-account.dto';
import { RetirementAccountSchema } from '../infrastructure/persistence/retirement-account.schema';
import { beneficiarySharesRule } from './beneficiary-shares.rule';
import { institutionContactResource } from './institution-contact.resource';

/** Retirement accounts (`#22`, `#23`): `account_number` encrypted and masked; the beneficiary shares rule (contract §3.2). */
export const retirementAccountResource = caseResource<RetirementAccount>({
  name: 'retirement account',
  path: 'retirement-accounts',
  idParam: 'account_id',
  schema: RetirementAccountSchema,
  create: CreateRetirementAccountBody,
  patch: PatchRetirementAccountBody,
  view: RetirementAccountView,
  filters: { account_type: RETIREMENT_ACCOUNT_TYPES, distribution_status: DISTRIBUTION_STATUSES },
  sorts: ['created_at'],
  forbiddenForForeignCase: ['list'],
  specRoutes: { list: 22, patch: 23 },
  tagDescription: 'Retirement accounts and their distribution.',
  masked: ['account_number'],
  references: { institution_contact_id: () => institutionContactResource },
  rules: beneficiarySharesRule,
});
