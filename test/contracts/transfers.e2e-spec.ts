import { transferResource } from '@estate/transfers';
import { describeDeclaredContracts } from '../support/declared-contracts';
import type { TestApp, TestCaller } from '../support/test-app';

/** A bank account a transfer may draw on: enough money for the example amount, transfer after transfer. */
const ELIGIBLE = {
  institution_name: 'First Prairie Bank', institution_routing_number: '071000013', account_type: 'checking', ownership_type: 'individual', status: 'open',
  available_balance: 50_000, current_balance: 50_000,
};
const ESTATE_ACCOUNT = { ...ELIGIBLE, account_type: 'estate_account', ownership_type: 'estate', is_estate_account: true, account_number: '555500009999', current_balance: 0, available_balance: 0 };

/** The source account of each case the contract opens. */
const sources = new Map<string, string>();

async function bankAccount(t: TestApp, caller: TestCaller, caseId: string, body: Record<string, unknown>): Promise<string> {
  const res = await t.http().post(`/v1/cases/${caseId}/bank-accounts`).set(caller.auth).send(body);
  expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
  return res.body.data.id;
}

describeDeclaredContracts('transfers', {
  // Zero delays, and the API's own loop off: no transfer moves under the checks (the moves are the transfers' own suite's).
  env: { TRANSFER_STEP_DELAY_MS: '0', TRANSFER_PROCESSOR: 'off' },
  beyond: {
    transfer: {
      // A transfer needs the authority to move money, the case's estate account and an eligible source account.
      caseNeeds: async (t, caller, caseId) => {
        const authority = await t.http().put(`/v1/cases/${caseId}/authority`).set(caller.auth).send({ level: 'level_2', types: ['executor_in_will'] });
        expect([200, 201]).toContain(authority.status);
        await bankAccount(t, caller, caseId, ESTATE_ACCOUNT);
        sources.set(caseId, await bankAccount(t, caller, caseId, { ...ELIGIBLE, account_number: '000123451234' }));
      },
      // One transfer of a case at a time: each is requested from the case's source (unless a check names another) and
      // cancelled at once (the request's rules and the moves are the transfers' own suite's).
      seed: async (t, caller, place, body) => {
        const named = body.bank_account_id !== transferResource.examples?.minimal.bank_account_id;
        const res = await t.http().post(place.collection).set(caller.auth).send({ ...body, bank_account_id: named ? body.bank_account_id : sources.get(place.caseId) });
        expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
        return (await t.http().post(`${place.collection}/${res.body.data.id}/cancel`).set(caller.auth).send({}).expect(200)).body.data;
      },
      samples: {
        // Ends only: an active transfer would hold the case's one place.
        status: ['rejected', 'returned', 'failed', 'cancelled'],
        bank_account_id: async (t, caller, place) => {
          const accounts: string[] = [];
          for (const ending of ['1111', '2222', '3333']) accounts.push(await bankAccount(t, caller, place.caseId, { ...ELIGIBLE, account_number: `00012345${ending}` }));
          return accounts;
        },
      },
    },
  },
});
