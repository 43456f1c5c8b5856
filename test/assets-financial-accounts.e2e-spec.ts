import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, detailReasons, expectError } from './support/api-assertions';
import { created, ids, newCase, newContact, UNKNOWN_ID } from './support/assets-holdings-fixtures';
import { ACCOUNT_KINDS, FINANCIAL_ACCOUNT_ID_MESSAGE, newRecordOf } from './support/account-fixtures';
import { RELEASE_DANGLING_FINANCIAL_ACCOUNT_IDS } from '../apps/api/src/database/migrations/Migration20261201100000_financial_accounts';

const MINIMAL = { account_kind: 'payment_app', institution_name: 'PayPal' };

describe('financial accounts (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    stranger = await t.invite();
  });
  afterAll(() => t.close());

  async function place(): Promise<{ caseId: string; base: string }> {
    const caseId = await newCase(t, owner);
    return { caseId, base: `/v1/cases/${caseId}/financial-accounts` };
  }

  describe('own behaviour', () => {
    it('stores account_number encrypted (never the digits in the row), answers it masked, and keeps the full number for a patch of another field', async () => {
      const { base } = await place();
      const account = await created(t, owner, base, { ...MINIMAL, account_number: '4111222233334444' });
      expect(account.account_number).toBe('************4444');
      const [row] = await t.sql<{ account_number: string }>('select account_number from financial_accounts where id = $1', [account.id]);
      expect(row.account_number).not.toContain('4111222233334444');
      expect(row.account_number).not.toContain('4444');

      const patched = await t.http().patch(`${base}/${account.id}`).set(owner.auth).send({ notes: 'Card cancelled.' }).expect(200);
      expect(patched.body.data.account_number).toBe('************4444');
      const [after] = await t.sql<{ account_number: string }>('select account_number from financial_accounts where id = $1', [account.id]);
      expect(after.account_number).toBe(row.account_number);
      // Four characters or fewer are masked whole (contract §3.2).
      expect((await created(t, owner, base, { ...MINIMAL, account_number: '1234' })).account_number).toBe('****');
    });

    it('institution_name filters case-insensitively on any part; repeated enum filters match any value', async () => {
      const { base } = await place();
      const venmo = await created(t, owner, base, { account_kind: 'payment_app', institution_name: 'Venmo', status: 'open' });
      const paypal = await created(t, owner, base, { account_kind: 'payment_app', institution_name: 'PayPal Holdings', status: 'frozen' });
      const box = await created(t, owner, base, { account_kind: 'safe_deposit_box', institution_name: 'First Prairie Bank', status: 'closed' });
      const list = async (query: string) => ids(await t.http().get(`${base}?${query}`).set(owner.auth).expect(200)).sort();

      expect(await list('institution_name=PAYPAL')).toEqual([paypal.id]);
      expect(await list('institution_name=pal%20hold')).toEqual([paypal.id]);
      expect(await list('institution_name=e')).toEqual([venmo.id, box.id].sort());
      expect(await list('status=open&status=frozen')).toEqual([venmo.id, paypal.id].sort());
      expect(await list('account_kind=payment_app&status=closed')).toEqual([]);
      expect(await list('account_kind=safe_deposit_box&account_kind=annuity')).toEqual([box.id]);
      expectError(await t.http().get(`${base}?account_kind=brokerage`).set(owner.auth), 400, 'bad_request');
      expectError(await t.http().get(`${base}?sort_by=institution_name`).set(owner.auth), 400, 'bad_request');
    });

    it('sort_by=balance puts accounts without a balance last in ascending order, and orders exactly in cents', async () => {
      const { base } = await place();
      const none = await created(t, owner, base, MINIMAL);
      const small = await created(t, owner, base, { ...MINIMAL, balance: 0.1 });
      const smaller = await created(t, owner, base, { ...MINIMAL, balance: 0.09 });
      const big = await created(t, owner, base, { ...MINIMAL, balance: 999999999999.99 });
      const asc = await t.http().get(`${base}?sort_by=balance&sort_order=asc`).set(owner.auth).expect(200);
      expect(asc.body.data.map((row: { balance: number | null }) => row.balance)).toEqual([0.09, 0.1, 999999999999.99, null]);
      expect(ids(asc)).toEqual([smaller.id, small.id, big.id, none.id]);
    });

    it('institution_contact_id names a contact of the same case (else 422, nothing written); deleting the contact clears it', async () => {
      const { caseId, base } = await place();
      const contact = await newContact(t, owner, caseId);
      const otherCase = await newCase(t, owner);
      const foreignContact = await newContact(t, owner, otherCase);

      const count = async () => (await t.sql('select id from financial_accounts where case_id = $1', [caseId])).length;
      const refused = await t.http().post(base).set(owner.auth).send({ ...MINIMAL, institution_contact_id: foreignContact });
      expectError(refused, 422, 'validation_error');
      expect(detailReasons(refused)).toEqual([['institution_contact_id', 'rule']]);
      expect(await count()).toBe(0);

      const account = await created(t, owner, base, { ...MINIMAL, institution_contact_id: contact });
      expect(account.institution_contact_id).toBe(contact);
      const [before] = await t.sql('select * from financial_accounts where id = $1', [account.id]);
      const patchRefused = await t.http().patch(`${base}/${account.id}`).set(owner.auth).send({ institution_contact_id: UNKNOWN_ID });
      expectError(patchRefused, 422, 'validation_error');
      expect(detailFields(patchRefused)).toEqual(['institution_contact_id']);
      expect((await t.sql('select * from financial_accounts where id = $1', [account.id]))[0]).toEqual(before);

      const etag = (await t.http().get(`${base}/${account.id}`).set(owner.auth).expect(200)).headers.etag;
      await t.http().delete(`/v1/cases/${caseId}/institution-contacts/${contact}`).set(owner.auth).expect(204);
      const after = await t.http().get(`${base}/${account.id}`).set(owner.auth).expect(200);
      expect(after.body.data.institution_contact_id).toBeNull();
      expect(after.headers.etag).not.toBe(etag);
    });

    it('appends financial_account.created, .updated (a status move too: no status_changed), .deleted, masked; nothing for a patch that changes nothing', async () => {
      const { caseId, base } = await place();
      const account = await created(t, owner, base, { ...MINIMAL, account_number: 'PP-55501234' });
      await t.http().patch(`${base}/${account.id}`).set(owner.auth).send({ status: 'frozen' }).expect(200);
      await t.http().patch(`${base}/${account.id}`).set(owner.auth).send({ status: 'frozen' }).expect(200);
      await t.http().patch(`${base}/${account.id}`).set(owner.auth).send({ balance: 12.5 }).expect(200);
      await t.http().delete(`${base}/${account.id}`).set(owner.auth).expect(204);
      const events = await t.sql<{ type: string; status: string; number: string; previous: Record<string, unknown> | null }>(
        `select type, data->'object'->>'status' as status, data->'object'->>'account_number' as number, data->'previous_attributes' as previous
           from events where case_id = $1 and type like 'financial_account.%' order by id`,
        [caseId],
      );
      expect(events).toEqual([
        { type: 'financial_account.created', status: 'open', number: '*******1234', previous: null },
        { type: 'financial_account.updated', status: 'frozen', number: '*******1234', previous: { status: 'open' } },
        { type: 'financial_account.updated', status: 'frozen', number: '*******1234', previous: { balance: null } },
        { type: 'financial_account.deleted', status: 'frozen', number: '*******1234', previous: null },
      ]);
      const listed = await t.http().get(`/v1/cases/${caseId}/events?type=financial_account.*`).set(owner.auth).expect(200);
      expect(listed.body.data).toHaveLength(4);
      expectError(await t.http().get(`/v1/cases/${caseId}/events?type=financial_account.status_changed`).set(owner.auth), 400, 'bad_request');
    });

    it('deleting a financial account releases what names it: contacts and valuations read financial_account_id null, their ETags move', async () => {
      const { caseId, base } = await place();
      const account = await created(t, owner, base, MINIMAL);
      const other = await created(t, owner, base, MINIMAL);
      const contact = await created(t, owner, `/v1/cases/${caseId}/institution-contacts`, { institution_name: 'Midwest Mutual', account_types: ['insurance'], financial_account_id: account.id });
      const keeps = await created(t, owner, `/v1/cases/${caseId}/institution-contacts`, { institution_name: 'Midwest Mutual', account_types: ['insurance'], financial_account_id: other.id });
      const valuation = await created(t, owner, `/v1/cases/${caseId}/real-estate-valuations`, {
        property_address: { address1: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' },
        property_type: 'condo',
        financial_account_id: account.id,
      });
      const contactUrl = `/v1/cases/${caseId}/institution-contacts/${contact.id}`;
      const valuationUrl = `/v1/cases/${caseId}/real-estate-valuations/${valuation.id}`;
      const tags = [(await t.http().get(contactUrl).set(owner.auth)).headers.etag, (await t.http().get(valuationUrl).set(owner.auth)).headers.etag];

      await t.http().delete(`${base}/${account.id}`).set(owner.auth).expect(204);
      const [contactAfter, valuationAfter] = [await t.http().get(contactUrl).set(owner.auth).expect(200), await t.http().get(valuationUrl).set(owner.auth).expect(200)];
      expect(contactAfter.body.data.financial_account_id).toBeNull();
      expect(valuationAfter.body.data.financial_account_id).toBeNull();
      expect(contactAfter.headers.etag).not.toBe(tags[0]);
      expect(valuationAfter.headers.etag).not.toBe(tags[1]);
      const kept = await t.http().get(`/v1/cases/${caseId}/institution-contacts/${keeps.id}`).set(owner.auth).expect(200);
      expect(kept.body.data.financial_account_id).toBe(other.id);
    });

    it('is named by financial_account_id only within its case: another case’s financial account is 422 there', async () => {
      const { base } = await place();
      const account = await created(t, owner, base, MINIMAL);
      const otherCase = await newCase(t, owner);
      const refused = await t
        .http()
        .post(`/v1/cases/${otherCase}/institution-contacts`)
        .set(owner.auth)
        .send({ institution_name: 'Midwest Mutual', account_types: ['insurance'], financial_account_id: account.id });
      expectError(refused, 422, 'validation_error');
      expect(refused.body.error.details).toEqual([{ field: 'financial_account_id', message: FINANCIAL_ACCOUNT_ID_MESSAGE, reason: 'rule' }]);
      // Every kind of §12.1 is accepted in its own case (the full matrix is in the contacts and valuations suites).
      const own = await newRecordOf(t, owner, otherCase, ACCOUNT_KINDS.financial_account);
      await created(t, owner, `/v1/cases/${otherCase}/institution-contacts`, { institution_name: 'Midwest Mutual', account_types: ['insurance'], financial_account_id: own.id });
    });

    it('the migration releases a financial_account_id stored before the rule that names no account of its case, keeping the value in notes', async () => {
      const { caseId, base } = await place();
      const account = await created(t, owner, base, MINIMAL);
      const bank = await newRecordOf(t, owner, caseId, ACCOUNT_KINDS.bank_account);
      const contacts = `/v1/cases/${caseId}/institution-contacts`;
      const body = { institution_name: 'Midwest Mutual', account_types: ['insurance'] };
      const legacy = await created(t, owner, contacts, { ...body, notes: 'Ask for Dana.' });
      const namesAccount = await created(t, owner, contacts, { ...body, financial_account_id: account.id });
      const namesBank = await created(t, owner, contacts, { ...body, financial_account_id: bank.id });
      const valuation = await created(t, owner, `/v1/cases/${caseId}/real-estate-valuations`, {
        property_address: { address1: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' },
        property_type: 'condo',
      });
      // What the free string field held before it became a reference (another case's account is dangling too).
      const elsewhere = await newRecordOf(t, owner, await newCase(t, owner), ACCOUNT_KINDS.debt);
      await t.sql('update institution_contacts set financial_account_id = $2 where id = $1', [legacy.id, 'ACC-2291']);
      await t.sql('update real_estate_valuations set financial_account_id = $2 where id = $1', [valuation.id, elsewhere.id]);
      const versions = async () => (await t.sql<{ id: string; version: number }>('select id, version from institution_contacts where case_id = $1 order by id', [caseId]));
      const before = await versions();

      await t.sql(RELEASE_DANGLING_FINANCIAL_ACCOUNT_IDS);
      const read = async (url: string) => (await t.http().get(url).set(owner.auth).expect(200)).body.data;
      expect(await read(`${contacts}/${legacy.id}`)).toMatchObject({ financial_account_id: null, notes: 'Ask for Dana.\n\nfinancial_account_id was ACC-2291 (it named no account of this case).' });
      expect(await read(`/v1/cases/${caseId}/real-estate-valuations/${valuation.id}`)).toMatchObject({
        financial_account_id: null,
        notes: `financial_account_id was ${elsewhere.id} (it named no account of this case).`,
      });
      expect((await read(`${contacts}/${namesAccount.id}`)).financial_account_id).toBe(account.id);
      expect((await read(`${contacts}/${namesBank.id}`)).financial_account_id).toBe(bank.id);
      expect((await versions()).map(({ id, version }) => version - before.find((row) => row.id === id)!.version)).toEqual(
        before.map(({ id }) => (id === legacy.id ? 1 : 0)),
      );
      // The released record takes a PATCH of another field again.
      await t.http().patch(`${contacts}/${legacy.id}`).set(owner.auth).send({ department_name: 'Claims' }).expect(200);
    });

    it("another organization's case: 404 on every route; nothing changed", async () => {
      const { caseId, base } = await place();
      const account = await created(t, owner, base, MINIMAL);
      const before = await t.sql('select * from financial_accounts where case_id = $1', [caseId]);
      expectError(await t.http().get(base).set(stranger.auth), 404, 'not_found');
      expectError(await t.http().post(base).set(stranger.auth).send(MINIMAL), 404, 'not_found');
      expectError(await t.http().get(`${base}/${account.id}`).set(stranger.auth), 404, 'not_found');
      expectError(await t.http().patch(`${base}/${account.id}`).set(stranger.auth).send({ status: 'closed' }), 404, 'not_found');
      expectError(await t.http().delete(`${base}/${account.id}`).set(stranger.auth), 404, 'not_found');
      expect(await t.sql('select * from financial_accounts where case_id = $1', [caseId])).toEqual(before);
    });
  });
});
