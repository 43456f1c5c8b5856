import { Clock } from '@estate/shared-kernel';
import { detailReasons, expectError } from './support/api-assertions';
import { newBankAccount, newCase, UNKNOWN_ID } from './support/assets-holdings-fixtures';
import { upload } from './support/document-files';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

type View = Record<string, any>;
type Query = Record<string, string | string[]>;

const point = (date: string, balance: number, source: string, available: number | null = null) => ({ date, balance, available_balance: available, source });

/**
 * Contract §12.3: a bank account's balance history — the three sources and which wins, the intervals, the defaults,
 * both pagination modes, every refusal, recording and deleting points (no events), and a busy account's ten years.
 */
describe('balance history of a bank account (e2e, contract §12.3)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;
  let clock: Clock;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    stranger = await t.invite();
    clock = t.app.get(Clock);
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => t.close());

  const historyOf = (caseId: string, accountId: string) => `/v1/cases/${caseId}/bank-accounts/${accountId}/balance-history`;
  const search = (query: Query) =>
    Object.entries(query)
      .flatMap(([name, value]) => [value].flat().map((one) => `${encodeURIComponent(name)}=${encodeURIComponent(one)}`))
      .join('&');
  const get = (caseId: string, accountId: string, query: Query = {}, caller = owner) => t.http().get(`${historyOf(caseId, accountId)}?${search(query)}`).set(caller.auth);
  const data = async (caseId: string, accountId: string, query: Query = {}): Promise<View[]> => {
    const res = await get(caseId, accountId, query);
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 200, error: undefined });
    return res.body.data;
  };
  const put = (caseId: string, accountId: string, date: string, body: object, caller = owner) => t.http().put(`${historyOf(caseId, accountId)}/${date}`).set(caller.auth).send(body);
  const remove = (caseId: string, accountId: string, date: string, caller = owner) => t.http().delete(`${historyOf(caseId, accountId)}/${date}`).set(caller.auth);
  const recorded = (accountId: string) => t.sql<View>('select date::text as date, balance::text as balance, available_balance::text as available_balance, version from recorded_balances where bank_account_id = $1 order by date', [accountId]);
  const today = (day: string) => jest.spyOn(clock, 'now').mockImplementation(() => new Date(`${day}T12:00:00.000Z`));

  async function place(): Promise<{ caseId: string; accountId: string }> {
    const caseId = await newCase(t, owner);
    return { caseId, accountId: await newBankAccount(t, owner, caseId) };
  }

  async function transaction(caseId: string, accountId: string, date: string, amount: number): Promise<void> {
    await t.http().post(`/v1/cases/${caseId}/bank-accounts/${accountId}/transactions`).set(owner.auth).send({ date, amount, description: `on ${date}` }).expect(201);
  }

  async function statement(caseId: string, accountId: string, period_start: string, period_end: string, closing_balance: number | null): Promise<string> {
    const document = (await upload(t, owner, caseId, { fields: { type: 'bank_statement' } }).expect(201)).body.data.id;
    const res = await t.http().post(`/v1/cases/${caseId}/bank-accounts/${accountId}/statements`).set(owner.auth).send({ document_id: document, period_start, period_end, closing_balance });
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
    return res.body.data.id;
  }

  describe('points: three sources, and which wins', () => {
    it('recorded beats a statement closing, which beats the running balance; available_balance only from a recorded point; deleting one falls back', async () => {
      const { caseId, accountId } = await place();
      await transaction(caseId, accountId, '2026-01-10', 100);
      await transaction(caseId, accountId, '2026-01-20', 50);
      await transaction(caseId, accountId, '2026-02-15', -30);
      await transaction(caseId, accountId, '2026-03-05', 1000);
      await statement(caseId, accountId, '2026-02-01', '2026-02-28', 999.99);
      const march = await statement(caseId, accountId, '2026-03-01', '2026-03-31', 1200);
      // A statement without a closing balance gives nothing: April's month end stays computed.
      await statement(caseId, accountId, '2026-04-01', '2026-04-30', null);
      await put(caseId, accountId, '2026-03-31', { balance: 1150.05, available_balance: 1100 }).expect(201);
      const range = { interval: 'monthly', date_from: '2026-01-01', date_to: '2026-04-30', sort_order: 'asc' };
      expect(await data(caseId, accountId, range)).toEqual([
        point('2026-01-31', 150, 'computed'),
        point('2026-02-28', 999.99, 'statement'),
        point('2026-03-31', 1150.05, 'recorded', 1100),
        point('2026-04-30', 1120, 'computed'),
      ]);

      await remove(caseId, accountId, '2026-03-31').expect(204);
      expect((await data(caseId, accountId, range))[2]).toEqual(point('2026-03-31', 1200, 'statement'));
      await t.http().delete(`/v1/cases/${caseId}/bank-accounts/${accountId}/statements/${march}`).set(owner.auth).expect(204);
      expect((await data(caseId, accountId, range))[2]).toEqual(point('2026-03-31', 1120, 'computed'));
    });

    it('the running balance is that of the last transaction on or before the day, in ledger order (date, then creation)', async () => {
      const { caseId, accountId } = await place();
      await transaction(caseId, accountId, '2026-05-03', 10);
      await transaction(caseId, accountId, '2026-05-03', 5);
      // Entered later but dated earlier: it comes first in the ledger and moves the later running balances.
      await transaction(caseId, accountId, '2026-05-01', 1000);
      expect(await data(caseId, accountId, { interval: 'daily', date_from: '2026-04-30', date_to: '2026-05-04', sort_order: 'asc' })).toEqual([
        point('2026-05-01', 1000, 'computed'),
        point('2026-05-02', 1000, 'computed'),
        point('2026-05-03', 1015, 'computed'),
        point('2026-05-04', 1015, 'computed'),
      ]);
      // The balance before the range carries into it.
      expect(await data(caseId, accountId, { interval: 'daily', date_from: '2026-06-01', date_to: '2026-06-02' })).toEqual([point('2026-06-02', 1015, 'computed'), point('2026-06-01', 1015, 'computed')]);
    });
  });

  describe('intervals and defaults', () => {
    it('daily, weekly (Sundays) and monthly (month ends), the last point always date_to; monthly by default', async () => {
      const { caseId, accountId } = await place();
      // 2026-03-01 and 2026-03-08 are Sundays.
      await transaction(caseId, accountId, '2026-03-01', 1);
      await transaction(caseId, accountId, '2026-03-04', 2);
      await transaction(caseId, accountId, '2026-03-09', 4);
      const range = { date_from: '2026-03-01', date_to: '2026-03-11', sort_order: 'asc' };
      const daily = await data(caseId, accountId, { ...range, interval: 'daily' });
      expect(daily.map((p) => [p.date, p.balance])).toEqual([
        ['2026-03-01', 1], ['2026-03-02', 1], ['2026-03-03', 1], ['2026-03-04', 3], ['2026-03-05', 3], ['2026-03-06', 3],
        ['2026-03-07', 3], ['2026-03-08', 3], ['2026-03-09', 7], ['2026-03-10', 7], ['2026-03-11', 7],
      ]);
      expect((await data(caseId, accountId, { ...range, interval: 'weekly' })).map((p) => [p.date, p.balance])).toEqual([['2026-03-01', 1], ['2026-03-08', 3], ['2026-03-11', 7]]);
      expect((await data(caseId, accountId, { ...range, interval: 'weekly', date_to: '2026-03-15' })).map((p) => p.date)).toEqual(['2026-03-01', '2026-03-08', '2026-03-15']);
      expect((await data(caseId, accountId, { ...range, interval: 'monthly' })).map((p) => [p.date, p.balance])).toEqual([['2026-03-11', 7]]);
      const monthly = { ...range, date_to: '2026-05-10' };
      expect((await data(caseId, accountId, { ...monthly, interval: 'monthly' })).map((p) => p.date)).toEqual(['2026-03-31', '2026-04-30', '2026-05-10']);
      expect((await data(caseId, accountId, monthly)).map((p) => p.date)).toEqual(['2026-03-31', '2026-04-30', '2026-05-10']);
      // A range with no source at all leaves every day out.
      expect(await data(caseId, accountId, { interval: 'daily', date_from: '2026-02-01', date_to: '2026-02-28' })).toEqual([]);
    });

    it('date_from defaults to the first date known (transaction, statement or recorded point), date_to to today (UTC); newest first', async () => {
      today('2026-06-15');
      const byTransaction = await place();
      await transaction(byTransaction.caseId, byTransaction.accountId, '2026-05-02', 10);
      expect(await data(byTransaction.caseId, byTransaction.accountId)).toEqual([point('2026-06-15', 10, 'computed'), point('2026-05-31', 10, 'computed')]);

      const byStatement = await place();
      await statement(byStatement.caseId, byStatement.accountId, '2026-04-01', '2026-04-30', 500);
      expect(await data(byStatement.caseId, byStatement.accountId)).toEqual([point('2026-04-30', 500, 'statement')]);

      const byRecord = await place();
      await put(byRecord.caseId, byRecord.accountId, '2026-05-10', { balance: 42 }).expect(201);
      expect(await data(byRecord.caseId, byRecord.accountId)).toEqual([]);
      expect(await data(byRecord.caseId, byRecord.accountId, { interval: 'daily' })).toEqual([point('2026-05-10', 42, 'recorded')]);
      // The earliest of them all is the start: a recorded point before the first transaction.
      await put(byTransaction.caseId, byTransaction.accountId, '2026-04-30', { balance: 7 }).expect(201);
      expect((await data(byTransaction.caseId, byTransaction.accountId)).map((p) => [p.date, p.source])).toEqual([['2026-06-15', 'computed'], ['2026-05-31', 'computed'], ['2026-04-30', 'recorded']]);

      // The next day the last point is the new today.
      today('2026-06-16');
      expect((await data(byTransaction.caseId, byTransaction.accountId))[0].date).toBe('2026-06-16');
      const empty = await place();
      const res = await get(empty.caseId, empty.accountId).expect(200);
      expect(res.body).toEqual({ data: [], meta: { page: 1, per_page: 25, total_count: 0, total_pages: 0, has_more: false, next_cursor: null } });
    });
  });

  describe('pages', () => {
    let caseId: string;
    let accountId: string;
    const range = { interval: 'daily', date_from: '2026-03-01', date_to: '2026-03-11' };
    const all = Array.from({ length: 11 }, (_, index) => `2026-03-${String(index + 1).padStart(2, '0')}`);

    beforeAll(async () => {
      ({ caseId, accountId } = await place());
      await transaction(caseId, accountId, '2026-03-01', 1);
    });

    it('page mode: newest first by default, exact meta; sort_order=asc', async () => {
      const pages: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await get(caseId, accountId, { ...range, per_page: '4', page: String(page) }).expect(200);
        expect(res.body.meta).toEqual({ page, per_page: 4, total_count: 11, total_pages: 3, has_more: page < 3, next_cursor: null });
        pages.push(...res.body.data.map((p: View) => p.date));
      }
      expect(pages).toEqual([...all].reverse());
      expect((await data(caseId, accountId, { ...range, sort_by: 'date', sort_order: 'asc', per_page: '100' })).map((p) => p.date)).toEqual(all);
      expect(await data(caseId, accountId, { ...range, page: '4', per_page: '4' })).toEqual([]);
    });

    it('cursor mode in both orders: every day once; a cursor is bound to its list (account, interval, range) and its sort', async () => {
      for (const order of ['asc', 'desc']) {
        const walked: string[] = [];
        let cursor = '';
        for (let pages = 0; ; pages++) {
          expect(pages).toBeLessThan(4);
          const res = await get(caseId, accountId, { ...range, sort_order: order, per_page: '4', cursor }).expect(200);
          expect(res.body.meta).not.toHaveProperty('total_count');
          walked.push(...res.body.data.map((p: View) => p.date));
          if (res.body.meta.next_cursor === null) {
            expect(res.body.meta.has_more).toBe(false);
            break;
          }
          expect(res.body.meta.has_more).toBe(true);
          cursor = res.body.meta.next_cursor;
        }
        expect(walked).toEqual(order === 'asc' ? all : [...all].reverse());
      }
      const cursor = (await get(caseId, accountId, { ...range, per_page: '4', cursor: '' }).expect(200)).body.meta.next_cursor as string;
      const other = await newBankAccount(t, owner, caseId);
      for (const [where, query] of [
        [other, { ...range, per_page: '4', cursor }],
        [accountId, { ...range, interval: 'weekly', per_page: '4', cursor }],
        [accountId, { ...range, date_to: '2026-03-10', per_page: '4', cursor }],
        [accountId, { ...range, sort_order: 'asc', per_page: '4', cursor }],
        [accountId, { ...range, cursor: 'not-a-cursor' }],
      ] as Array<[string, Query]>) {
        const res = await get(caseId, where, query);
        expectError(res, 400, 'bad_request');
        expect(detailReasons(res).map(([field]) => field)).toEqual(['cursor']);
      }
    });

    it('400 bad_request naming each bad parameter, all at once: interval, dates, their order, repetition, the list parameters, unknown ones', async () => {
      const cases: Array<[Query, Array<[string, string]>]> = [
        [{ interval: 'hourly' }, [['interval', 'enum']]],
        [{ date_from: '2026-02-30' }, [['date_from', 'format']]],
        [{ date_to: '1799-12-31' }, [['date_to', 'format']]],
        [{ date_to: 'today' }, [['date_to', 'format']]],
        [{ date_from: '2026-03-12', date_to: '2026-03-11' }, [['date_from', 'range']]],
        [{ interval: ['daily', 'weekly'] }, [['interval', 'type']]],
        [{ sort_by: 'created_at' }, [['sort_by', 'enum']]],
        [{ sort_by: 'balance' }, [['sort_by', 'enum']]],
        [{ sort_order: 'up' }, [['sort_order', 'enum']]],
        [{ per_page: '101' }, [['per_page', 'range']]],
        [{ page: '0' }, [['page', 'range']]],
        [{ interval: 'yearly', date_from: 'x', per_page: '0' }, [['interval', 'enum'], ['date_from', 'format'], ['per_page', 'range']]],
        [{ from: '2026-03-01' }, [['from', 'unknown_parameter']]],
      ];
      for (const [query, details] of cases) {
        const res = await get(caseId, accountId, query);
        expectError(res, 400, 'bad_request');
        expect({ query, details: detailReasons(res) }).toEqual({ query, details });
      }
      // date_from after today with the default date_to is a range error too.
      today('2026-06-15');
      expect(detailReasons(await get(caseId, accountId, { date_from: '2026-06-16' }))).toEqual([['date_from', 'range']]);
    });

    it('answers 304 for a matching If-None-Match, 200 once a point changed', async () => {
      const first = await get(caseId, accountId, range).expect(200);
      const cached = await t.http().get(`${historyOf(caseId, accountId)}?${search(range)}`).set(owner.auth).set('If-None-Match', first.headers.etag);
      expect(cached.status).toBe(304);
      await put(caseId, accountId, '2026-03-05', { balance: 2 }).expect(201);
      const changed = await t.http().get(`${historyOf(caseId, accountId)}?${search(range)}`).set(owner.auth).set('If-None-Match', first.headers.etag).expect(200);
      expect(changed.body.data.find((p: View) => p.date === '2026-03-05')).toEqual(point('2026-03-05', 2, 'recorded'));
      await remove(caseId, accountId, '2026-03-05').expect(204);
    });
  });

  describe('PUT and DELETE …/balance-history/{date}', () => {
    it('201 created, 200 replaced (one row), 200 with the same ETag when nothing changed; DELETE 204 then 404; no event ever', async () => {
      const { caseId, accountId } = await place();
      const eventsBefore = await t.sql('select id from events where case_id = $1', [caseId]);
      const created = await put(caseId, accountId, '2026-02-28', { balance: 1234.56 });
      expect(created.status).toBe(201);
      expect(created.body.data).toEqual(point('2026-02-28', 1234.56, 'recorded'));
      expect(created.headers.etag).toMatch(/^"[^"]+"$/);
      expect(await recorded(accountId)).toEqual([{ date: '2026-02-28', balance: '1234.56', available_balance: null, version: 1 }]);

      const replaced = await put(caseId, accountId, '2026-02-28', { balance: -20.5, available_balance: -25 });
      expect(replaced.status).toBe(200);
      expect(replaced.body.data).toEqual(point('2026-02-28', -20.5, 'recorded', -25));
      expect(replaced.headers.etag).not.toBe(created.headers.etag);
      const same = await put(caseId, accountId, '2026-02-28', { balance: -20.5, available_balance: -25 }).expect(200);
      expect(same.headers.etag).toBe(replaced.headers.etag);
      expect(await recorded(accountId)).toEqual([{ date: '2026-02-28', balance: '-20.50', available_balance: '-25.00', version: 2 }]);
      // Leaving available_balance out clears it: a PUT states the whole point.
      expect((await put(caseId, accountId, '2026-02-28', { balance: -20.5 }).expect(200)).body.data.available_balance).toBeNull();

      await remove(caseId, accountId, '2026-02-28').expect(204);
      expect(await recorded(accountId)).toEqual([]);
      expectError(await remove(caseId, accountId, '2026-02-28'), 404, 'not_found');
      expectError(await remove(caseId, accountId, '2026-01-31'), 404, 'not_found');
      // Recorded again: a new point, whose ETag is not the old one's.
      const again = await put(caseId, accountId, '2026-02-28', { balance: 1234.56 }).expect(201);
      expect(again.headers.etag).not.toBe(created.headers.etag);
      expect(await t.sql('select id from events where case_id = $1', [caseId])).toEqual(eventsBefore);
    });

    it('If-Match: stale is 412 (unchanged); current or * passes; on a day with nothing recorded it never holds', async () => {
      const { caseId, accountId } = await place();
      const first = await put(caseId, accountId, '2026-01-31', { balance: 1 }).expect(201);
      expectError(await put(caseId, accountId, '2026-01-31', { balance: 2 }).set('If-Match', '"stale"'), 412, 'precondition_failed');
      expectError(await remove(caseId, accountId, '2026-01-31').set('If-Match', '"stale"'), 412, 'precondition_failed');
      expect(await recorded(accountId)).toMatchObject([{ balance: '1.00' }]);
      const second = await put(caseId, accountId, '2026-01-31', { balance: 2 }).set('If-Match', first.headers.etag).expect(200);
      await put(caseId, accountId, '2026-01-31', { balance: 3 }).set('If-Match', '*').expect(200);
      expectError(await remove(caseId, accountId, '2026-01-31').set('If-Match', second.headers.etag), 412, 'precondition_failed');
      for (const tag of ['*', '"stale"']) expectError(await put(caseId, accountId, '2026-02-28', { balance: 1 }).set('If-Match', tag), 412, 'precondition_failed');
      expect((await recorded(accountId)).map((row) => row.date)).toEqual(['2026-01-31']);
      const current = (await put(caseId, accountId, '2026-01-31', { balance: 3 }).expect(200)).headers.etag;
      await remove(caseId, accountId, '2026-01-31').set('If-Match', current).expect(204);
    });

    it('422 on date for a day after today (UTC) or not a date, on the body for a bad balance; nothing written', async () => {
      const { caseId, accountId } = await place();
      today('2026-06-15');
      const refusals: Array<[string, object, Array<[string, string]>]> = [
        ['2026-06-16', { balance: 1 }, [['date', 'range']]],
        ['2026-02-30', { balance: 1 }, [['date', 'format']]],
        ['yesterday', { balance: 1 }, [['date', 'format']]],
        ['2200-01-01', { balance: 1 }, [['date', 'format']]],
        ['2026-06-01', {}, [['balance', 'required']]],
        ['2026-06-01', { balance: null }, [['balance', 'required']]],
        ['2026-06-01', { balance: 1.234 }, [['balance', 'format']]],
        ['2026-06-01', { balance: '12.00' }, [['balance', 'type']]],
        ['2026-06-01', { balance: 1, available_balance: 1e15 }, [['available_balance', 'range']]],
        ['2026-06-01', { balance: 1, source: 'recorded' }, [['source', 'unknown_field']]],
        ['2026-06-01', { balance: 1, date: '2026-06-01' }, [['date', 'unknown_field']]],
      ];
      for (const [date, body, details] of refusals) {
        const res = await put(caseId, accountId, date, body);
        expectError(res, 422, 'validation_error');
        expect({ date, body, details: detailReasons(res) }).toEqual({ date, body, details });
      }
      expect(detailReasons(await remove(caseId, accountId, '2026-06-16'))).toEqual([['date', 'range']]);
      expect(detailReasons(await remove(caseId, accountId, 'soon'))).toEqual([['date', 'format']]);
      expect(await recorded(accountId)).toEqual([]);
      // Today is a day that may be recorded.
      await put(caseId, accountId, '2026-06-15', { balance: 1 }).expect(201);
    });

    it('404 for an unknown account, another case’s account and another organization’s case (GET, PUT, DELETE); nothing written', async () => {
      const { caseId, accountId } = await place();
      await put(caseId, accountId, '2026-01-31', { balance: 5 }).expect(201);
      const otherCase = await newCase(t, owner);
      const foreign = await newCase(t, stranger);
      const foreignAccount = await newBankAccount(t, stranger, foreign);
      for (const [where, account, caller] of [
        [caseId, UNKNOWN_ID, owner],
        [otherCase, accountId, owner],
        [caseId, accountId, stranger],
        [foreign, foreignAccount, owner],
      ] as Array<[string, string, TestCaller]>) {
        expectError(await get(where, account, {}, caller), 404, 'not_found');
        expectError(await put(where, account, '2026-01-31', { balance: 9 }, caller), 404, 'not_found');
        expectError(await remove(where, account, '2026-01-31', caller), 404, 'not_found');
      }
      expect(await recorded(accountId)).toMatchObject([{ balance: '5.00' }]);
      expect(await recorded(foreignAccount)).toEqual([]);
    });

    it('writes hold the case row: two PUTs of one new day give one 201 and one 200, one row; an Idempotency-Key is a POST matter and changes nothing here', async () => {
      const { caseId, accountId } = await place();
      for (let round = 0; round < 4; round++) {
        const date = `2026-01-0${round + 1}`;
        const statuses = (await Promise.all([put(caseId, accountId, date, { balance: 1 }), put(caseId, accountId, date, { balance: 2 })])).map((res) => res.status);
        expect(statuses.sort()).toEqual([200, 201]);
      }
      expect((await recorded(accountId)).map((row) => row.date)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04']);
      await put(caseId, accountId, '2026-01-05', { balance: 1 }).set('Idempotency-Key', 'balance-key').expect(201);
      expect((await put(caseId, accountId, '2026-01-05', { balance: 2 }).set('Idempotency-Key', 'balance-key').expect(200)).body.data.balance).toBe(2);
      expect(await t.sql("select 1 from idempotency_keys where idempotency_key = 'balance-key'")).toEqual([]);
    });

    it('recorded points go with their account, and with their case', async () => {
      const { caseId, accountId } = await place();
      const kept = await newBankAccount(t, owner, caseId);
      await put(caseId, accountId, '2026-01-31', { balance: 5 }).expect(201);
      await put(caseId, kept, '2026-01-31', { balance: 6 }).expect(201);
      await t.http().delete(`/v1/cases/${caseId}/bank-accounts/${accountId}`).set(owner.auth).expect(204);
      expect(await recorded(accountId)).toEqual([]);
      expect(await recorded(kept)).toHaveLength(1);
      await t.http().delete(`/v1/cases/${caseId}`).set(owner.auth).expect(204);
      expect(await recorded(kept)).toEqual([]);
    });
  });

  it('an account of 10,000 transactions over ten years: a daily page is quick, and the pages walk all 3,653 days', async () => {
    const { caseId, accountId } = await place();
    // Ten years of a busy account, written straight to the ledger (running balances as the API would compute them).
    await t.sql(
      `insert into transactions (id, case_id, bank_account_id, date, amount, running_balance, description, created_at, updated_at, accounting_category)
       select lpad(n::text, 26, '0'), $1, $2, date '2016-01-01' + (n * 3652 / 10000), (n % 7) - 3, sum((n % 7) - 3) over (order by n), 'busy', now(), now(),
              case when (n % 7) - 3 >= 0 then 'other_receipt' else 'other_disbursement' end
         from generate_series(0, 9999) as n`,
      [caseId, accountId],
    );
    const range = { interval: 'daily', date_from: '2016-01-01', date_to: '2025-12-31', per_page: '100' };
    const started = Date.now();
    const first = await get(caseId, accountId, range).expect(200);
    const elapsed = Date.now() - started;
    expect(first.body.meta).toEqual({ page: 1, per_page: 100, total_count: 3653, total_pages: 37, has_more: true, next_cursor: null });
    const [expected] = await t.sql<{ running_balance: string }>(`select running_balance::text from transactions where bank_account_id = $1 order by date desc, created_at desc, id desc limit 1`, [accountId]);
    expect(first.body.data[0]).toEqual(point('2025-12-31', Number(expected.running_balance), 'computed'));
    // A generous bound for a loaded two-core machine; the point is that it does not grow with the ledger.
    expect(elapsed).toBeLessThan(2000);

    let cursor = '';
    let days = 0;
    let last = '9999-12-31';
    for (let pages = 0; pages < 40; pages++) {
      const res = await get(caseId, accountId, { ...range, cursor }).expect(200);
      for (const p of res.body.data as View[]) {
        expect(p.date < last).toBe(true);
        last = p.date;
      }
      days += res.body.data.length;
      if (res.body.meta.next_cursor === null) break;
      cursor = res.body.meta.next_cursor;
    }
    expect(days).toBe(3653);
    expect(last).toBe('2016-01-01');
  });
});
