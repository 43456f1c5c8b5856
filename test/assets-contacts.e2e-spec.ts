import { representationOf } from '@estate/shared-kernel';
import { institutionContactResource } from '@estate/assets';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';
import { ACCOUNT_KINDS, FINANCIAL_ACCOUNT_ID_MESSAGE, newRecordOf, OTHER_KINDS } from './support/account-fixtures';

const UNKNOWN_ID = '01BX5ZZKBKACTAV9WEVGEMMVRZ';

describe('institution contacts (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let caseId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    caseId = await newCase(owner);
  });
  afterAll(() => t.close());

  async function newCase(caller: TestCaller): Promise<string> {
    const res = await t.http().post('/v1/cases').set(caller.auth).send({});
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  async function addContact(inCase: string, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const res = await t
      .http()
      .post(`/v1/cases/${inCase}/institution-contacts`)
      .set(owner.auth)
      .send({ institution_name: 'First Prairie Bank', account_types: ['bank'], ...body });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  it('creates a contact with every field, null for unset at every depth', async () => {
    const res = await t
      .http()
      .post(`/v1/cases/${caseId}/institution-contacts`)
      .set(owner.auth)
      .send({
        institution_name: 'Harbor Credit Union',
        account_types: ['bank', 'debt'],
        contact_methods: { phone: '+1 800 555 0100', email: 'estates@harbor.example' },
        last_contacted: '2026-09-01T10:00:00+02:00',
      });
    expect(res.status).toBe(201);
    expect(res.headers.etag).toBeDefined();
    const contact = res.body.data;
    expect(Object.keys(contact).sort()).toEqual(representationOf(institutionContactResource).sort());
    expect(contact).toMatchObject({
      institution_name: 'Harbor Credit Union',
      account_types: ['bank', 'debt'],
      debt_subtypes: [],
      is_default_contact: false,
      department_name: null,
      last_contacted: '2026-09-01T08:00:00.000Z',
    });
    expect(contact.contact_methods).toEqual({
      phone: '+1 800 555 0100',
      phone_hours: null,
      phone_extension: null,
      fax: null,
      email: 'estates@harbor.example',
      mailing_address: null,
      website: null,
    });
    const read = await t.http().get(`/v1/cases/${caseId}/institution-contacts/${contact.id}`).set(owner.auth).expect(200);
    expect(read.body.data).toEqual(contact);
  });

  it('requires institution_name and a non-empty account_types of the set, and checks nested fields by their JSON path', async () => {
    const missing = await t.http().post(`/v1/cases/${caseId}/institution-contacts`).set(owner.auth).send({});
    expectError(missing, 422, 'validation_error');
    expect(detailFields(missing)).toEqual(expect.arrayContaining(['institution_name', 'account_types']));

    const empty = await t.http().post(`/v1/cases/${caseId}/institution-contacts`).set(owner.auth).send({ institution_name: 'X', account_types: [] });
    expectError(empty, 422, 'validation_error');
    expect(detailFields(empty)).toEqual(['account_types']);

    const bad = await t
      .http()
      .post(`/v1/cases/${caseId}/institution-contacts`)
      .set(owner.auth)
      .send({
        institution_name: 'X',
        account_types: ['bank', 'savings'],
        contact_methods: { email: 'not-an-email', mailing_address: { address1: '1 Main St', city: 'Peoria', state: 'Illinois', zip: '616' }, pager: '1' },
        instant: true,
      });
    expectError(bad, 422, 'validation_error');
    expect(detailFields(bad).sort()).toEqual(
      ['account_types', 'contact_methods.email', 'contact_methods.mailing_address.state', 'contact_methods.mailing_address.zip', 'contact_methods.pager', 'instant'].sort(),
    );
  });

  it('merges contact_methods recursively (#12) and validates the merged result', async () => {
    const contact = await addContact(caseId, {
      contact_methods: {
        phone: '+1 800 555 0101',
        fax: '+1 800 555 0102',
        mailing_address: { address1: '1 Bank Plaza', city: 'Springfield', state: 'IL', zip: '62701' },
      },
    });
    const url = `/v1/cases/${caseId}/institution-contacts/${contact.id}`;
    const res = await t
      .http()
      .patch(url)
      .set(owner.auth)
      .set('Content-Type', 'application/merge-patch+json')
      .send(JSON.stringify({ contact_methods: { fax: null, email: 'desk@bank.example', mailing_address: { city: 'Peoria', zip: '61602' } }, department_name: 'Estates' }));
    expect(res.status).toBe(200);
    expect(res.body.data.department_name).toBe('Estates');
    expect(res.body.data.contact_methods).toEqual({
      phone: '+1 800 555 0101',
      phone_hours: null,
      phone_extension: null,
      fax: null,
      email: 'desk@bank.example',
      mailing_address: { address1: '1 Bank Plaza', address2: null, city: 'Peoria', state: 'IL', zip: '61602' },
      website: null,
    });
    expect(res.headers.etag).toBeDefined();

    const invalid = await t
      .http()
      .patch(url)
      .set(owner.auth)
      .send({ contact_methods: { email: 'nope', mailing_address: { zip: 'ABCDE' } }, account_types: ['vault'], last_contacted: '2026-09-01T00:00:00Z' });
    expectError(invalid, 422, 'validation_error');
    expect(detailFields(invalid).sort()).toEqual(['account_types', 'contact_methods.email', 'contact_methods.mailing_address.zip', 'last_contacted'].sort());

    // Removing a required line of the address leaves an invalid merged address.
    const broken = await t.http().patch(url).set(owner.auth).send({ contact_methods: { mailing_address: { city: null } } });
    expectError(broken, 422, 'validation_error');
    expect(detailFields(broken)).toEqual(['contact_methods.mailing_address.city']);

    const required = await t.http().patch(url).set(owner.auth).send({ institution_name: null, account_types: [] });
    expectError(required, 422, 'validation_error');
    expect(detailFields(required).sort()).toEqual(['account_types', 'institution_name']);

    const cleared = await t.http().patch(url).set(owner.auth).send({ contact_methods: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.contact_methods).toBeNull();
  });

  it('references: a debt names a contact of its own case (else 422); deleting the contact releases the reference', async () => {
    const contact = await addContact(caseId, { account_types: ['debt'] });
    const other = await newCase(owner);
    const foreignContact = await addContact(other);

    const refused = await t
      .http()
      .post(`/v1/cases/${caseId}/debts`)
      .set(owner.auth)
      .send({ debt_type: 'CHG', creditor_name: 'Lakeside', institution_contact_id: foreignContact.id });
    expectError(refused, 422, 'validation_error');
    expect(detailFields(refused)).toEqual(['institution_contact_id']);

    const debt = await t
      .http()
      .post(`/v1/cases/${caseId}/debts`)
      .set(owner.auth)
      .send({ debt_type: 'CHG', creditor_name: 'Lakeside', institution_contact_id: contact.id })
      .expect(201);
    expect(debt.body.data.institution_contact_id).toBe(contact.id);
    const patchRefused = await t.http().patch(`/v1/cases/${caseId}/debts/${debt.body.data.id}`).set(owner.auth).send({ institution_contact_id: UNKNOWN_ID });
    expectError(patchRefused, 422, 'validation_error');

    await t.http().delete(`/v1/cases/${caseId}/institution-contacts/${contact.id}`).set(owner.auth).expect(204);
    expectError(await t.http().get(`/v1/cases/${caseId}/institution-contacts/${contact.id}`).set(owner.auth), 404, 'not_found');
    const after = await t.http().get(`/v1/cases/${caseId}/debts/${debt.body.data.id}`).set(owner.auth).expect(200);
    expect(after.body.data.institution_contact_id).toBeNull();
  });
  describe('financial_account_id (contract-extensions §12.1)', () => {
    const contacts = (inCase: string) => `/v1/cases/${inCase}/institution-contacts`;

    it('names a financial, bank, investment or retirement account, a life insurance policy or a debt of the case, on create and on PATCH', async () => {
      const inCase = await newCase(owner);
      const contact = await addContact(inCase);
      for (const [kind, declared] of Object.entries(ACCOUNT_KINDS)) {
        const account = await newRecordOf(t, owner, inCase, declared);
        expect({ kind, named: (await addContact(inCase, { financial_account_id: account.id })).financial_account_id }).toEqual({ kind, named: account.id });
        const patched = await t.http().patch(`${contacts(inCase)}/${contact.id}`).set(owner.auth).send({ financial_account_id: account.id });
        expect({ kind, status: patched.status, named: patched.body.data?.financial_account_id }).toEqual({ kind, status: 200, named: account.id });
      }
      const cleared = await t.http().patch(`${contacts(inCase)}/${contact.id}`).set(owner.auth).send({ financial_account_id: null }).expect(200);
      expect(cleared.body.data.financial_account_id).toBeNull();
    });

    it('anything else is 422 on financial_account_id: another kind, another case’s account, an unknown id, free text; nothing written', async () => {
      const inCase = await newCase(owner);
      const otherCase = await newCase(owner);
      const contact = await addContact(inCase);
      const [before] = await t.sql('select * from institution_contacts where id = $1', [contact.id]);
      const wrong = [
        ...(await Promise.all(Object.values(OTHER_KINDS).map(async (kind) => (await newRecordOf(t, owner, inCase, kind)).id))),
        (await newRecordOf(t, owner, otherCase, ACCOUNT_KINDS.bank_account)).id,
        (await newRecordOf(t, owner, otherCase, ACCOUNT_KINDS.financial_account)).id,
        UNKNOWN_ID,
        'ACC-2291',
      ];
      for (const id of wrong) {
        const refused = await t.http().post(contacts(inCase)).set(owner.auth).send({ institution_name: 'First Prairie Bank', account_types: ['bank'], financial_account_id: id });
        expectError(refused, 422, 'validation_error');
        expect(refused.body.error.details).toEqual([{ field: 'financial_account_id', message: FINANCIAL_ACCOUNT_ID_MESSAGE, reason: 'rule' }]);
        const patched = await t.http().patch(`${contacts(inCase)}/${contact.id}`).set(owner.auth).send({ financial_account_id: id });
        expectError(patched, 422, 'validation_error');
        expect(detailFields(patched)).toEqual(['financial_account_id']);
      }
      // The contact itself and the one made as a record of the wrong kind: no other.
      const kept = (await t.sql<{ id: string }>('select id from institution_contacts where case_id = $1 order by id', [inCase])).map((row) => row.id);
      expect(kept).toEqual([contact.id, wrong[2]].sort());
      expect((await t.sql('select * from institution_contacts where id = $1', [contact.id]))[0]).toEqual(before);
    });

    it('deleting the record named, of any of the six kinds, sets financial_account_id to null and moves the ETag', async () => {
      const inCase = await newCase(owner);
      for (const [kind, declared] of Object.entries(ACCOUNT_KINDS)) {
        const account = await newRecordOf(t, owner, inCase, declared);
        const contact = await addContact(inCase, { financial_account_id: account.id });
        const etag = (await t.http().get(`${contacts(inCase)}/${contact.id}`).set(owner.auth).expect(200)).headers.etag;
        await t.http().delete(account.url).set(owner.auth).expect(204);
        const after = await t.http().get(`${contacts(inCase)}/${contact.id}`).set(owner.auth).expect(200);
        expect({ kind, named: after.body.data.financial_account_id, moved: after.headers.etag !== etag }).toEqual({ kind, named: null, moved: true });
      }
    });
  });
});
