import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, detailReasons, expectError } from './support/api-assertions';
import { created, ids, isoDateInDays, newCase, newContact, UNKNOWN_ID } from './support/assets-holdings-fixtures';

const MINIMAL = { business_name: 'Whitaker Hardware LLC', entity_type: 'llc', ownership_percentage: 50 };
const EIN = '36-4567890';

describe('business interests (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    stranger = await t.invite();
  });
  afterAll(() => t.close());

  it('refuses what its own rules refuse, one detail each, and writes nothing', async () => {
    const { caseId, base } = await place();
    const refusals: Array<[Record<string, unknown>, string, string | undefined]> = [
      [{ ...MINIMAL, ownership_percentage: -1 }, 'ownership_percentage', 'range'],
      [{ ...MINIMAL, state_of_formation: 'Illinois' }, 'state_of_formation', undefined],
      [{ ...MINIMAL, ein: '364567890' }, 'ein', 'format'],
      [{ ...MINIMAL, ein: '07-4567890' }, 'ein', 'rule'],
      [{ ...MINIMAL, institution_contact_id: UNKNOWN_ID }, 'institution_contact_id', 'rule'],
    ];
    for (const [body, field, reason] of refusals) {
      const res = await t.http().post(base).set(owner.auth).send(body);
      expectError(res, 422, 'validation_error');
      expect(detailFields(res)).toEqual([field]);
      if (reason) expect(detailReasons(res)).toEqual([[field, reason]]);
    }
    const business = await created(t, owner, base, MINIMAL);
    for (const [patch, field] of [[{ status: 'closed' }, 'status'], [{ ein: '96-1234567' }, 'ein']] as const) {
      const res = await t.http().patch(`${base}/${business.id}`).set(owner.auth).send(patch);
      expectError(res, 422, 'validation_error');
      expect(detailFields(res)).toEqual([field]);
    }
    expect(await rowsOf(caseId)).toHaveLength(1);
  });

  async function place(): Promise<{ caseId: string; base: string }> {
    const caseId = await newCase(t, owner);
    return { caseId, base: `/v1/cases/${caseId}/businesses` };
  }

  const rowsOf = (caseId: string) => t.sql('select * from businesses where case_id = $1 order by id', [caseId]);

  describe('interest_value', () => {
    it('is estimated_value × ownership_percentage / 100, rounded half away from zero to cents; null without a value', async () => {
      const { base } = await place();
      const cases: Array<[number, number, number]> = [
        [480000, 50, 240000],
        [0.01, 50, 0.01], // 0.005 → 0.01
        [0.03, 50, 0.02], // 0.015 → 0.02
        [-0.01, 50, -0.01], // −0.005 → −0.01 (away from zero)
        [333.33, 33.33, 111.1], // 111.098889 → 111.10
        [100000.05, 12.5, 12500.01], // 12500.00625 → 12500.01
        [999999999999.99, 100, 999999999999.99],
        [250000, 0, 0],
      ];
      for (const [estimatedValue, ownership, expected] of cases) {
        const business = await created(t, owner, base, { ...MINIMAL, estimated_value: estimatedValue, ownership_percentage: ownership });
        expect([estimatedValue, ownership, business.interest_value]).toEqual([estimatedValue, ownership, expected]);
        const [stored] = await t.sql<{ interest_value: string }>('select interest_value::text from businesses where id = $1', [business.id]);
        expect(Number(stored.interest_value)).toBe(expected);
      }
      const unvalued = await created(t, owner, base, MINIMAL);
      expect(unvalued.interest_value).toBeNull();
    });

    it('follows a change of the value or the percentage, and clears with the value', async () => {
      const { base } = await place();
      const business = await created(t, owner, base, { ...MINIMAL, estimated_value: 100000 });
      expect(business.interest_value).toBe(50000);
      const raised = await t.http().patch(`${base}/${business.id}`).set(owner.auth).send({ ownership_percentage: 75 }).expect(200);
      expect(raised.body.data.interest_value).toBe(75000);
      const revalued = await t.http().patch(`${base}/${business.id}`).set(owner.auth).send({ estimated_value: 200000 }).expect(200);
      expect(revalued.body.data.interest_value).toBe(150000);
      const cleared = await t.http().patch(`${base}/${business.id}`).set(owner.auth).send({ estimated_value: null }).expect(200);
      expect(cleared.body.data.interest_value).toBeNull();
      expect((await t.http().get(`${base}/${business.id}`).set(owner.auth).expect(200)).body.data.interest_value).toBeNull();
    });

    it('sorts in SQL by the computed value (not the estimated value), unset last in both directions', async () => {
      const { base } = await place();
      // The smallest business by value holds the largest interest.
      const whole = await created(t, owner, base, { ...MINIMAL, ownership_percentage: 100, estimated_value: 90000 });
      const small = await created(t, owner, base, { ...MINIMAL, ownership_percentage: 10, estimated_value: 600000 });
      const half = await created(t, owner, base, { ...MINIMAL, ownership_percentage: 50, estimated_value: 100000 });
      const unvalued = await created(t, owner, base, MINIMAL);
      const list = async (query: string) => ids(await t.http().get(`${base}?${query}`).set(owner.auth).expect(200));
      expect(await list('sort_by=interest_value&sort_order=asc')).toEqual([half.id, small.id, whole.id, unvalued.id]);
      expect(await list('sort_by=interest_value&sort_order=desc')).toEqual([whole.id, small.id, half.id, unvalued.id]);
      const pageOne = await t.http().get(`${base}?sort_by=interest_value&sort_order=desc&per_page=2&cursor=`).set(owner.auth).expect(200);
      const pageTwo = await t.http().get(`${base}?sort_by=interest_value&sort_order=desc&per_page=2&cursor=${pageOne.body.meta.next_cursor}`).set(owner.auth).expect(200);
      expect([...ids(pageOne), ...ids(pageTwo)]).toEqual([whole.id, small.id, half.id, unvalued.id]);
    });
  });

  describe('ein', () => {
    it('is stored encrypted and returned masked everywhere (create, read, list, patch, events)', async () => {
      const { caseId, base } = await place();
      const business = await created(t, owner, base, { ...MINIMAL, ein: EIN });
      expect(business.ein).toBe('******7890');
      const [stored] = await t.sql<{ ein: string }>('select ein from businesses where id = $1', [business.id]);
      expect(stored.ein).not.toContain('4567890');
      expect((await t.http().get(`${base}/${business.id}`).set(owner.auth).expect(200)).body.data.ein).toBe('******7890');
      expect((await t.http().get(base).set(owner.auth).expect(200)).body.data[0].ein).toBe('******7890');
      const changed = await t.http().patch(`${base}/${business.id}`).set(owner.auth).send({ ein: '91-1234567' }).expect(200);
      expect(changed.body.data.ein).toBe('******4567');
      const events = await t.sql<{ text: string }>("select data::text as text from events where case_id = $1 and type like 'business.%'", [caseId]);
      expect(events).toHaveLength(2);
      for (const event of events) expect(event.text).not.toMatch(/4567890|1234567/);
      const cleared = await t.http().patch(`${base}/${business.id}`).set(owner.auth).send({ ein: null }).expect(200);
      expect(cleared.body.data.ein).toBeNull();
    });

    it.each(['00', '07', '08', '09', '17', '18', '19', '28', '29', '49', '69', '70', '78', '79', '89', '96', '97'])('refuses the never-issued prefix %s (nothing written)', async (prefix) => {
      const { caseId, base } = await place();
      const res = await t.http().post(base).set(owner.auth).send({ ...MINIMAL, ein: `${prefix}-1234567` });
      expectError(res, 422, 'validation_error');
      expect(detailReasons(res)).toEqual([['ein', 'rule']]);
      expect(await rowsOf(caseId)).toEqual([]);
    });

    it('refuses a malformed EIN on create and patch (format), the row unchanged', async () => {
      const { caseId, base } = await place();
      for (const ein of ['911234567', '91-123456', '91-12345678', 'AB-1234567', '']) {
        const res = await t.http().post(base).set(owner.auth).send({ ...MINIMAL, ein });
        expectError(res, 422, 'validation_error');
        expect(detailFields(res)).toEqual(['ein']);
      }
      expect(await rowsOf(caseId)).toEqual([]);
      const business = await created(t, owner, base, { ...MINIMAL, ein: EIN });
      const [before] = await t.sql('select * from businesses where id = $1', [business.id]);
      const patched = await t.http().patch(`${base}/${business.id}`).set(owner.auth).send({ ein: '91 1234567' });
      expectError(patched, 422, 'validation_error');
      expect(detailReasons(patched)).toEqual([['ein', 'format']]);
      expect((await t.sql('select * from businesses where id = $1', [business.id]))[0]).toEqual(before);
    });
  });

  describe('ownership', () => {
    it('ownership_percentage plus the co-owners’ percentages may reach exactly 100, not more (create and merged patch)', async () => {
      const { caseId, base } = await place();
      const partners = [{ name: 'Daniel Okafor', role: 'partner', ownership_percentage: 33.33 }, { name: 'Ada Obi', ownership_percentage: 33.33 }];
      const exact = await created(t, owner, base, { ...MINIMAL, ownership_percentage: 33.34, co_owners: partners });
      expect(exact.co_owners[1]).toEqual({ name: 'Ada Obi', role: null, ownership_percentage: 33.33 });
      const over = await t.http().post(base).set(owner.auth).send({ ...MINIMAL, ownership_percentage: 33.35, co_owners: partners });
      expectError(over, 422, 'validation_error');
      expect(detailReasons(over)).toEqual([['ownership_percentage', 'rule']]);
      expect(over.body.error.details[0].message).toContain('at most 33.34');
      expect((await rowsOf(caseId)).map((row) => row.id)).toEqual([exact.id]);

      const [before] = await t.sql('select * from businesses where id = $1', [exact.id]);
      const patched = await t.http().patch(`${base}/${exact.id}`).set(owner.auth).send({ co_owners: [...partners, { name: 'Late partner', ownership_percentage: 0.01 }] });
      expectError(patched, 422, 'validation_error');
      expect(detailFields(patched)).toEqual(['ownership_percentage']);
      expect((await t.sql('select * from businesses where id = $1', [exact.id]))[0]).toEqual(before);
    });

    it('a sole_proprietorship or a sole_owner needs ownership_percentage 100 (create and merged patch)', async () => {
      const { caseId, base } = await place();
      for (const body of [
        { ...MINIMAL, entity_type: 'sole_proprietorship', ownership_percentage: 99.99 },
        { ...MINIMAL, deceased_role: 'sole_owner', ownership_percentage: 50 },
      ]) {
        const res = await t.http().post(base).set(owner.auth).send(body);
        expectError(res, 422, 'validation_error');
        expect(detailReasons(res)).toEqual([['ownership_percentage', 'rule']]);
      }
      expect(await rowsOf(caseId)).toEqual([]);
      const shop = await created(t, owner, base, { ...MINIMAL, entity_type: 'sole_proprietorship', deceased_role: 'sole_owner', ownership_percentage: 100 });
      const lowered = await t.http().patch(`${base}/${shop.id}`).set(owner.auth).send({ ownership_percentage: 90 });
      expectError(lowered, 422, 'validation_error');
      expect(detailFields(lowered)).toEqual(['ownership_percentage']);

      const llc = await created(t, owner, base, MINIMAL);
      const [before] = await t.sql('select * from businesses where id = $1', [llc.id]);
      for (const patch of [{ entity_type: 'sole_proprietorship' }, { deceased_role: 'sole_owner' }]) {
        const res = await t.http().patch(`${base}/${llc.id}`).set(owner.auth).send(patch);
        expectError(res, 422, 'validation_error');
        expect(detailFields(res)).toEqual(['ownership_percentage']);
      }
      expect((await t.sql('select * from businesses where id = $1', [llc.id]))[0]).toEqual(before);
      await t.http().patch(`${base}/${llc.id}`).set(owner.auth).send({ entity_type: 'sole_proprietorship', ownership_percentage: 100 }).expect(200);
    });
  });

  describe('sale', () => {
    it('sold needs sale_price and sale_date (create and merged patch); sale_date not after today', async () => {
      const { caseId, base } = await place();
      const bare = await t.http().post(base).set(owner.auth).send({ ...MINIMAL, status: 'sold' });
      expectError(bare, 422, 'validation_error');
      expect(detailReasons(bare)).toEqual([
        ['sale_price', 'required'],
        ['sale_date', 'required'],
      ]);
      const future = await t.http().post(base).set(owner.auth).send({ ...MINIMAL, status: 'sold', sale_price: 1, sale_date: isoDateInDays(1) });
      expectError(future, 422, 'validation_error');
      expect(detailReasons(future)).toEqual([['sale_date', 'range']]);
      expect(await rowsOf(caseId)).toEqual([]);

      const business = await created(t, owner, base, { ...MINIMAL, sale_price: 240000 });
      const moved = await t.http().patch(`${base}/${business.id}`).set(owner.auth).send({ status: 'sold' });
      expectError(moved, 422, 'validation_error');
      expect(detailReasons(moved)).toEqual([['sale_date', 'required']]);
      const sold = await t.http().patch(`${base}/${business.id}`).set(owner.auth).send({ status: 'sold', sale_date: isoDateInDays(0) }).expect(200);
      expect(sold.body.data).toMatchObject({ status: 'sold', sale_price: 240000, sale_date: isoDateInDays(0) });
      const cleared = await t.http().patch(`${base}/${business.id}`).set(owner.auth).send({ sale_date: null });
      expectError(cleared, 422, 'validation_error');
      expect(detailFields(cleared)).toEqual(['sale_date']);
    });
  });

  describe('filters, references, events, other organizations', () => {
    it('filters by entity_type and status (repeatable, combined)', async () => {
      const { base } = await place();
      const a = await created(t, owner, base, MINIMAL);
      const b = await created(t, owner, base, { ...MINIMAL, entity_type: 's_corp', status: 'inactive' });
      const c = await created(t, owner, base, { ...MINIMAL, entity_type: 'sole_proprietorship', ownership_percentage: 100, status: 'dissolved' });
      const list = async (query: string) => ids(await t.http().get(`${base}?${query}`).set(owner.auth).expect(200));
      expect(await list('entity_type=llc')).toEqual([a.id]);
      expect(await list('entity_type=s_corp&entity_type=sole_proprietorship&sort_order=asc')).toEqual([b.id, c.id]);
      expect(await list('status=inactive&status=dissolved&entity_type=s_corp')).toEqual([b.id]);
      const bad = await t.http().get(`${base}?entity_type=trust`).set(owner.auth);
      expectError(bad, 400, 'bad_request');
      expect(detailFields(bad)).toEqual(['entity_type']);
    });

    it('institution_contact_id names a contact of the case (else 422); deleting the contact clears it', async () => {
      const { caseId, base } = await place();
      const contactId = await newContact(t, owner, caseId);
      const foreignContact = await newContact(t, owner, await newCase(t, owner));
      const refused = await t.http().post(base).set(owner.auth).send({ ...MINIMAL, institution_contact_id: foreignContact });
      expectError(refused, 422, 'validation_error');
      expect(detailReasons(refused)).toEqual([['institution_contact_id', 'rule']]);
      const business = await created(t, owner, base, { ...MINIMAL, institution_contact_id: contactId });
      await t.http().delete(`/v1/cases/${caseId}/institution-contacts/${contactId}`).set(owner.auth).expect(204);
      expect((await t.http().get(`${base}/${business.id}`).set(owner.auth).expect(200)).body.data.institution_contact_id).toBeNull();
    });

    it('appends business.created, .updated (a status move too, never status_changed) and .deleted', async () => {
      const { caseId, base } = await place();
      const business = await created(t, owner, base, { ...MINIMAL, estimated_value: 1000 });
      await t.http().patch(`${base}/${business.id}`).set(owner.auth).send({ status: 'inactive' }).expect(200);
      await t.http().patch(`${base}/${business.id}`).set(owner.auth).send({ ownership_percentage: 40 }).expect(200);
      await t.http().delete(`${base}/${business.id}`).set(owner.auth).expect(204);
      const events = await t.sql<{ type: string; status: string; interest: number; previous: Record<string, unknown> | null }>(
        "select type, data->'object'->>'status' as status, (data->'object'->>'interest_value')::float as interest, data->'previous_attributes' as previous from events where case_id = $1 and type like 'business.%' order by id",
        [caseId],
      );
      expect(events).toEqual([
        { type: 'business.created', status: 'active', interest: 500, previous: null },
        { type: 'business.updated', status: 'inactive', interest: 500, previous: { status: 'active' } },
        { type: 'business.updated', status: 'inactive', interest: 400, previous: { ownership_percentage: 50, interest_value: 500 } },
        { type: 'business.deleted', status: 'inactive', interest: 400, previous: null },
      ]);
    });

    it("another organization's case: 404 on every route, nothing changed", async () => {
      const { caseId, base } = await place();
      const business = await created(t, owner, base, { ...MINIMAL, ein: EIN });
      const before = await rowsOf(caseId);
      expectError(await t.http().get(base).set(stranger.auth), 404, 'not_found');
      expectError(await t.http().post(base).set(stranger.auth).send(MINIMAL), 404, 'not_found');
      const read = await t.http().get(`${base}/${business.id}`).set(stranger.auth);
      expectError(read, 404, 'not_found');
      expect(JSON.stringify(read.body)).not.toContain('7890');
      expectError(await t.http().patch(`${base}/${business.id}`).set(stranger.auth).send({ notes: 'x' }), 404, 'not_found');
      expectError(await t.http().delete(`${base}/${business.id}`).set(stranger.auth), 404, 'not_found');
      expect(await rowsOf(caseId)).toEqual(before);
    });
  });
});
