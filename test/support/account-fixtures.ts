import type { TestApp, TestCaller } from './test-app';
import { created } from './assets-holdings-fixtures';

/**
 * The kinds of record a `financial_account_id` may name (contract-extensions §12.1), each with its collection and a
 * minimal create body; and kinds it may not name, for the refusals.
 */
export const ACCOUNT_KINDS = {
  financial_account: { collection: 'financial-accounts', body: { account_kind: 'annuity', institution_name: 'Midwest Mutual Life' } },
  bank_account: {
    collection: 'bank-accounts',
    body: { institution_name: 'First Prairie Bank', account_type: 'checking', ownership_type: 'individual', account_number: '000123456789' },
  },
  investment_account: { collection: 'investment-accounts', body: { account_type: 'brokerage', custodian_name: 'Fidelity Investments' } },
  retirement_account: { collection: 'retirement-accounts', body: { account_type: 'traditional_ira', custodian_name: 'Vanguard' } },
  life_insurance_policy: { collection: 'life-insurance', body: { carrier_name: 'MetLife', policy_number: 'LP-00998877' } },
  debt: { collection: 'debts', body: { debt_type: 'CHG', creditor_name: 'Lakeside Card Services' } },
} as const;
export type AccountKind = keyof typeof ACCOUNT_KINDS;

export const OTHER_KINDS = {
  vehicle: { collection: 'vehicles', body: { vehicle_type: 'automobile', year: 2019, make: 'Toyota', model: 'Camry' } },
  person: { collection: 'persons', body: { first_name: 'Grace', last_name: 'Okafor', relationship: 'daughter' } },
  institution_contact: { collection: 'institution-contacts', body: { institution_name: 'First Bank', account_types: ['bank'] } },
} as const;

/** A record of that kind in the case: its id and its URL. */
export async function newRecordOf(
  t: TestApp,
  caller: TestCaller,
  caseId: string,
  kind: { collection: string; body: Record<string, unknown> },
): Promise<{ id: string; url: string }> {
  const collection = `/v1/cases/${caseId}/${kind.collection}`;
  const { id } = await created(t, caller, collection, kind.body);
  return { id, url: `${collection}/${id}` };
}

export const FINANCIAL_ACCOUNT_ID_MESSAGE =
  'financial_account_id must name a financial account, a bank account, an investment account, a retirement account, a life insurance policy or a debt of this case, or be null';
