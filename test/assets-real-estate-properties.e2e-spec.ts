import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, detailReasons, expectError } from './support/api-assertions';
import { created, ids, isoDateInDays, newCase, newContact, UNKNOWN_ID } from './support/assets-holdings-fixtures';

const ADDRESS = { address1: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' };
const MINIMAL = { address: ADDRESS, property_type: 'single_family', ownership_type: 'sole' };

describe('real estate properties (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    stranger = await t.invite();
  });
  afterAll(() => t.close());

  // The shared contract runs generated from the declaration (test/contracts/assets); what follows are its own rules.
  it('refuses what its own rules refuse, each detail naming its field, nothing written: a share over 100, a co-owner without a name, a contact of no case; a patch may not clear the address', async () => {
    const { caseId, base } = await place();
    const refused: Array<[Record<string, unknown>, string, string]> = [
      [{ ...MINIMAL, ownership_percentage: 100.5 }, 'ownership_percentage', 'range'],
      [{ ...MINIMAL, co_owners: [{ ownership_share: 10 }] }, 'co_owners.0.name', 'required'],
      [{ ...MINIMAL, institution_contact_id: UNKNOWN_ID }, 'institution_contact_id', 'rule'],
    ];
    for (const [body, field, reason] of refused) {
      const res = await t.http().post(base).set(owner.auth).send(body);
      expectError(res, 422, 'validation_error');
      expect(detailReasons(res)).toEqual([[field, reason]]);
    }
    expect(await t.sql('select count(*)::int as n from real_estate_properties where case_id = $1', [caseId])).toEqual([{ n: 0 }]);
    const property = await created(t, owner, base, MINIMAL);
    const cleared = await t.http().patch(`${base}/${property.id}`).set(owner.auth).send({ address: null });
    expectError(cleared, 422, 'validation_error');
    expect(detailFields(cleared)).toEqual(['address']);
    expect((await t.http().get(`${base}/${property.id}`).set(owner.auth).expect(200)).body.data.address).toEqual({ ...ADDRESS, address2: null });
  });

  async function place(): Promise<{ caseId: string; base: string; valuations: string }> {
    const caseId = await newCase(t, owner);
    return { caseId, base: `/v1/cases/${caseId}/real-estate-properties`, valuations: `/v1/cases/${caseId}/real-estate-valuations` };
  }

  const rowsOf = (caseId: string) => t.sql('select * from real_estate_properties where case_id = $1 order by id', [caseId]);

  describe('computed fields', () => {
    it('requires_probate is false exactly for the ownership types that pass outside probate', async () => {
      const { base } = await place();
      const expected: Record<string, boolean> = {
        sole: true,
        joint_tenants_wros: false,
        tenants_in_common: true,
        tenancy_by_entirety: false,
        community_property: true,
        community_property_wros: false,
        trust: false,
        life_estate: false,
        tod_deed: false,
      };
      for (const [ownershipType, requiresProbate] of Object.entries(expected)) {
        const property = await created(t, owner, base, { ...MINIMAL, ownership_type: ownershipType });
        expect([ownershipType, property.requires_probate]).toEqual([ownershipType, requiresProbate]);
      }
      // It follows a change of the ownership type.
      const property = await created(t, owner, base, { ...MINIMAL, ownership_type: 'sole' });
      const moved = await t.http().patch(`${base}/${property.id}`).set(owner.auth).send({ ownership_type: 'tod_deed' }).expect(200);
      expect(moved.body.data.requires_probate).toBe(false);
      const listed = await t.http().get(`${base}?ownership_type=tod_deed`).set(owner.auth).expect(200);
      expect(listed.body.data.map((row: { requires_probate: boolean }) => row.requires_probate)).toEqual([false, false]);
    });

    it('equity_estimate = estimated_value − outstanding_mortgage − Σ liens, exact in cents; null without a value; follows changes', async () => {
      const { base } = await place();
      const property = await created(t, owner, base, {
        ...MINIMAL,
        estimated_value: 350000.1,
        outstanding_mortgage: 120000.2,
        liens: [{ lien_type: 'tax', holder: 'County', amount: 4200.3 }, { holder: 'HOA', amount: 0.1 }, { lien_type: 'judgment' }],
      });
      // A float sum would give 225799.49999999997.
      expect(property.equity_estimate).toBe(225799.5);
      expect(property.liens[2]).toEqual({ lien_type: 'judgment', holder: null, amount: null, recorded_date: null });
      const lowered = await t.http().patch(`${base}/${property.id}`).set(owner.auth).send({ outstanding_mortgage: null, liens: [] }).expect(200);
      expect(lowered.body.data.equity_estimate).toBe(350000.1);
      const unvalued = await t.http().patch(`${base}/${property.id}`).set(owner.auth).send({ estimated_value: null, outstanding_mortgage: 5 }).expect(200);
      expect(unvalued.body.data.equity_estimate).toBeNull();
      const underwater = await t.http().patch(`${base}/${property.id}`).set(owner.auth).send({ estimated_value: 100000, outstanding_mortgage: 150000.01 }).expect(200);
      expect(underwater.body.data.equity_estimate).toBe(-50000.01);
      const read = await t.http().get(`${base}/${property.id}`).set(owner.auth).expect(200);
      expect(read.body.data.equity_estimate).toBe(-50000.01);
      // Nothing of it is stored.
      const [row] = await t.sql('select * from real_estate_properties where id = $1', [property.id]);
      expect(row).not.toHaveProperty('equity_estimate');
    });
  });

  describe('ownership', () => {
    it('ownership_percentage defaults to 100 less the co-owners’ shares (exact), and null restores that default', async () => {
      const { base } = await place();
      const alone = await created(t, owner, base, MINIMAL);
      expect(alone.ownership_percentage).toBe(100);
      const shared = await created(t, owner, base, {
        ...MINIMAL,
        ownership_type: 'tenants_in_common',
        co_owners: [
          { name: 'Grace Okafor', relationship: 'daughter', ownership_share: 33.33 },
          { name: 'Daniel Okafor', ownership_share: 16.67 },
          { name: 'Ada Obi' },
        ],
      });
      expect(shared.ownership_percentage).toBe(50);
      expect(shared.co_owners[2]).toEqual({ name: 'Ada Obi', relationship: null, ownership_share: null });
      const [stored] = await t.sql<{ ownership_percentage: string }>('select ownership_percentage from real_estate_properties where id = $1', [shared.id]);
      expect(stored.ownership_percentage).toBe('50.00');

      const given = await t.http().patch(`${base}/${shared.id}`).set(owner.auth).send({ ownership_percentage: 40 }).expect(200);
      expect(given.body.data.ownership_percentage).toBe(40);
      const restored = await t.http().patch(`${base}/${shared.id}`).set(owner.auth).send({ ownership_percentage: null, co_owners: [{ name: 'Grace Okafor', ownership_share: 25.5 }] }).expect(200);
      expect(restored.body.data.ownership_percentage).toBe(74.5);
    });

    it('ownership_percentage plus the co-owners’ shares may reach exactly 100 but not more (422, nothing written)', async () => {
      const { caseId, base } = await place();
      const thirds = [33.33, 33.33].map((share, index) => ({ name: `Heir ${index}`, ownership_share: share }));
      const exact = await created(t, owner, base, { ...MINIMAL, ownership_percentage: 33.34, co_owners: thirds });
      expect(exact.ownership_percentage).toBe(33.34);

      const over = await t.http().post(base).set(owner.auth).send({ ...MINIMAL, ownership_percentage: 33.35, co_owners: thirds });
      expectError(over, 422, 'validation_error');
      expect(detailReasons(over)).toEqual([['ownership_percentage', 'rule']]);
      expect(over.body.error.details[0].message).toContain('at most 33.34');

      // Without a percentage of its own, the shares alone may not pass 100: the detail names co_owners.
      const shares = await t.http().post(base).set(owner.auth).send({ ...MINIMAL, co_owners: [{ name: 'A', ownership_share: 60 }, { name: 'B', ownership_share: 40.01 }] });
      expectError(shares, 422, 'validation_error');
      expect(detailReasons(shares)).toEqual([['co_owners', 'rule']]);
      expect((await rowsOf(caseId)).map((row) => row.id)).toEqual([exact.id]);
    });

    it('applies to the merged result of a PATCH: the row is unchanged when refused', async () => {
      const { base } = await place();
      const property = await created(t, owner, base, { ...MINIMAL, ownership_percentage: 50, co_owners: [{ name: 'Grace Okafor', ownership_share: 50 }] });
      const [before] = await t.sql('select * from real_estate_properties where id = $1', [property.id]);
      const raised = await t.http().patch(`${base}/${property.id}`).set(owner.auth).send({ ownership_percentage: 50.01 });
      expectError(raised, 422, 'validation_error');
      expect(detailFields(raised)).toEqual(['ownership_percentage']);
      const added = await t.http().patch(`${base}/${property.id}`).set(owner.auth).send({ co_owners: [{ name: 'Grace Okafor', ownership_share: 50 }, { name: 'Daniel Okafor', ownership_share: 1 }] });
      expectError(added, 422, 'validation_error');
      expect(detailFields(added)).toEqual(['ownership_percentage']);
      expect((await t.sql('select * from real_estate_properties where id = $1', [property.id]))[0]).toEqual(before);
      // Lowering one side makes room.
      const ok = await t.http().patch(`${base}/${property.id}`).set(owner.auth).send({ ownership_percentage: 49, co_owners: [{ name: 'Grace Okafor', ownership_share: 50 }, { name: 'Daniel Okafor', ownership_share: 1 }] });
      expect(ok.status).toBe(200);
    });
  });

  describe('sale', () => {
    it('sold needs sale_price and sale_date on create (422 required, nothing written); with both it is stored', async () => {
      const { caseId, base } = await place();
      const bare = await t.http().post(base).set(owner.auth).send({ ...MINIMAL, status: 'sold' });
      expectError(bare, 422, 'validation_error');
      expect(detailReasons(bare)).toEqual([
        ['sale_price', 'required'],
        ['sale_date', 'required'],
      ]);
      const priced = await t.http().post(base).set(owner.auth).send({ ...MINIMAL, status: 'sold', sale_price: 365000 });
      expectError(priced, 422, 'validation_error');
      expect(detailFields(priced)).toEqual(['sale_date']);
      expect(await rowsOf(caseId)).toEqual([]);
      const sold = await created(t, owner, base, { ...MINIMAL, status: 'sold', sale_price: 365000, sale_date: isoDateInDays(0) });
      expect(sold).toMatchObject({ status: 'sold', sale_price: 365000, sale_date: isoDateInDays(0) });
    });

    it('sold needs them on the merged result of a PATCH: moving to sold, or clearing one on a sold property, is 422', async () => {
      const { base } = await place();
      const property = await created(t, owner, base, { ...MINIMAL, status: 'under_contract', sale_price: 365000 });
      const [before] = await t.sql('select * from real_estate_properties where id = $1', [property.id]);
      const moved = await t.http().patch(`${base}/${property.id}`).set(owner.auth).send({ status: 'sold' });
      expectError(moved, 422, 'validation_error');
      expect(detailReasons(moved)).toEqual([['sale_date', 'required']]);
      expect((await t.sql('select * from real_estate_properties where id = $1', [property.id]))[0]).toEqual(before);

      const sold = await t.http().patch(`${base}/${property.id}`).set(owner.auth).send({ status: 'sold', sale_date: '2026-10-01' }).expect(200);
      expect(sold.body.data).toMatchObject({ status: 'sold', sale_price: 365000, sale_date: '2026-10-01' });
      const cleared = await t.http().patch(`${base}/${property.id}`).set(owner.auth).send({ sale_price: null });
      expectError(cleared, 422, 'validation_error');
      expect(detailFields(cleared)).toEqual(['sale_price']);
      // Other statuses need neither.
      await t.http().patch(`${base}/${property.id}`).set(owner.auth).send({ status: 'transferred_to_heir', sale_price: null, sale_date: null }).expect(200);
    });

    it('sale_date is a past fact: today is accepted, tomorrow (UTC) is 422 on create and patch', async () => {
      const { caseId, base } = await place();
      const tomorrow = await t.http().post(base).set(owner.auth).send({ ...MINIMAL, sale_date: isoDateInDays(1) });
      expectError(tomorrow, 422, 'validation_error');
      expect(detailReasons(tomorrow)).toEqual([['sale_date', 'range']]);
      expect(await rowsOf(caseId)).toEqual([]);
      const property = await created(t, owner, base, { ...MINIMAL, sale_date: isoDateInDays(0) });
      const later = await t.http().patch(`${base}/${property.id}`).set(owner.auth).send({ sale_date: isoDateInDays(2) });
      expectError(later, 422, 'validation_error');
      expect(detailFields(later)).toEqual(['sale_date']);
    });
  });

  describe('references', () => {
    it('institution_contact_id names a contact of the case (else 422); deleting the contact clears it', async () => {
      const { caseId, base } = await place();
      const contactId = await newContact(t, owner, caseId);
      const otherContact = await newContact(t, owner, await newCase(t, owner));
      const property = await created(t, owner, base, { ...MINIMAL, institution_contact_id: contactId });
      expect(property.institution_contact_id).toBe(contactId);
      const foreign = await t.http().patch(`${base}/${property.id}`).set(owner.auth).send({ institution_contact_id: otherContact });
      expectError(foreign, 422, 'validation_error');
      expect(detailReasons(foreign)).toEqual([['institution_contact_id', 'rule']]);
      await t.http().delete(`/v1/cases/${caseId}/institution-contacts/${contactId}`).set(owner.auth).expect(204);
      expect((await t.http().get(`${base}/${property.id}`).set(owner.auth).expect(200)).body.data.institution_contact_id).toBeNull();
    });
  });

  describe('latest_valuation', () => {
    const valuation = (propertyId: string | null, fields: Record<string, unknown>) => ({
      property_address: ADDRESS,
      property_type: 'single_family',
      status: 'completed',
      ...(propertyId === null ? {} : { property_id: propertyId }),
      ...fields,
    });

    it('is the completed valuation with the latest valuation_date, on GET one and on the list; null without one', async () => {
      const { base, valuations } = await place();
      const home = await created(t, owner, base, MINIMAL);
      const cabin = await created(t, owner, base, { ...MINIMAL, property_use: 'second_home' });
      expect(home.latest_valuation).toBeNull();

      const older = await created(t, owner, valuations, valuation(home.id, { estimated_value: 340000, valuation_date: '2026-03-01' }));
      const newest = await created(t, owner, valuations, valuation(home.id, { estimated_value: 355000.5, valuation_date: '2026-08-15' }));
      await created(t, owner, valuations, valuation(home.id, { estimated_value: 1, valuation_date: '2026-06-01' }));
      // Not completed, or of another property, or dated later but pending: none of them counts.
      await created(t, owner, valuations, valuation(home.id, { estimated_value: 999999, valuation_date: '2026-09-01', status: 'pending' }));
      await created(t, owner, valuations, valuation(home.id, { estimated_value: 999999, valuation_date: '2026-09-02', status: 'stale' }));
      await created(t, owner, valuations, valuation(cabin.id, { estimated_value: 120000, valuation_date: '2026-01-10' }));
      await created(t, owner, valuations, valuation(null, { estimated_value: 5, valuation_date: '2026-12-01' }));
      expect(older.property_id).toBe(home.id);

      const read = await t.http().get(`${base}/${home.id}`).set(owner.auth).expect(200);
      expect(read.body.data.latest_valuation).toEqual({ id: newest.id, estimated_value: 355000.5, valuation_date: '2026-08-15' });
      const list = await t.http().get(`${base}?sort_order=asc`).set(owner.auth).expect(200);
      expect(list.body.data.map((row: { id: string; latest_valuation: unknown }) => [row.id, row.latest_valuation])).toEqual([
        [home.id, { id: newest.id, estimated_value: 355000.5, valuation_date: '2026-08-15' }],
        [cabin.id, expect.objectContaining({ estimated_value: 120000, valuation_date: '2026-01-10' })],
      ]);
      const cursorList = await t.http().get(`${base}?sort_order=asc&cursor=`).set(owner.auth).expect(200);
      expect(cursorList.body.data[0].latest_valuation.id).toBe(newest.id);
      // Undated completed valuations come after every dated one.
      await created(t, owner, valuations, valuation(cabin.id, { estimated_value: 7 }));
      expect((await t.http().get(`${base}/${cabin.id}`).set(owner.auth).expect(200)).body.data.latest_valuation.estimated_value).toBe(120000);
    });

    it('breaks a tie on valuation_date by the latest created_at', async () => {
      const { base, valuations } = await place();
      const home = await created(t, owner, base, MINIMAL);
      const first = await created(t, owner, valuations, valuation(home.id, { estimated_value: 300000, valuation_date: '2026-08-15' }));
      const second = await created(t, owner, valuations, valuation(home.id, { estimated_value: 310000, valuation_date: '2026-08-15' }));
      expect((await t.http().get(`${base}/${home.id}`).set(owner.auth).expect(200)).body.data.latest_valuation.id).toBe(second.id);

      // The first one now counts as created later: the next write of it makes it the latest.
      await t.sql("update real_estate_valuations set created_at = created_at + interval '1 day' where id = $1", [first.id]);
      await t.http().patch(`${valuations}/${first.id}`).set(owner.auth).send({ notes: 'Re-dated' }).expect(200);
      expect((await t.http().get(`${base}/${home.id}`).set(owner.auth).expect(200)).body.data.latest_valuation).toEqual({
        id: first.id,
        estimated_value: 300000,
        valuation_date: '2026-08-15',
      });
      // A later date wins over any created_at.
      const dated = await created(t, owner, valuations, valuation(home.id, { estimated_value: 320000, valuation_date: '2026-08-16' }));
      expect((await t.http().get(`${base}/${home.id}`).set(owner.auth).expect(200)).body.data.latest_valuation.id).toBe(dated.id);
    });

    it('follows every valuation write: the property’s ETag and the list’s change, its updated_at does not; no property event', async () => {
      const { caseId, base, valuations } = await place();
      const home = await created(t, owner, base, MINIMAL);
      const first = await t.http().get(`${base}/${home.id}`).set(owner.auth).expect(200);
      const firstList = await t.http().get(base).set(owner.auth).expect(200);

      const appraisal = await created(t, owner, valuations, valuation(home.id, { estimated_value: 350000, valuation_date: '2026-08-15' }));
      const second = await t.http().get(`${base}/${home.id}`).set(owner.auth).set('If-None-Match', first.headers.etag);
      expect(second.status).toBe(200);
      expect(second.headers.etag).not.toBe(first.headers.etag);
      expect(second.body.data.latest_valuation.id).toBe(appraisal.id);
      expect(second.body.data.updated_at).toBe(home.updated_at);
      expect((await t.http().get(base).set(owner.auth).set('If-None-Match', firstList.headers.etag)).status).toBe(200);
      // A valuation write that does not move the projection leaves the property's ETag alone.
      await t.http().patch(`${valuations}/${appraisal.id}`).set(owner.auth).send({ notes: 'Desk review' }).expect(200);
      expect((await t.http().get(`${base}/${home.id}`).set(owner.auth).set('If-None-Match', second.headers.etag)).status).toBe(304);

      // Its value changes.
      await t.http().patch(`${valuations}/${appraisal.id}`).set(owner.auth).send({ estimated_value: 360000 }).expect(200);
      const third = await t.http().get(`${base}/${home.id}`).set(owner.auth).set('If-None-Match', second.headers.etag).expect(200);
      expect(third.body.data.latest_valuation).toEqual({ id: appraisal.id, estimated_value: 360000, valuation_date: '2026-08-15' });

      // It stops being completed: the one before it stands (here none).
      await t.http().patch(`${valuations}/${appraisal.id}`).set(owner.auth).send({ status: 'stale' }).expect(200);
      const fourth = await t.http().get(`${base}/${home.id}`).set(owner.auth).set('If-None-Match', third.headers.etag).expect(200);
      expect(fourth.body.data.latest_valuation).toBeNull();
      // If-Match with the tag before the projection moved is refused: the representation changed.
      expectError(await t.http().patch(`${base}/${home.id}`).set(owner.auth).set('If-Match', third.headers.etag).send({ notes: 'x' }), 412, 'precondition_failed');

      const events = await t.sql<{ type: string }>("select type from events where case_id = $1 and type like 'real_estate_property.%' order by id", [caseId]);
      expect(events.map((event) => event.type)).toEqual(['real_estate_property.created']);
    });

    it('moves with the valuation: another property, no property, deletion', async () => {
      const { base, valuations } = await place();
      const home = await created(t, owner, base, MINIMAL);
      const cabin = await created(t, owner, base, MINIMAL);
      const earlier = await created(t, owner, valuations, valuation(home.id, { estimated_value: 300000, valuation_date: '2026-01-01' }));
      const later = await created(t, owner, valuations, valuation(home.id, { estimated_value: 350000, valuation_date: '2026-08-01' }));
      const latestOf = async (id: string) => (await t.http().get(`${base}/${id}`).set(owner.auth).expect(200)).body.data.latest_valuation?.id ?? null;

      await t.http().patch(`${valuations}/${later.id}`).set(owner.auth).send({ property_id: cabin.id }).expect(200);
      expect([await latestOf(home.id), await latestOf(cabin.id)]).toEqual([earlier.id, later.id]);
      await t.http().patch(`${valuations}/${later.id}`).set(owner.auth).send({ property_id: null }).expect(200);
      expect([await latestOf(home.id), await latestOf(cabin.id)]).toEqual([earlier.id, null]);
      await t.http().delete(`${valuations}/${earlier.id}`).set(owner.auth).expect(204);
      expect(await latestOf(home.id)).toBeNull();
      const [stored] = await t.sql('select latest_valuation_id, latest_valuation_estimated_value, latest_valuation_date from real_estate_properties where id = $1', [home.id]);
      expect(stored).toEqual({ latest_valuation_id: null, latest_valuation_estimated_value: null, latest_valuation_date: null });
    });
  });

  describe('valuations’ property_id', () => {
    it('names a property of the case: another case’s or an unknown one is 422 on create and patch, nothing written', async () => {
      const { caseId, valuations } = await place();
      const other = await place();
      const foreignProperty = await created(t, owner, other.base, MINIMAL);
      const count = async () => (await t.sql('select id from real_estate_valuations where case_id = $1', [caseId])).length;
      for (const propertyId of [foreignProperty.id, UNKNOWN_ID]) {
        const res = await t.http().post(valuations).set(owner.auth).send({ property_address: ADDRESS, property_type: 'condo', property_id: propertyId });
        expectError(res, 422, 'validation_error');
        expect(detailReasons(res)).toEqual([['property_id', 'rule']]);
      }
      expect(await count()).toBe(0);
      const plain = await created(t, owner, valuations, { property_address: ADDRESS, property_type: 'condo' });
      expect(plain.property_id).toBeNull();
      const [before] = await t.sql('select * from real_estate_valuations where id = $1', [plain.id]);
      const patched = await t.http().patch(`${valuations}/${plain.id}`).set(owner.auth).send({ property_id: foreignProperty.id });
      expectError(patched, 422, 'validation_error');
      expect(detailFields(patched)).toEqual(['property_id']);
      expect((await t.sql('select * from real_estate_valuations where id = $1', [plain.id]))[0]).toEqual(before);
    });

    it('deleting a property sets property_id to null on its valuations (their ETag changes) and keeps them', async () => {
      const { base, valuations } = await place();
      const home = await created(t, owner, base, MINIMAL);
      const kept = await created(t, owner, base, MINIMAL);
      const appraisal = await created(t, owner, valuations, { property_address: ADDRESS, property_type: 'condo', status: 'completed', property_id: home.id, estimated_value: 1 });
      const other = await created(t, owner, valuations, { property_address: ADDRESS, property_type: 'condo', property_id: kept.id });
      const before = await t.http().get(`${valuations}/${appraisal.id}`).set(owner.auth).expect(200);
      await t.http().delete(`${base}/${home.id}`).set(owner.auth).expect(204);
      const after = await t.http().get(`${valuations}/${appraisal.id}`).set(owner.auth).expect(200);
      expect(after.body.data.property_id).toBeNull();
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect((await t.http().get(`${valuations}/${other.id}`).set(owner.auth).expect(200)).body.data.property_id).toBe(kept.id);
      await t.http().get(`${base}/${home.id}`).set(owner.auth).expect(404);
    });
  });

  describe('filters, sort, events, other organizations', () => {
    it('filters by status, property_use and ownership_type (repeatable, combined); sorts by estimated_value with unset last', async () => {
      const { base } = await place();
      const a = await created(t, owner, base, { ...MINIMAL, property_use: 'rental', estimated_value: 200000 });
      const b = await created(t, owner, base, { ...MINIMAL, ownership_type: 'trust', property_use: 'rental', status: 'listed_for_sale', estimated_value: 90000 });
      const c = await created(t, owner, base, { ...MINIMAL, ownership_type: 'life_estate', property_use: 'land' });
      const list = async (query: string) => ids(await t.http().get(`${base}?${query}`).set(owner.auth).expect(200));
      expect(await list('property_use=rental&sort_order=asc')).toEqual([a.id, b.id]);
      expect(await list('status=listed_for_sale')).toEqual([b.id]);
      expect(await list('ownership_type=trust&ownership_type=life_estate&sort_order=asc')).toEqual([b.id, c.id]);
      expect(await list('ownership_type=sole&property_use=land')).toEqual([]);
      expect(await list('sort_by=estimated_value&sort_order=asc')).toEqual([b.id, a.id, c.id]);
      expect(await list('sort_by=estimated_value&sort_order=desc')).toEqual([a.id, b.id, c.id]);
      const bad = await t.http().get(`${base}?ownership_type=joint`).set(owner.auth);
      expectError(bad, 400, 'bad_request');
      expect(detailFields(bad)).toEqual(['ownership_type']);
      expectError(await t.http().get(`${base}?sort_by=equity_estimate`).set(owner.auth), 400, 'bad_request');
    });

    it('appends real_estate_property.created, .updated (a status move too) and .deleted with the record', async () => {
      const { caseId, base } = await place();
      const property = await created(t, owner, base, { ...MINIMAL, estimated_value: 100 });
      await t.http().patch(`${base}/${property.id}`).set(owner.auth).send({ status: 'listed_for_sale' }).expect(200);
      await t.http().patch(`${base}/${property.id}`).set(owner.auth).send({ notes: 'Open house Sunday.' }).expect(200);
      await t.http().delete(`${base}/${property.id}`).set(owner.auth).expect(204);
      const events = await t.sql<{ type: string; status: string; equity: number; previous: Record<string, unknown> | null }>(
        "select type, data->'object'->>'status' as status, (data->'object'->>'equity_estimate')::float as equity, data->'previous_attributes' as previous from events where case_id = $1 and type like 'real_estate_property.%' order by id",
        [caseId],
      );
      expect(events).toEqual([
        { type: 'real_estate_property.created', status: 'owned', equity: 100, previous: null },
        { type: 'real_estate_property.updated', status: 'listed_for_sale', equity: 100, previous: { status: 'owned' } },
        { type: 'real_estate_property.updated', status: 'listed_for_sale', equity: 100, previous: { notes: null } },
        { type: 'real_estate_property.deleted', status: 'listed_for_sale', equity: 100, previous: null },
      ]);
    });

    it("another organization's case: 404 on every route, nothing changed", async () => {
      const { caseId, base } = await place();
      const property = await created(t, owner, base, MINIMAL);
      const before = await rowsOf(caseId);
      expectError(await t.http().get(base).set(stranger.auth), 404, 'not_found');
      expectError(await t.http().post(base).set(stranger.auth).send(MINIMAL), 404, 'not_found');
      expectError(await t.http().get(`${base}/${property.id}`).set(stranger.auth), 404, 'not_found');
      expectError(await t.http().patch(`${base}/${property.id}`).set(stranger.auth).send({ notes: 'x' }), 404, 'not_found');
      expectError(await t.http().delete(`${base}/${property.id}`).set(stranger.auth), 404, 'not_found');
      expect(await rowsOf(caseId)).toEqual(before);
    });
  });
});
