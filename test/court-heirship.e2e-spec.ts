import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailReasons, expectError } from './support/api-assertions';
import { created, newCase } from './support/assets-holdings-fixtures';

type Person = Record<string, any>;

/**
 * `GET /v1/cases/{case_id}/heirship` (contract-extensions §17.3) through HTTP: the pinned cases, each family made of
 * persons and its estate value of assets through the API; what stays unresolved; escheat; Louisiana; each error.
 */
describe('heirship (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    stranger = await t.invite();
  });
  afterAll(() => t.close());

  interface Estate {
    caseId: string;
    person: (first: string, fields?: Record<string, unknown>) => Promise<Person>;
    heirship: (query?: string) => Promise<import('supertest').Response>;
  }

  /**
   * A case whose deceased died on 2026-08-20 and whose probate assets at death are `value` (a brokerage account at
   * its date-of-death value), in `probateState` when given.
   */
  async function estate(value: number, options: { probateState?: string; residence?: string | null } = {}): Promise<Estate> {
    const caseId = await newCase(t, owner);
    const base = `/v1/cases/${caseId}`;
    const address = options.residence === null ? undefined : { address1: '12 Elm Street', city: 'Springfield', state: options.residence ?? 'IL', zip: '62701' };
    await t.http().put(`${base}/deceased`).set(owner.auth).send({ first_name: 'Margaret', last_name: 'Okafor', date_of_death: '2026-08-20', ...(address ? { address } : {}) }).expect(201);
    if (options.probateState) await t.http().put(`${base}/probate`).set(owner.auth).send({ state: options.probateState, probate_type: 'formal' }).expect(201);
    if (value > 0) {
      await created(t, owner, `${base}/investment-accounts`, { account_type: 'brokerage', custodian_name: 'Fidelity', balance: value + 1000, date_of_death_value: value });
    }
    return {
      caseId,
      person: (first, fields = {}) => created(t, owner, `${base}/persons`, { first_name: first, last_name: `Okafor${++counter}`, relationship: 'family', ...fields }),
      heirship: (query = '') => t.http().get(`${base}/heirship${query}`).set(owner.auth),
    };
  }

  const shares = (res: import('supertest').Response) =>
    Object.fromEntries((res.body.data.heirs as Array<{ person_id: string; fraction: string | null; amount: number }>).map((heir) => [heir.person_id, [heir.fraction, heir.amount]]));

  describe('the pinned cases', () => {
    it('Florida: the spouse takes all when every child is also the spouse’s; one half, and each child one quarter, when one is not (§732.102, §732.104)', async () => {
      const fl = await estate(300_000, { probateState: 'FL' });
      const spouse = await fl.person('Samuel', { kinship: 'spouse', spouse_has_other_descendants: false });
      const a = await fl.person('Ann', { kinship: 'child', descendant_of_spouse: true });
      const b = await fl.person('Ben', { kinship: 'child', descendant_of_spouse: true });

      // The state defaults to the domicile: the probate case's.
      const all = await fl.heirship();
      expect(all.status).toBe(200);
      expect(all.headers.etag).toBeUndefined();
      expect(all.body.data).toMatchObject({ state: 'FL', property: 'separate', rule_source: 'state', representation: 'per_stirpes', estate_value: 300000, unresolved: [], escheat: false });
      expect(shares(all)).toEqual({ [spouse.id]: ['1/1', 300000] });
      expect(all.body.data.heirs[0]).toMatchObject({ name: spouse.first_name + ' ' + spouse.last_name, kinship: 'spouse', via: [], citation: expect.stringContaining('§732.102') });

      await t.http().patch(`/v1/cases/${fl.caseId}/persons/${b.id}`).set(owner.auth).send({ descendant_of_spouse: false }).expect(200);
      const half = await fl.heirship();
      expect(shares(half)).toEqual({ [spouse.id]: ['1/2', 150000], [a.id]: ['1/4', 75000], [b.id]: ['1/4', 75000] });
      expect(half.body.data.heirs.map((heir: { citation: string }) => heir.citation)).toEqual([expect.stringContaining('§732.102'), 'Fla. Stat. §732.104', 'Fla. Stat. §732.104']);
      expect(half.body.data.citations).toEqual([expect.stringContaining('§732.102'), 'Fla. Stat. §732.104']);
    });

    it('Illinois: a spouse one half and each of two children one quarter; without a spouse, a predeceased child’s two children share its half per stirpes', async () => {
      const il = await estate(200_000);
      const spouse = await il.person('Samuel', { kinship: 'spouse' });
      const a = await il.person('Ann', { kinship: 'child' });
      const b = await il.person('Ben', { kinship: 'child' });
      const withSpouse = await il.heirship('?state=IL');
      expect(shares(withSpouse)).toEqual({ [spouse.id]: ['1/2', 100000], [a.id]: ['1/4', 50000], [b.id]: ['1/4', 50000] });
      expect(withSpouse.body.data.heirs[0].citation).toBe('755 ILCS 5/2-1(a)');

      const lines = await estate(200_000);
      const ann = await lines.person('Ann', { kinship: 'child' });
      const ben = await lines.person('Ben', { kinship: 'child', is_deceased: true });
      const b1 = await lines.person('Bea', { kinship: 'grandchild', through_person_id: ben.id });
      const b2 = await lines.person('Bo', { kinship: 'grandchild', through_person_id: ben.id });
      // Without a probate case, the domicile is the deceased's address state (IL).
      const perStirpes = await lines.heirship();
      expect(perStirpes.body.data.state).toBe('IL');
      expect(shares(perStirpes)).toEqual({ [ann.id]: ['1/2', 100000], [b1.id]: ['1/4', 50000], [b2.id]: ['1/4', 50000] });
      expect(perStirpes.body.data.heirs.map((heir: { via: string[] }) => heir.via)).toEqual([[], [ben.id], [ben.id]]);
    });

    it('New York: per capita at each generation (A 1/3, each grandchild 2/9); a spouse of an estate of 250,000.00 takes 150,000.00 and each child 50,000.00', async () => {
      const ny = await estate(90_000, { probateState: 'NY' });
      const a = await ny.person('Ann', { kinship: 'child' });
      const b = await ny.person('Ben', { kinship: 'child', is_deceased: true });
      const b1 = await ny.person('Bea', { kinship: 'grandchild', through_person_id: b.id });
      const c = await ny.person('Cal', { kinship: 'child', is_deceased: true });
      const c1 = await ny.person('Cy', { kinship: 'grandchild', through_person_id: c.id });
      const c2 = await ny.person('Cora', { kinship: 'grandchild', through_person_id: c.id });
      const generations = await ny.heirship();
      expect(generations.body.data.representation).toBe('per_capita_at_each_generation');
      expect(shares(generations)).toEqual({ [a.id]: ['1/3', 30000], [b1.id]: ['2/9', 20000], [c1.id]: ['2/9', 20000], [c2.id]: ['2/9', 20000] });
      expect(generations.body.data.citations).toEqual(['N.Y. EPTL §§4-1.1, 1-2.16']);

      const withSpouse = await estate(250_000, { probateState: 'NY' });
      const spouse = await withSpouse.person('Samuel', { kinship: 'spouse' });
      const x = await withSpouse.person('Ann', { kinship: 'child' });
      const y = await withSpouse.person('Ben', { kinship: 'child' });
      const res = await withSpouse.heirship();
      expect(res.body.data.estate_value).toBe(250000);
      expect(shares(res)).toEqual({ [spouse.id]: [null, 150000], [x.id]: [null, 50000], [y.id]: [null, 50000] });
    });

    it('Pennsylvania: the spouse of the children’s parent takes 30,000.00 plus one half of the balance of 100,000.00; the children share 35,000.00', async () => {
      const pa = await estate(100_000, { probateState: 'PA' });
      const spouse = await pa.person('Samuel', { kinship: 'spouse' });
      const a = await pa.person('Ann', { kinship: 'child', descendant_of_spouse: true });
      const b = await pa.person('Ben', { kinship: 'child', descendant_of_spouse: true });
      const res = await pa.heirship();
      expect(shares(res)).toEqual({ [spouse.id]: [null, 65000], [a.id]: [null, 17500], [b.id]: [null, 17500] });
      expect(res.body.data.heirs[0].citation).toBe('20 Pa.C.S. §2102');
    });

    it('California: separate property one third each; community property all of the deceased’s half to the spouse', async () => {
      const ca = await estate(300_000, { probateState: 'CA' });
      const spouse = await ca.person('Samuel', { kinship: 'spouse' });
      const a = await ca.person('Ann', { kinship: 'child' });
      const b = await ca.person('Ben', { kinship: 'child' });
      const separate = await ca.heirship('?property=separate');
      expect(shares(separate)).toEqual({ [spouse.id]: ['1/3', 100000], [a.id]: ['1/3', 100000], [b.id]: ['1/3', 100000] });
      expect(separate.body.data.heirs[0].citation).toBe('Cal. Prob. Code §6401(c)(3)');

      const community = await ca.heirship('?property=community');
      expect(community.body.data.property).toBe('community');
      expect(shares(community)).toEqual({ [spouse.id]: ['1/1', 300000] });
      expect(community.body.data.heirs[0].citation).toBe('Cal. Prob. Code §6401(a)-(b)');
    });
  });

  it('a fact the rule needs and the persons do not give is unresolved, naming the person and the field; no heir is computed', async () => {
    const fl = await estate(300_000, { probateState: 'FL' });
    await fl.person('Samuel', { kinship: 'spouse', spouse_has_other_descendants: false });
    const a = await fl.person('Ann', { kinship: 'child' });
    const res = await fl.heirship();
    expect(res.status).toBe(200);
    expect(res.body.data.heirs).toEqual([]);
    expect(res.body.data.verified).toBe(false);
    expect(res.body.data.unresolved).toContainEqual({ person_id: a.id, field: 'descendant_of_spouse', message: expect.any(String) });
  });

  it('nobody to inherit: escheat, no heir', async () => {
    const il = await estate(50_000, { probateState: 'IL' });
    await il.person('Pat', { kinship: 'not_related' });
    const res = await il.heirship();
    expect(res.body.data).toMatchObject({ heirs: [], unresolved: [], escheat: true });
  });

  it('Louisiana answers unresolved with the reason (civil-law succession), never the Uniform Probate Code in silence', async () => {
    const la = await estate(100_000, { probateState: 'LA' });
    await la.person('Samuel', { kinship: 'spouse' });
    await la.person('Ann', { kinship: 'child' });
    const res = await la.heirship();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'LA', heirs: [], escheat: false, verified: false });
    expect(res.body.data.unresolved).toEqual([{ person_id: null, field: 'state', message: expect.stringMatching(/Louisiana/) }]);
  });

  it('an estate without assets is worth 0.00 and its heirs take 0.00', async () => {
    const il = await estate(0, { probateState: 'IL' });
    const a = await il.person('Ann', { kinship: 'child' });
    const res = await il.heirship();
    expect(res.body.data.estate_value).toBe(0);
    expect(shares(res)).toEqual({ [a.id]: ['1/1', 0] });
  });

  describe('errors', () => {
    it('422 validation_error for each bad query value, naming the parameter', async () => {
      const fl = await estate(1_000, { probateState: 'FL' });
      const cases: Array<[string, Array<[string, string]>]> = [
        ['?state=ZZ', [['state', 'enum']]],
        ['?state=fl', [['state', 'enum']]],
        ['?state=', [['state', 'enum']]],
        ['?property=joint', [['property', 'enum']]],
        ['?state=ZZ&property=joint', [['state', 'enum'], ['property', 'enum']]],
        ['?state=FL&state=NY', [['state', 'type']]],
        // Community property in a state that has none.
        ['?property=community', [['property', 'rule']]],
        ['?state=NY&property=community', [['property', 'rule']]],
      ];
      for (const [query, reasons] of cases) {
        const res = await fl.heirship(query);
        expectError(res, 422, 'validation_error');
        expect([query, detailReasons(res)]).toEqual([query, reasons]);
      }
    });

    it('422 when no state is named and the case has no domicile: no probate case, no address of the deceased', async () => {
      const nowhere = await estate(1_000, { residence: null });
      const res = await nowhere.heirship();
      expectError(res, 422, 'validation_error');
      expect(detailReasons(res)).toEqual([['state', 'required']]);
      expect((await nowhere.heirship('?state=IL')).status).toBe(200);
    });

    it('400 for a query parameter the route does not take', async () => {
      const fl = await estate(1_000, { probateState: 'FL' });
      expectError(await fl.heirship('?as_of=2026-08-20'), 400, 'bad_request');
    });

    it('404 for another organization’s case and for an unknown one; a viewer of the case may read it', async () => {
      const fl = await estate(1_000, { probateState: 'FL' });
      expectError(await t.http().get(`/v1/cases/${fl.caseId}/heirship`).set(stranger.auth), 404, 'not_found');
      expectError(await t.http().get('/v1/cases/01ARZ3NDEKTSV4RRFFQ69G5FAV/heirship').set(owner.auth), 404, 'not_found');

      const viewer = await t.invite('pro');
      const [who] = await t.sql<{ email: string }>('select email from users where id = $1', [viewer.userId]);
      await t.sql(
        `insert into collaborators (id, case_id, organization_id, email, role, status, user_id, invited_by, invitation_expires_at, accepted_at, created_at, updated_at)
         values ($1, $2, $3, $4, 'viewer', 'accepted', $5, $6, now() + interval '7 days', now(), now(), now())`,
        ['01JHE1R5H1P0000000000000VW', fl.caseId, owner.organizationId, who.email, viewer.userId, owner.userId],
      );
      const read = await t.http().get(`/v1/cases/${fl.caseId}/heirship`).set(viewer.auth);
      expect(read.status).toBe(200);
      expect(read.body.data.state).toBe('FL');
    });
  });
});
