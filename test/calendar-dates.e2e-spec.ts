import { detailFields, expectError } from './support/api-assertions';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

/**
 * A date written `YYYY-MM-DD` that is no day of the calendar (`2026-02-30`) is refused as that, wherever a date is
 * taken — a body field, a query parameter, a path parameter, the date part of an events filter — and not as a date
 * "not in YYYY-MM-DD format", which it is. A malformed date still says so. Nothing is written.
 */
describe('dates that are not calendar dates (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let caseId: string;
  let accountId: string;

  const NOT_A_DAY = 'is not a calendar date: 2026-02-30 does not exist, February 2026 has 28 days';

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite('enterprise');
    caseId = (await t.http().post('/v1/cases').set(owner.auth).send({ deceased: { first_name: 'Ada', last_name: 'Okafor', date_of_death: '2026-01-10' } }).expect(201)).body.data.id;
    accountId = (
      await t
        .http()
        .post(`/v1/cases/${caseId}/bank-accounts`)
        .set(owner.auth)
        .send({ institution_name: 'First Bank', account_type: 'checking', ownership_type: 'individual', account_number: '000111222333', current_balance: 0, available_balance: 0 })
        .expect(201)
    ).body.data.id;
  });
  afterAll(() => t.close());

  const detail = (res: { body: { error: { details?: Array<{ field: string; message: string; reason: string }> } } }) => res.body.error.details?.[0];

  it('a body field: 422 naming the field, saying the day does not exist; a malformed one still says the format', async () => {
    const impossible = await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ first_name: 'Ada', last_name: 'Okafor', date_of_death: '2026-02-30' });
    expectError(impossible, 422, 'validation_error');
    expect(impossible.body.error.details).toEqual([{ field: 'date_of_death', message: `date_of_death ${NOT_A_DAY}`, reason: 'format' }]);
    const malformed = await t.http().put(`/v1/cases/${caseId}/deceased`).set(owner.auth).send({ first_name: 'Ada', last_name: 'Okafor', date_of_death: '30/02/2026' });
    expect(detail(malformed)).toEqual({ field: 'date_of_death', message: 'date_of_death must be a date in YYYY-MM-DD format from 1800-01-01 to 2199-12-31', reason: 'format' });
    const dateTime = await t.http().post(`/v1/cases/${caseId}/phone-calls`).set(owner.auth).send({ started_at: '2026-02-30T10:00:00Z' });
    expectError(dateTime, 422, 'validation_error');
    expect(dateTime.body.error.details).toContainEqual({ field: 'started_at', message: `started_at ${NOT_A_DAY}`, reason: 'format' });
    const stored = (await t.http().get(`/v1/cases/${caseId}/deceased`).set(owner.auth).expect(200)).body.data;
    expect(stored.date_of_death).toBe('2026-01-10');
  });

  it('query parameters: 400 naming the parameter, on the inventory, the accounting and the balance history', async () => {
    const queries: Array<[string, string]> = [
      [`/v1/cases/${caseId}/inventory?as_of=2026-02-30`, 'as_of'],
      [`/v1/cases/${caseId}/accounting?to=2026-02-30`, 'to'],
      [`/v1/cases/${caseId}/accounting?from=2026-02-30`, 'from'],
      [`/v1/cases/${caseId}/bank-accounts/${accountId}/balance-history?date_from=2026-02-30`, 'date_from'],
      [`/v1/cases/${caseId}/bank-accounts/${accountId}/balance-history?date_to=2026-02-30`, 'date_to'],
    ];
    for (const [url, field] of queries) {
      const res = await t.http().get(url).set(owner.auth);
      expectError(res, 400, 'bad_request');
      expect({ url, detail: detail(res) }).toEqual({ url, detail: { field, message: `${field} ${NOT_A_DAY}`, reason: 'format' } });
    }
    const malformed = await t.http().get(`/v1/cases/${caseId}/inventory?as_of=2026-2-3`).set(owner.auth);
    expect(detail(malformed)?.message).toBe('as_of must be a date in YYYY-MM-DD format from 1800-01-01 to 2199-12-31');
  });

  it('a path parameter: the balance of a day that does not exist is 422 on date, and nothing is recorded', async () => {
    const res = await t.http().put(`/v1/cases/${caseId}/bank-accounts/${accountId}/balance-history/2026-02-30`).set(owner.auth).send({ balance: 1 });
    expectError(res, 422, 'validation_error');
    expect(detailFields(res)).toEqual(['date']);
    expect(detail(res)?.message).toBe(`date ${NOT_A_DAY}`);
    expect(await t.sql('select 1 from recorded_balances where bank_account_id = $1', [accountId])).toEqual([]);
  });

  it('the events filters: a date or date-time on a day that does not exist is 400, not rolled over to March', async () => {
    for (const [name, value] of [
      ['created_after', '2026-02-30'],
      ['created_before', '2026-02-30T00:00:00Z'],
    ]) {
      const res = await t.http().get(`/v1/events?${name}=${value}`).set(owner.auth);
      expectError(res, 400, 'bad_request');
      expect(detail(res)).toEqual({ field: name, message: `${name} ${NOT_A_DAY}`, reason: 'format' });
    }
    await t.http().get('/v1/events?created_after=2026-02-28').set(owner.auth).expect(200);
  });
});
