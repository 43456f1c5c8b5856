import type { AccountBeneficiary } from './investment-account';
import type { DistributionStatus, RetirementAccountType } from './retirement-vocabulary';

/**
 * What the inventory and the court accounting read of an IRA, 401(k), pension or other retirement account (the record
 * has more: its declaration); its beneficiaries obey the shares rule.
 */
export interface RetirementAccountFacts {
  id: string;
  accountType: RetirementAccountType;
  custodianName: string;
  accountNumber: string | null;
  balance: number | null;
  beneficiaries: AccountBeneficiary[];
  distributionStatus: DistributionStatus | null;
  createdAt: Date;
}
