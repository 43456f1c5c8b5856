import type { BeneficiaryShare } from './beneficiary-shares';
import type { InvestmentAccountType } from './investment-vocabulary';

export interface Holding {
  symbol?: string | null;
  name?: string | null;
  quantity?: number | null;
  market_value?: number | null;
  cost_basis?: number | null;
  asset_class?: string | null;
}

export interface AccountBeneficiary extends BeneficiaryShare {
  relationship?: string | null;
}

/**
 * What the inventory and the court accounting read of an investment account (the record has more: its declaration);
 * its beneficiaries obey the shares rule.
 */
export interface InvestmentAccountFacts {
  id: string;
  accountType: InvestmentAccountType;
  custodianName: string;
  accountNumber: string | null;
  balance: number | null;
  holdings: Holding[];
  beneficiaries: AccountBeneficiary[];
  dateOfDeathValue: number | null;
  transferStatus: string | null;
  createdAt: Date;
}
