import type { CaseRecord } from '@estate/shared-kernel/domain';
import type { AccountBeneficiary } from './investment-account';

export interface PolicyBeneficiary extends AccountBeneficiary {
  is_irrevocable?: boolean | null;
}

/** A life insurance policy: a plain record. `policy_number` is encrypted at rest and masked on the way out. */
export class LifeInsurancePolicy implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  policyType: string | null;
  carrierName: string;
  policyNumber: string;
  status: string | null;
  deathBenefit: number | null;
  cashValue: number | null;
  beneficiaries: PolicyBeneficiary[];
  premiumStatus: string | null;
  employerName: string | null;
  claimStatus: string | null;
  claimFiledDate: string | null;
  claimPaidDate: string | null;
  claimPaidAmount: number | null;
  institutionContactId: string | null;
  notes: string | null;
}
