import { closureRequestResource, distributionResource } from '@estate/closing';
import { describeDeclaredContracts } from '../support/declared-contracts';
import { UNSET } from '../support/resource-contract';
import type { TestApp, TestCaller } from '../support/test-app';

/** Makes a record in a case and gives its id. */
async function made(t: TestApp, caller: TestCaller, caseId: string, path: string, body: Record<string, unknown>): Promise<string> {
  const res = await t.http().post(`/v1/cases/${caseId}/${path}`).set(caller.auth).send(body);
  expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
  return res.body.data.id;
}

/** Per account type a closure request names: where such an account is made, and a body of it. */
const ACCOUNTS: Record<string, [string, Record<string, unknown>]> = {
  bank_account: ['bank-accounts', { institution_name: 'First Prairie Bank', institution_routing_number: '071000013', account_type: 'checking', ownership_type: 'individual', status: 'open', available_balance: 1000, current_balance: 1000, account_number: '000123451234' }],
  investment_account: ['investment-accounts', { account_type: 'brokerage', custodian_name: 'Harbor Securities' }],
  retirement_account: ['retirement-accounts', { account_type: 'roth_ira', custodian_name: 'Lakeshore Trust' }],
  life_insurance_policy: ['life-insurance', { carrier_name: 'Midwest Mutual', policy_number: 'LP-88120077' }],
  financial_account: ['financial-accounts', { account_kind: 'annuity', institution_name: 'Midwest Mutual Life' }],
};
const accountOf = (t: TestApp, caller: TestCaller, caseId: string, type: string) => made(t, caller, caseId, ACCOUNTS[type][0], ACCOUNTS[type][1]);

/** A living beneficiary a distribution goes to. */
const HEIR = { first_name: 'Sam', last_name: 'Doe', relationship: 'son', is_beneficiary: true };
/** Each case's estate account, holding the money cash distributions are planned from. */
const estateAccounts = new Map<string, string>();

describeDeclaredContracts('closing', {
  beyond: {
    // A distribution goes to a living beneficiary of the case and, in cash, is paid from an estate account holding the
    // money: each record is planned for a person made for it (unless a check names one), in cash from the case's estate
    // account with the example's amount where the body sends none, in kind as a personal item of the example's value
    // (the asset fields, tied to the kind, are left out of the generated bodies). What each kind needs and the moves
    // (approve, pay, cancel) are the distributions' own suite's.
    distribution: {
      ruled: ['asset_type', 'asset_id', 'asset_description', 'value'],
      caseNeeds: async (t, caller, caseId) => {
        const account = { institution_name: 'First Prairie Bank', account_type: 'estate_account', ownership_type: 'estate', account_number: '555500009999', status: 'open' };
        estateAccounts.set(caseId, await made(t, caller, caseId, 'bank-accounts', { ...account, is_estate_account: true, current_balance: 1_000_000, available_balance: 1_000_000 }));
      },
      seed: async (t, caller, place, body) => {
        const example = distributionResource.examples!.full;
        const person = body.person_id ?? (await made(t, caller, place.caseId, 'persons', HEIR));
        const { amount, ...rest } = body;
        const kind =
          body.kind === 'in_kind'
            ? { asset_type: 'personal_property', asset_description: example.asset_description, value: example.value }
            : { amount: amount ?? example.amount, source_account_id: estateAccounts.get(place.caseId) };
        const res = await t.http().post(place.collection).set(caller.auth).send({ ...rest, ...kind, person_id: person });
        expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
        return res.body.data;
      },
      samples: {
        person_id: async (t, caller, place) => {
          const people: string[] = [];
          for (const first_name of ['Ann', 'Ben', 'Cam']) people.push(await made(t, caller, place.caseId, 'persons', { ...HEIR, first_name }));
          return [...people, UNSET];
        },
      },
    },
    // A closure request closes an account of the case, one request an account: each record names an account of its
    // type made for it (unless a check names one). The closure and its steps are the closure requests' own suite's.
    'closure request': {
      seed: async (t, caller, place, body) => {
        const named = body.account_id !== closureRequestResource.examples!.minimal.account_id;
        const type = named ? 'investment_account' : (body.account_type as string);
        const accountId = named ? body.account_id : await accountOf(t, caller, place.caseId, type);
        const res = await t.http().post(place.collection).set(caller.auth).send({ ...body, account_type: type, account_id: accountId });
        expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
        return res.body.data;
      },
      samples: { account_id: async (t, caller, place) => [...(await Promise.all([0, 1, 2].map(() => accountOf(t, caller, place.caseId, 'investment_account')))), UNSET] },
    },
    // The plan sets a step not_started when the body leaves the status out (or clears it), and reads each status from the
    // written one: the filter's rows are written with each writable status through their bodies, not set in SQL.
    'closure step': { defaults: { status: 'not_started' }, ruled: ['status'], samples: { status: ['not_started', 'in_progress', 'waiting', 'completed', 'skipped'] } },
  },
});
