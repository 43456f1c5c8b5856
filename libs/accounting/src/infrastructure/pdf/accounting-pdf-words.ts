import type { AccountingCategory, CarrySource } from '@estate/assets';
import type { LiabilityLineJson } from '../../domain/accounting-document';
import type { ReportedSource, UnreconciledKind } from '../../domain/accounting-lines';
import type { PropertyKind } from '../../domain/property-refs';

/**
 * Contract-extensions §16.10: the words a person would write where the API has a code. The JSON and CSV keep the codes
 * (clients read them); the page never shows one. The maps over the accounting's own sets are typed `Record`s, so a new
 * value fails the typecheck until it has its words; codes the records' descriptions carry (an account's type, a
 * property's type) go through `plainWords`, whose last resort turns any `snake_case` left into words.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `2026-06-30` → `June 30, 2026`; anything else as given. */
export function dateInWords(date: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date ?? '');
  if (!match) return date ?? '';
  return `${MONTHS[Number(match[2]) - 1]} ${Number(match[3])}, ${match[1]}`;
}

/** `14:30` → `2:30 p.m.`; anything else as given. */
export function timeInWords(time: string | null | undefined): string {
  const match = /^(\d{2}):(\d{2})/.exec(time ?? '');
  if (!match) return time ?? '';
  const hour = Number(match[1]);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${hour < 12 ? 'a.m.' : 'p.m.'}`;
}

export const PROPERTY_KIND_WORDS: Readonly<Record<PropertyKind, string>> = {
  bank_account: 'Bank account',
  investment_account: 'Investment account',
  retirement_account: 'Retirement account',
  life_insurance_policy: 'Life insurance',
  real_estate_property: 'Real property',
  real_estate: 'Real property',
  vehicle: 'Vehicle',
  financial_account: 'Financial account',
  business: 'Business interest',
  unclaimed_property: 'Unclaimed property',
};

export const CARRY_SOURCE_WORDS: Readonly<Record<CarrySource, string>> = {
  transactions: 'ledger balance',
  date_of_death_value: 'value at death',
  balance: 'balance',
  holdings_market_value: 'market value of holdings',
  death_benefit: 'death benefit',
  latest_valuation: 'latest appraisal',
  estimated_value: 'estimated value',
  interest_value: 'value of the interest',
  claim_paid_amount: 'amount paid on claim',
  none: 'no value recorded',
};

export const CATEGORY_WORDS: Readonly<Record<AccountingCategory, string>> = {
  interest: 'Interest',
  dividends: 'Dividends',
  rent: 'Rent',
  refund: 'Refunds',
  other_receipt: 'Other receipts',
  funeral: 'Funeral expenses',
  administration: 'Administration expenses',
  fiduciary_fees: "Personal representative's fees",
  attorney_fees: "Attorney's fees",
  court_costs: 'Court costs',
  taxes: 'Taxes',
  creditor_claims: "Creditors' claims",
  property_expenses: 'Property expenses',
  sale_expenses: 'Expenses of sale',
  other_disbursement: 'Other disbursements',
  distribution: 'Distributions',
  asset_proceeds: 'Proceeds of sale',
  transfer: 'Transfer between accounts',
};

export const LIABILITY_KIND_WORDS: Readonly<Record<LiabilityLineJson['kind'], string>> = { claim: 'Claim', debt: 'Debt', encumbrance: 'Encumbrance' };

export const UNRECONCILED_KIND_WORDS: Readonly<Record<UnreconciledKind, string>> = {
  proceeds_mismatch: 'Proceeds differ',
  unmatched_proceeds: 'Proceeds without a sale',
  unmatched_transfers: 'Transfers do not net to zero',
  balance_mismatch: 'Balance differs',
  claim_payment_not_recorded: 'Claim payment not recorded',
  currency_not_supported: 'Foreign currency',
};

export const REPORTED_SOURCE_WORDS: Readonly<Record<ReportedSource, string>> = { statement: 'bank statement', current_balance: 'current balance' };

export const DISTRIBUTION_KIND_WORDS: Readonly<Record<'cash' | 'in_kind', string>> = { cash: 'Cash', in_kind: 'In kind' };

/**
 * Codes the records' descriptions carry (`First Bank estate_account`, `12 Elm Street … (single_family)`): bank,
 * investment and retirement account types, financial account kinds, property types, unclaimed property types and
 * distribution types, plus the category named in reconciliation messages.
 */
const EMBEDDED_CODE_WORDS: Readonly<Record<string, string>> = {
  // bank accounts
  money_market: 'money market account',
  hsa: 'health savings account',
  trust_account: 'trust account',
  estate_account: 'estate account',
  joint_account: 'joint account',
  cd: 'certificate of deposit',
  // investment and retirement accounts
  mutual_fund: 'mutual fund',
  etf: 'exchange-traded fund',
  individual_stocks: 'stocks',
  individual_bonds: 'bonds',
  index_fund: 'index fund',
  managed_account: 'managed account',
  '529_plan': '529 plan',
  drip: 'dividend reinvestment plan',
  private_equity: 'private equity',
  alternative_investment: 'alternative investment',
  msa: 'medical savings account',
  traditional_ira: 'traditional IRA',
  roth_ira: 'Roth IRA',
  '401k': '401(k)',
  '403b': '403(b)',
  '457': '457 plan',
  sep_ira: 'SEP IRA',
  simple_ira: 'SIMPLE IRA',
  tsp: 'Thrift Savings Plan',
  military_pension: 'military pension',
  fegli: 'FEGLI',
  inherited_ira: 'inherited IRA',
  // financial accounts
  payment_app: 'payment app',
  prepaid_card: 'prepaid card',
  safe_deposit_box: 'safe deposit box',
  loyalty_rewards: 'loyalty rewards',
  employer_benefit: 'employer benefit',
  // real estate
  single_family: 'single-family residence',
  multi_family: 'multi-family residence',
  condo: 'condominium',
  mobile_home: 'mobile home',
  vacant_land: 'vacant land',
  farm_ranch: 'farm or ranch',
  mixed_use: 'mixed use',
  // unclaimed property
  dormant_bank_account: 'dormant bank account',
  uncashed_check: 'uncashed check',
  insurance_proceeds: 'insurance proceeds',
  insurance_refund: 'insurance refund',
  utility_deposit: 'utility deposit',
  rental_deposit: 'rental deposit',
  stocks_bonds: 'stocks and bonds',
  retirement_account: 'retirement account',
  gift_card: 'gift card',
  mineral_rights: 'mineral rights',
  // distributions
  specific_bequest: 'specific bequest',
  pecuniary_bequest: 'pecuniary bequest',
  family_allowance: 'family allowance',
  homestead_allowance: 'homestead allowance',
  exempt_property: 'exempt property',
  personal_property: 'personal property',
  in_kind: 'in kind',
  // named in reconciliation messages
  asset_proceeds: 'sale proceeds',
  creditor_claims: "creditors' claims",
  current_balance: 'current balance',
};

/** Bank account types, the last word of a bank account's description (`{institution} {account_type}`). */
const BANK_ACCOUNT_TYPES = ['checking', 'savings', 'cd', 'money_market', 'hsa', 'trust_account', 'estate_account', 'joint_account'];

/** Free text with every code in it turned into words; a `snake_case` token no map knows loses its underscores. */
export function plainWords(text: string): string {
  return text.replace(/\b[a-z0-9]+(?:_[a-z0-9]+)+\b|\b(?:cd|hsa|etf|msa|drip|tsp|fegli|condo|401k|403b|529_plan)\b/g, (code) => EMBEDDED_CODE_WORDS[code] ?? code.replace(/_/g, ' '));
}

/** A bank account's description in words, and the institution it names (`First Bank estate_account` → `First Bank`). */
export function bankAccountWords(description: string): { institution: string; account: string } {
  const type = BANK_ACCOUNT_TYPES.find((candidate) => description.endsWith(` ${candidate}`));
  if (!type) return { institution: description, account: plainWords(description) };
  const institution = description.slice(0, -type.length - 1);
  return { institution, account: `${institution} ${EMBEDDED_CODE_WORDS[type] ?? `${type} account`}` };
}

/** A liability's description in words: a debt's credit-bureau type code (`Card Bank (CCP)`) is no word, and goes. */
export function liabilityWords(line: Pick<LiabilityLineJson, 'kind' | 'description'>): string {
  const text = line.kind === 'debt' ? line.description.replace(/\s*\([A-Z0-9/+]{1,4}\)$/, '') : line.description;
  return plainWords(text);
}
