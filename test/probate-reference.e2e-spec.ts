import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';

const DATA = join(__dirname, '..', 'libs', 'court', 'reference-data');
const sha256 = (file: string) => `"${createHash('sha256').update(readFileSync(join(DATA, file), 'utf8')).digest('hex')}"`;
const RULES_TAG = sha256('us-probate.json');
const FORMS_TAG = sha256('probate-forms.json');

const COUNTY_FIELDS = ['court_address', 'court_name', 'court_phone', 'court_website', 'fips', 'name', 'state'];
const FORM_FIELDS = ['form_number', 'id', 'issuing_body', 'probate_types', 'purpose', 'required', 'revision', 'state', 'title', 'url'];

/** Probate reference data (contract-extensions §10.4) and the forms catalogue (§10.3): read-only, shipped files. */
describe('probate reference data and forms (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let member: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    member = await t.join(owner, 'member'); // the least-privileged role today (collaborators of §13.1 are not created yet)
  });
  afterAll(() => t.close());

  const get = (path: string, caller: TestCaller = owner) => t.http().get(path).set(caller.auth);

  function expectReference(res: { status: number; headers: Record<string, string> }, tag: string): void {
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe(tag);
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
  }

  describe('states (§10.4)', () => {
    it('lists all 50 states and DC, sorted by code, paged like every list, tagged with the file SHA-256', async () => {
      const res = await get('/v1/probate/states?per_page=100');
      expectReference(res, RULES_TAG);
      const codes = res.body.data.map((state: { code: string }) => state.code);
      expect(codes).toHaveLength(51);
      expect(codes).toEqual([...codes].sort());
      expect(codes).toContain('DC');
      expect(res.body.meta).toEqual({ page: 1, per_page: 100, total_count: 51, total_pages: 1, has_more: false, next_cursor: null });
      const first = await get('/v1/probate/states');
      expect(first.body.meta).toEqual({ page: 1, per_page: 25, total_count: 51, total_pages: 3, has_more: true, next_cursor: null });
      const last = await get('/v1/probate/states?page=3');
      expect(last.body.data.map((state: { code: string }) => state.code)).toEqual(['WY']);
      expect(last.body.meta.has_more).toBe(false);
      for (const query of ['per_page=101', 'page=0', 'cursor=', 'sort_by=code']) expectError(await get(`/v1/probate/states?${query}`), 400, 'bad_request');
    });

    it('reads a state with its pinned rules and thresholds; CA, FL and NY ship their counties', async () => {
      const ca = await get('/v1/probate/states/CA', member);
      expectReference(ca, RULES_TAG);
      expect(ca.body.data).toMatchObject({
        code: 'CA',
        fips: '06',
        counties_shipped: true,
        court_name_pattern: 'Superior Court of California, County of {county}',
        inventory_due: { amount: 4, unit: 'months', from: 'letters_issued' },
        creditor_claim_period: { amount: 4, unit: 'months', from: 'letters_issued' },
      });
      expect(ca.body.data.small_estate_thresholds.map((entry: { amount: number }) => entry.amount).sort()).toEqual([166250, 184500, 208850]);
      for (const code of ['FL', 'NY']) expect((await get(`/v1/probate/states/${code}`)).body.data.counties_shipped).toBe(true);
      expect((await get('/v1/probate/states/TX')).body.data).toMatchObject({ counties_shipped: false, inventory_due: { amount: 90, unit: 'days', from: 'qualification' } });
    });

    it.each(['ca', 'XX', 'C', 'CAL', 'US'])('an unknown or lower-case state %s is 404', async (code) => {
      expectError(await get(`/v1/probate/states/${code}`), 404, 'not_found');
      expectError(await get(`/v1/probate/states/${code}/counties`), 404, 'not_found');
      expectError(await get(`/v1/probate/states/${code}/forms`), 404, 'not_found');
    });
  });

  describe('death taxes, intestacy and the federal values (§17.1)', () => {
    it('a state with an estate tax: its exemption by date of death, its return, each cited and flagged', async () => {
      const res = await get('/v1/probate/states/MA', member);
      expectReference(res, RULES_TAG);
      expect(res.body.data.death_taxes).toMatchObject({
        estate_tax: {
          exemptions: [{ amount: 2000000, effective_from: '2023-01-01', effective_to: null, citation: expect.stringContaining('c. 65C'), verified: false }],
          return_due: { amount: 9, unit: 'months', from: 'date_of_death', source: 'state', verified: false },
          form: 'M-706',
        },
        inheritance_tax: null,
      });
      expect((await get('/v1/probate/states/OR')).body.data.death_taxes.estate_tax.exemptions[0]).toMatchObject({ amount: 1000000 });
      // No estate or inheritance tax: both null.
      expect((await get('/v1/probate/states/FL')).body.data.death_taxes).toMatchObject({ estate_tax: null, inheritance_tax: null });
    });

    it("a state with an inheritance tax: its classes (with the kinships each holds), its return and Pennsylvania's early-payment discount", async () => {
      const pa = (await get('/v1/probate/states/PA')).body.data.death_taxes.inheritance_tax;
      expect(pa.classes.find((entry: any) => entry.class === 'spouse')).toMatchObject({ rate: '0%', exempt: true, kinships: ['spouse'] });
      expect(pa.classes.find((entry: any) => entry.class === 'lineal')).toMatchObject({ rate: '4.5%', exempt: false, kinships: expect.arrayContaining(['child']) });
      expect(pa).toMatchObject({ return_due: { amount: 9, unit: 'months', from: 'date_of_death' }, early_payment_discount: { percent: 5, within: { amount: 3, unit: 'months' }, verified: false } });
    });

    it('every state carries its intestacy; small-estate thresholds ship for 49 states, each with verified', async () => {
      const ny = (await get('/v1/probate/states/NY')).body.data.intestacy;
      expect(ny).toMatchObject({ community_property: false, representation: { method: 'per_capita_at_each_generation', citation: 'N.Y. EPTL §§4-1.1, 1-2.16', verified: true }, order: { complete: true } });
      expect(ny.spouse_share).toContainEqual(expect.objectContaining({ when: 'all_descendants_shared_spouse_has_no_others', share: 'first 50000 plus 1/2 of the residue', verified: true, disputed: false }));
      expect((await get('/v1/probate/states/CA')).body.data.intestacy.community_property).toBe(true);
      // A disputed value ships unverified, with the other value in its note.
      const minnesota = (await get('/v1/probate/states/MN')).body.data.intestacy.spouse_share.find((share: any) => share.disputed);
      expect(minnesota).toMatchObject({ verified: false, notes: expect.stringContaining('Also reported') });
      const states = (await get('/v1/probate/states?per_page=100')).body.data as any[];
      expect(states.filter((state) => state.small_estate_thresholds !== null)).toHaveLength(49);
      expect(states.every((state) => state.intestacy && state.death_taxes)).toBe(true);
      expect(states.find((state) => state.code === 'AK').small_estate_thresholds).toEqual([
        { amount: 50000, effective_from: null, effective_to: null, citation: 'Alaska Stat. § 13.16.680', verified: false },
      ]);
    });

    it('GET /v1/probate/federal answers the basic exclusion by year of death, Form 706 and its extension, portability', async () => {
      const res = await get('/v1/probate/federal', member);
      expectReference(res, RULES_TAG);
      expect(res.body.data.basic_exclusion_amounts.map((entry: any) => [entry.year, entry.amount, entry.verified])).toEqual([
        [2025, 13990000, false],
        [2026, 15000000, true],
      ]);
      expect(res.body.data.basic_exclusion_amounts[1].citation).toContain('Pub. L. 119-21');
      expect(res.body.data).toMatchObject({
        form: '706',
        return_due: { amount: 9, unit: 'months', from: 'date_of_death', source: 'federal', verified: true },
        extension: { amount: 6, unit: 'months', form: '4768', automatic: true },
        portability: { late_election: { within: { amount: 5, unit: 'years' }, citation: expect.stringContaining('Rev. Proc. 2022-32') } },
      });
      expect(res.body.data.sources.length).toBeGreaterThan(0);
    });
  });

  describe('counties (§10.4)', () => {
    it.each([
      ['CA', 58, '06'],
      ['FL', 67, '12'],
      ['NY', 62, '36'],
    ])('%s ships %i counties, by FIPS code, each with its court', async (code, count, fips) => {
      const res = await get(`/v1/probate/states/${code}/counties?per_page=100`);
      expectReference(res, RULES_TAG);
      expect(res.body.data).toHaveLength(count);
      expect(res.body.meta.total_count).toBe(count);
      const codes = res.body.data.map((county: { fips: string }) => county.fips);
      expect(new Set(codes).size).toBe(count);
      expect(codes).toEqual([...codes].sort());
      const pattern = (await get(`/v1/probate/states/${code}`)).body.data.court_name_pattern as string;
      for (const county of res.body.data) {
        expect(Object.keys(county).sort()).toEqual(COUNTY_FIELDS);
        expect(county.fips.startsWith(fips)).toBe(true);
        expect(county.state).toBe(code);
        expect(county.name).not.toMatch(/County/);
        expect(county.court_name).toBe(pattern.replace('{county}', county.name));
      }
    });

    it('a state whose counties do not ship lists none', async () => {
      const res = await get('/v1/probate/states/TX/counties');
      expectReference(res, RULES_TAG);
      expect(res.body.data).toEqual([]);
    });

    it.each([
      ['CA', '06037', 'Los Angeles', 'Superior Court of California, County of Los Angeles'],
      ['FL', '12086', 'Miami-Dade', 'Circuit Court for Miami-Dade County, Florida, Probate Division'],
      ['NY', '36061', 'New York', "Surrogate's Court of the State of New York, County of New York"],
      ['NY', '36047', 'Kings', "Surrogate's Court of the State of New York, County of Kings"],
    ])('%s %s is %s, %s', async (code, fips, name, court) => {
      const res = await get(`/v1/probate/states/${code}/counties/${fips}`, member);
      expectReference(res, RULES_TAG);
      expect(res.body.data).toMatchObject({ fips, state: code, name, court_name: court });
    });

    it('a county of another state, a retired code or an unknown one is 404', async () => {
      expectError(await get('/v1/probate/states/CA/counties/12086'), 404, 'not_found');
      expectError(await get('/v1/probate/states/FL/counties/12025'), 404, 'not_found'); // Dade, 12086 since 1997
      expectError(await get('/v1/probate/states/CA/counties/06999'), 404, 'not_found');
      expectError(await get('/v1/probate/states/TX/counties/48201'), 404, 'not_found');
    });
  });

  describe('forms (§10.3)', () => {
    const SHIPPED = ['US-SS-4', 'US-56', 'US-1041', 'US-706', 'US-4506-T', 'CA-DE-111', 'CA-DE-121', 'CA-DE-140', 'CA-DE-147', 'CA-DE-150', 'CA-DE-157', 'CA-DE-160', 'CA-DE-305', 'CA-DE-310'];

    it('lists the catalogue by id, with every form the contract names', async () => {
      const res = await get('/v1/probate/forms?per_page=100', member);
      expectReference(res, FORMS_TAG);
      const ids = res.body.data.map((form: { id: string }) => form.id);
      expect(ids).toEqual(expect.arrayContaining(SHIPPED));
      expect(ids).toEqual([...ids].sort());
      for (const form of res.body.data) {
        expect(Object.keys(form).sort()).toEqual(FORM_FIELDS);
        expect(form.id).toBe(`${form.state}-${form.form_number}`.toUpperCase().replace(/ /g, '-'));
        expect(form.url).toMatch(/^https:\/\//);
      }
    });

    it('reads a form', async () => {
      const res = await get('/v1/probate/forms/CA-DE-111');
      expectReference(res, FORMS_TAG);
      expect(res.body.data).toMatchObject({ id: 'CA-DE-111', state: 'CA', form_number: 'DE-111', title: 'Petition for Probate', purpose: 'petition', issuing_body: 'Judicial Council of California' });
      expect((await get('/v1/probate/forms/US-SS-4')).body.data).toMatchObject({ state: 'US', title: 'Application for Employer Identification Number', issuing_body: 'Internal Revenue Service', purpose: 'tax' });
      expect((await get('/v1/probate/forms/US-56')).body.data.title).toBe('Notice Concerning Fiduciary Relationship');
    });

    it('filters by state, purpose, probate_type and required; a repeated filter matches any value', async () => {
      const ids = async (query: string) => (await get(`/v1/probate/forms?per_page=100&${query}`)).body.data.map((form: { id: string }) => form.id);
      expect(await ids('state=US')).toEqual(['US-1041', 'US-4506-T', 'US-56', 'US-706', 'US-SS-4']);
      expect(await ids('state=CA&purpose=notice')).toEqual(['CA-DE-121', 'CA-DE-157']);
      expect(await ids('state=CA&probate_type=small_estate')).toEqual(['CA-DE-305', 'CA-DE-310']);
      expect(await ids('purpose=letters&purpose=order')).toEqual(['CA-DE-140', 'CA-DE-150']);
      const required = await ids('required=true');
      expect(required).toEqual(expect.arrayContaining(['CA-DE-111', 'CA-DE-150']));
      expect(required).not.toContain('US-SS-4');
      expect(await ids('state=TX')).toEqual([]);
    });

    it('refuses a bad filter value or an unknown parameter with 400 naming it', async () => {
      for (const [query, field] of [
        ['purpose=tax_return', 'purpose'],
        ['probate_type=summary', 'probate_type'],
        ['required=yes', 'required'],
        ['state=XX', 'state'],
        ['status=open', 'status'],
        ['page=x', 'page'],
      ]) {
        const res = await get(`/v1/probate/forms?${query}`);
        expectError(res, 400, 'bad_request');
        expect(detailFields(res)).toEqual([field]);
      }
    });

    it("lists a state's forms: its own and the federal ones", async () => {
      const ca = await get('/v1/probate/states/CA/forms?per_page=100');
      expectReference(ca, FORMS_TAG);
      const ids = ca.body.data.map((form: { id: string }) => form.id);
      expect(ids).toEqual(expect.arrayContaining(SHIPPED));
      const ny = (await get('/v1/probate/states/NY/forms?per_page=100')).body.data.map((form: { state: string }) => form.state);
      expect(new Set(ny)).toEqual(new Set(['US']));
    });

    it('an unknown form is 404', async () => {
      expectError(await get('/v1/probate/forms/CA-DE-999'), 404, 'not_found');
      expectError(await get('/v1/probate/forms/ca-de-111'), 404, 'not_found');
    });
  });

  describe('caching and method rules', () => {
    it.each([
      ['/v1/probate/states', RULES_TAG],
      ['/v1/probate/states/CA', RULES_TAG],
      ['/v1/probate/states/CA/counties', RULES_TAG],
      ['/v1/probate/states/CA/counties/06037', RULES_TAG],
      ['/v1/probate/forms', FORMS_TAG],
      ['/v1/probate/forms/US-SS-4', FORMS_TAG],
      ['/v1/probate/states/CA/forms', FORMS_TAG],
    ])('%s answers 304 with no body for its ETag, 200 for another', async (path, tag) => {
      const hit = await t.http().get(path).set(owner.auth).set('If-None-Match', tag);
      expect(hit.status).toBe(304);
      expect(hit.headers.etag).toBe(tag);
      expect(hit.text ?? '').toBe('');
      expectReference(await t.http().get(path).set(owner.auth).set('If-None-Match', '"stale"'), tag);
    });

    it.each([
      ['post', '/v1/probate/states'],
      ['put', '/v1/probate/states/CA'],
      ['patch', '/v1/probate/states/CA'],
      ['delete', '/v1/probate/states/CA'],
      ['post', '/v1/probate/states/CA/counties'],
      ['delete', '/v1/probate/states/CA/counties/06037'],
      ['post', '/v1/probate/forms'],
      ['put', '/v1/probate/forms/CA-DE-111'],
      ['delete', '/v1/probate/forms/CA-DE-111'],
      ['post', '/v1/probate/states/CA/forms'],
      ['post', '/v1/probate/federal'],
      ['delete', '/v1/probate/federal'],
    ] as const)('%s %s is 405 method_not_allowed with Allow', async (method, path) => {
      const res = await t.http()[method](path).set(owner.auth).send({});
      expectError(res, 405, 'method_not_allowed');
      expect(res.headers.allow).toContain('GET');
    });

    it('needs authentication', async () => {
      expectError(await t.http().get('/v1/probate/states'), 401, 'unauthorized');
      expectError(await t.http().get('/v1/probate/federal'), 401, 'unauthorized');
    });
  });
});
