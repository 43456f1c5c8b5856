import type { ErrorDetail, JsonObject } from '@estate/shared-kernel';
import { BeneficiaryShare, oversubscribedDesignations } from '../domain/beneficiary-shares';

/**
 * The declarations' `rules` for policies, retirement and investment accounts: the shares rule of contract §3.2 on the
 * create body or the merged result of a patch, as `422` details naming `beneficiaries`.
 */
export function beneficiarySharesRule(document: JsonObject): ErrorDetail[] {
  const beneficiaries = document.beneficiaries as BeneficiaryShare[] | null | undefined;
  return oversubscribedDesignations(beneficiaries).map(({ designation, total }) => ({
    field: 'beneficiaries',
    message: `the ${designation} beneficiaries' percentage_share values add up to ${total}; per designation they may add up to at most 100`,
    reason: 'rule' as const,
  }));
}
