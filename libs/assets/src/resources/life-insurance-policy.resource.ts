import { caseResource } from '@estate/shared-kernel';
import { pastFactDateProblems } from '@estate/shared-kernel/domain';
import { LifeInsurancePolicy } from '../domain/life-insurance-policy';
import { CreateLifeInsurancePolicyBody, LifeInsurancePolicyView, PatchLifeInsurancePolicyBody } from '../http/dto/life-insurance-policy.dto';
import { LifeInsurancePolicySchema } from '../infrastructure/persistence/life-insurance-policy.schema';
import { beneficiarySharesRule } from './beneficiary-shares.rule';
import { institutionContactResource } from './institution-contact.resource';

/**
 * Life insurance policies (`#24`): `policy_number` encrypted and masked; the beneficiary shares rule (contract §3.2),
 * and the claim's dates, past facts, not after today (contract-extensions §10.0's `claim_*_date`).
 * The specification names no list filters for policies, so the list has none; every route answers 404 for a foreign
 * case (no 403 in its error lists).
 */
export const lifeInsurancePolicyResource = caseResource<LifeInsurancePolicy>({
  name: 'life insurance policy',
  path: 'life-insurance',
  idParam: 'policy_id',
  schema: LifeInsurancePolicySchema,
  create: CreateLifeInsurancePolicyBody,
  patch: PatchLifeInsurancePolicyBody,
  view: LifeInsurancePolicyView,
  sorts: ['created_at'],
  specRoutes: { patch: 24 },
  tagDescription: 'Life insurance policies and their beneficiaries.',
  masked: ['policy_number'],
  references: { institution_contact_id: () => institutionContactResource },
  rules: (document, { clock }) => [...beneficiarySharesRule(document), ...pastFactDateProblems(document, ['claim_filed_date', 'claim_paid_date'], clock.today())],
});
