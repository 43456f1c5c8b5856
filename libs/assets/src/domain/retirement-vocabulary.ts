/** Value sets of retirement accounts, from the specification's Retirement account table and `#22`. */
export const RETIREMENT_ACCOUNT_TYPES = [
  'traditional_ira',
  'roth_ira',
  '401k',
  '403b',
  '457',
  'sep_ira',
  'simple_ira',
  'keogh',
  'pension',
  'tsp',
  'military_pension',
  'fegli',
  'inherited_ira',
  'other',
] as const;
export const DISTRIBUTION_STATUSES = ['not_started', 'in_progress', 'completed', 'pending_beneficiary_docs'] as const;

export type RetirementAccountType = (typeof RETIREMENT_ACCOUNT_TYPES)[number];
export type DistributionStatus = (typeof DISTRIBUTION_STATUSES)[number];
