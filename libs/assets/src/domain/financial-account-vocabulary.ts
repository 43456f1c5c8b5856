/** Value sets of financial accounts (contract-extensions §12.1); `ownership_type` is the bank account set. */
export const FINANCIAL_ACCOUNT_KINDS = [
  'annuity',
  'payment_app',
  'prepaid_card',
  'safe_deposit_box',
  'escrow',
  'loyalty_rewards',
  'employer_benefit',
  'other',
] as const;
export const FINANCIAL_ACCOUNT_STATUSES = ['open', 'closed', 'frozen', 'pending_closure'] as const;

export type FinancialAccountKind = (typeof FINANCIAL_ACCOUNT_KINDS)[number];
export type FinancialAccountStatus = (typeof FINANCIAL_ACCOUNT_STATUSES)[number];

/** Value sets of the beneficiaries of bank and financial accounts (contract-extensions §12.2). */
export const BENEFICIARY_DESIGNATIONS = ['primary', 'contingent'] as const;
export const BENEFICIARY_DESIGNATION_TYPES = ['pod', 'tod', 'other'] as const;
/** A `disclaimed` beneficiary holds no share: the share rule leaves it out. */
export const ACCOUNT_BENEFICIARY_STATUSES = ['active', 'pending_verification', 'claimed', 'disclaimed'] as const;

export type BeneficiaryDesignation = (typeof BENEFICIARY_DESIGNATIONS)[number];
export type BeneficiaryDesignationType = (typeof BENEFICIARY_DESIGNATION_TYPES)[number];
export type AccountBeneficiaryStatus = (typeof ACCOUNT_BENEFICIARY_STATUSES)[number];
