/** Value sets of investment accounts, from the specification's Investment account table and `#21`. */
export const INVESTMENT_ACCOUNT_TYPES = [
  'brokerage',
  'mutual_fund',
  'etf',
  'individual_stocks',
  'individual_bonds',
  'index_fund',
  'managed_account',
  '529_plan',
  'drip',
  'private_equity',
  'alternative_investment',
  'hsa',
  'msa',
  'cryptocurrency',
  'other',
] as const;
export const INVESTMENT_TRANSFER_STATUSES = ['not_started', 'paperwork_submitted', 'in_review', 'transferred', 'liquidated'] as const;

export type InvestmentAccountType = (typeof INVESTMENT_ACCOUNT_TYPES)[number];
export type InvestmentTransferStatus = (typeof INVESTMENT_TRANSFER_STATUSES)[number];
