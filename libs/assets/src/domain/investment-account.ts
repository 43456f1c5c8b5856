import type { CaseRecord } from '@estate/shared-kernel/domain';
import type { BeneficiaryShare } from './beneficiary-shares';
import type { InvestmentAccountType, InvestmentTransferStatus } from './investment-vocabulary';

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

/** A brokerage, fund or other investment account: a plain record; its beneficiaries obey the shares rule. */
export class InvestmentAccount implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  accountType: InvestmentAccountType;
  custodianName: string;
  accountNumber: string | null;
  status: string | null;
  balance: number | null;
  holdings: Holding[];
  beneficiaries: AccountBeneficiary[];
  dateOfDeathValue: number | null;
  transferStatus: InvestmentTransferStatus | null;
  institutionContactId: string | null;
  notes: string | null;
}
