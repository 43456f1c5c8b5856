import type { AccountBeneficiary } from './investment-account';

export interface PolicyBeneficiary extends AccountBeneficiary {
  is_irrevocable?: boolean | null;
}

/** What the inventory and the court accounting read of a life insurance policy (the record has more: its declaration). */
export interface LifeInsurancePolicyFacts {
  id: string;
  carrierName: string;
  policyType: string | null;
  /** Full number in memory, encrypted at rest, masked in every response. */
  policyNumber: string;
  deathBenefit: number | null;
  beneficiaries: PolicyBeneficiary[];
  claimPaidDate: string | null;
  claimPaidAmount: number | null;
  createdAt: Date;
}
