import { caseResource, ErrorDetail, JsonObject, WriteContext } from '@estate/shared-kernel';
import { centsOf, centsToText } from '@estate/shared-kernel/domain';
import { personResource } from '@estate/case';
import { AccountBeneficiary } from '../domain/account-beneficiary';
import { BeneficiaryShare, shareRefusal } from '../domain/beneficiary-shares';
import { AccountBeneficiaryView, CreateAccountBeneficiaryBody, PatchAccountBeneficiaryBody } from '../http/dto/account-beneficiary.dto';
import { AccountBeneficiarySchema } from '../infrastructure/persistence/account-beneficiary.schema';
import { bankAccountResource } from './bank-account.resource';
import { financialAccountResource } from './financial-account.resource';

/**
 * The share rule of contract-extensions §12.2, for both kinds of account: per account and `designation`, the shares
 * of the beneficiaries who have not disclaimed add up to at most 100.00 (the domain's one sum). It checks the create
 * body or the merged result of a patch against the account's other beneficiaries (the route's scope names the
 * account), and the refusal says how much is left. Race-safe because every write of a case holds the case row first:
 * two concurrent creates on one account run one after the other, and the second sees the first.
 */
async function accountSharesRule(document: JsonObject, { em, scope, id }: WriteContext): Promise<ErrorDetail[]> {
  const { caseId, ...account } = scope;
  const others = await em.find(
    AccountBeneficiarySchema,
    { caseId, ...account, ...(id ? { id: { $ne: id } } : {}) },
    { fields: ['percentageShare', 'designation', 'status'] },
  );
  const refusal = shareRefusal(
    document as BeneficiaryShare,
    others.map((other) => ({ percentage_share: other.percentageShare, designation: other.designation, status: other.status })),
  );
  if (!refusal) return [];
  const asked = centsToText(centsOf(document.percentage_share as number) ?? 0n);
  return [
    {
      field: 'percentage_share',
      message: `percentage_share ${asked} is more than is left: ${centsToText(refusal.left)} of 100.00 is left for ${refusal.designation} beneficiaries of this account`,
      reason: 'rule',
    },
  ];
}

/** What the beneficiaries under either kind of account share: one table, one body, one view, one event key. */
const beneficiaries = {
  eventKey: 'account_beneficiary',
  idParam: 'beneficiary_id',
  schema: AccountBeneficiarySchema,
  create: CreateAccountBeneficiaryBody,
  patch: PatchAccountBeneficiaryBody,
  view: AccountBeneficiaryView,
  // Contract-extensions §10.0: a `person_id` names a Person of the same case, or is null (422); deleting the person clears it.
  references: { person_id: () => personResource },
  rules: accountSharesRule,
  // The account is stored in the column of its kind; the API shows it as `account_id`, after `id`.
  present: (record: Pick<AccountBeneficiary, 'bankAccountId' | 'financialAccountId'>, view: Record<string, unknown>) => {
    const { id, ...rest } = view;
    return { id, account_id: record.bankAccountId ?? record.financialAccountId, ...rest };
  },
} as const;

/** Beneficiaries of a bank account (contract-extensions §12.2). Events `account_beneficiary.created|updated|deleted`. */
export const bankAccountBeneficiaryResource = caseResource<AccountBeneficiary>({
  name: 'bank account beneficiary',
  path: 'bank-accounts/:account_id/beneficiaries',
  parent: { resource: () => bankAccountResource, param: 'account_id', property: 'bankAccountId' },
  tag: 'bank-accounts',
  ...beneficiaries,
});

/** Beneficiaries of a financial account (contract-extensions §12.2): the same record, rule and events. */
export const financialAccountBeneficiaryResource = caseResource<AccountBeneficiary>({
  name: 'financial account beneficiary',
  path: 'financial-accounts/:account_id/beneficiaries',
  parent: { resource: () => financialAccountResource, param: 'account_id', property: 'financialAccountId' },
  tag: 'financial-accounts',
  ...beneficiaries,
});
