import type { CaseRecord } from '@estate/shared-kernel/domain';
import type { AccountBeneficiary } from './investment-account';
import type { DistributionStatus, RetirementAccountType } from './retirement-vocabulary';

/** An IRA, 401(k), pension or other retirement account: a plain record; its beneficiaries obey the shares rule. */
export class RetirementAccount implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  accountType: RetirementAccountType;
  custodianName: string;
  accountNumber: string | null;
  employerName: string | null;
  status: string | null;
  balance: number | null;
  beneficiaries: AccountBeneficiary[];
  distributionOptions: string[];
  rmdRequired: boolean;
  rmdAmount: number | null;
  taxTreatment: string | null;
  distributionStatus: DistributionStatus | null;
  institutionContactId: string | null;
  notes: string | null;
}
