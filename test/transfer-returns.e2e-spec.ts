import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { overrideEnv } from './support/env';

/**
 * Test mode drives every outcome promptly (contract §8, amended 2026-12-01; issue 33, item 10): with the step delays at
 * zero the simulator reports each test value's return, R01 included, as soon as it accepted the entry, and the service
 * polls for it on the job queue when it is due — so a client waiting on the API sees a `0001` transfer reach `returned`
 * shortly after `settled`, not on the next banking day. The processor runs in the app (its queues worked as in
 * production); the test only reads the API, with a generous deadline.
 */
const DEADLINE_MS = 60_000;
/** Between two reads of the transfer: gentle enough for the organization's rate limit over the whole deadline. */
const POLL_EVERY_MS = 250;

describe('simulated returns in test mode reach the client promptly (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let restoreEnv: () => void;

  beforeAll(async () => {
    // The minute's cron poll is off (SCHEDULER): with zero delays it could find a return while the transfer is still in
    // transit, a legal path but not this test's. The poll that runs is the one the settlement enqueues.
    restoreEnv = overrideEnv({ TRANSFER_STEP_DELAY_MS: '0', TRANSFER_PROCESSOR: 'on', SCHEDULER: 'off', ACH_SIMULATOR_RETURN_DELAY_MS: undefined, ACH_SIMULATOR_REALISTIC_TIMING: undefined });
    t = await createTestApp();
    owner = await t.invite();
  });
  afterAll(async () => {
    await t.close();
    restoreEnv();
  });

  const bank = { institution_name: 'First Prairie Bank', institution_routing_number: '071000013', account_type: 'checking', ownership_type: 'individual', status: 'open' };
  const get = async (path: string) => (await t.http().get(path).set(owner.auth).expect(200)).body.data;

  it.each([
    ['0001', 'R01'],
    ['0002', 'R02'],
    ['0003', 'R03'],
    ['0015', 'R15'],
    ['0016', 'R16'],
  ])('a transfer from an account ending %s is settled, then returned with %s while the client polls', async (ending, code) => {
    const caseId = (await t.http().post('/v1/cases').set(owner.auth).send({}).expect(201)).body.data.id as string;
    await t.http().put(`/v1/cases/${caseId}/authority`).set(owner.auth).send({ level: 'level_2', types: ['executor_in_will'] }).expect((res) => expect([200, 201]).toContain(res.status));
    const estate = (await t.http().post(`/v1/cases/${caseId}/bank-accounts`).set(owner.auth).send({ ...bank, account_type: 'estate_account', ownership_type: 'estate', is_estate_account: true, account_number: '555500009999', current_balance: 0, available_balance: 0 }).expect(201)).body.data;
    const source = (await t.http().post(`/v1/cases/${caseId}/bank-accounts`).set(owner.auth).send({ ...bank, account_number: `98760000${ending}`, current_balance: 1000, available_balance: 1000 }).expect(201)).body.data;
    const id = (await t.http().post(`/v1/cases/${caseId}/transfers`).set(owner.auth).send({ bank_account_id: source.id, amount: 250 }).expect(201)).body.data.id;

    let returned = await get(`/v1/cases/${caseId}/transfers/${id}`);
    for (const deadline = Date.now() + DEADLINE_MS; returned.status !== 'returned' && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
      returned = await get(`/v1/cases/${caseId}/transfers/${id}`);
    }
    expect(returned.status).toBe('returned');
    expect(returned).toMatchObject({ return_code: code, status_reason: `ACH return ${code}`, amount_settled: 250 });
    const trail = (await get(`/v1/cases/${caseId}/transfers/${id}/events`)).map((event: { to_status: string }) => event.to_status);
    expect(trail).toEqual(['requested', 'verifying', 'approved', 'submitted', 'in_transit', 'settled', 'returned']);
    // With a return delay of zero the hold has no length: funds_available_at is the settlement itself.
    expect(returned.funds_available_at).toBe(returned.settled_at);
    expect(await get(`/v1/cases/${caseId}/bank-accounts/${estate.id}`)).toMatchObject({ current_balance: 0, available_balance: 0 });
    expect(await get(`/v1/cases/${caseId}/bank-accounts/${source.id}`)).toMatchObject({ current_balance: 1000, available_balance: 1000 });
    // Polled on the job queue, for this transfer, from its settlement on.
    const [{ polls }] = await t.sql<{ polls: number }>(`select count(*)::int as polls from pgboss.job where name = 'ach-return-due' and singleton_key = $1`, [id]);
    expect(polls).toBeGreaterThanOrEqual(1);
  }, DEADLINE_MS + 30_000);
});
