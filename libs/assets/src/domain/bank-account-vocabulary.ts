/** Value sets of bank accounts and their recurring payments, from the specification's tables. */
export const BANK_ACCOUNT_TYPES = ['checking', 'savings', 'cd', 'money_market', 'hsa', 'trust_account', 'estate_account', 'joint_account'] as const;
export const OWNERSHIP_TYPES = [
  'individual',
  'joint_tenants_wros',
  'tenants_in_common',
  'pod_payable_on_death',
  'tod_transfer_on_death',
  'trust',
  'estate',
] as const;
export const BANK_ACCOUNT_STATUSES = ['open', 'closed', 'frozen', 'dormant', 'pending_closure', 'restricted'] as const;
export const INSTANT_TRANSFER_ELIGIBILITIES = ['eligible', 'ineligible'] as const;

export const RECURRING_PAYMENT_TYPES = [
  'direct_deposit',
  'autopay',
  'subscription',
  'loan_payment',
  'insurance_premium',
  'utility',
  'pension',
  'social_security',
  'annuity',
] as const;
export const RECURRING_PAYMENT_STATUSES = ['active', 'cancelled', 'paused', 'transferred'] as const;

export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];
export type OwnershipType = (typeof OWNERSHIP_TYPES)[number];
export type BankAccountStatus = (typeof BANK_ACCOUNT_STATUSES)[number];
export type InstantTransferEligibility = (typeof INSTANT_TRANSFER_ELIGIBILITIES)[number];
export type RecurringPaymentType = (typeof RECURRING_PAYMENT_TYPES)[number];
export type RecurringPaymentStatus = (typeof RECURRING_PAYMENT_STATUSES)[number];

/** Contract §11.3: who a signer of an account is. At most one `primary_holder` per account. */
export const SIGNER_ROLES = ['primary_holder', 'joint_holder', 'authorized_signer', 'power_of_attorney_agent', 'trustee', 'custodian'] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];
