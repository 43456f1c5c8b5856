import type { CaseRecord } from '@estate/shared-kernel/domain';
import type { StoredAddress } from './institution-contact';
import type { AccountBeneficiaryStatus, BeneficiaryDesignation, BeneficiaryDesignationType } from './financial-account-vocabulary';

/** How to reach a beneficiary (contract-extensions §12.2 `contact_info`). */
export interface BeneficiaryContactInfo {
  email?: string | null;
  phone?: string | null;
  address?: StoredAddress | null;
}

/**
 * A payable-on-death or transfer-on-death designation of a bank or a financial account (contract-extensions §12.2):
 * a plain record below its account. One table holds both: the account is named by exactly one of the two columns,
 * shown as `account_id`.
 */
export class AccountBeneficiary implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  bankAccountId: string | null;
  financialAccountId: string | null;
  name: string;
  relationship: string | null;
  personId: string | null;
  percentageShare: number;
  designation: BeneficiaryDesignation;
  designationType: BeneficiaryDesignationType | null;
  status: AccountBeneficiaryStatus;
  contactInfo: BeneficiaryContactInfo | null;
  notes: string | null;
}
