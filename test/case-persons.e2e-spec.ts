import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailReasons, expectError } from './support/api-assertions';
import { created, newCase, UNKNOWN_ID } from './support/assets-holdings-fixtures';

/**
 * The persons' kinship rules (contract-extensions §17.3); the generated contract (test/contracts/case.e2e-spec.ts)
 * covers the plain fields. Each refusal is a 422 naming its field, and writes nothing.
 */
describe('persons: kinship (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
  });
  afterAll(() => t.close());

  const name = (first: string, relationship = 'relative') => ({ first_name: first, last_name: 'Okafor', relationship });

  async function place(): Promise<{ caseId: string; base: string }> {
    const caseId = await newCase(t, owner);
    return { caseId, base: `/v1/cases/${caseId}/persons` };
  }

  const personCount = async (caseId: string) => Number((await t.sql<{ n: string }>('select count(*) as n from persons where case_id = $1', [caseId]))[0].n);

  it('every kinship field is null until a client sets it; all are writable on create and on PATCH, and the events carry them', async () => {
    const { caseId, base } = await place();
    const plain = await created(t, owner, base, name('Grace', 'daughter'));
    expect(plain).toMatchObject({ kinship: null, through_person_id: null, descendant_of_spouse: null, spouse_has_other_descendants: null, side: null, is_deceased: false });

    const child = await created(t, owner, base, { ...name('Ben', 'son'), kinship: 'child', descendant_of_spouse: false, is_deceased: true });
    const grandchild = await created(t, owner, base, { ...name('Ada', 'granddaughter'), kinship: 'grandchild', through_person_id: child.id, descendant_of_spouse: false });
    expect(grandchild).toMatchObject({ kinship: 'grandchild', through_person_id: child.id, descendant_of_spouse: false });
    const spouse = await created(t, owner, base, { ...name('Samuel', 'husband'), kinship: 'spouse', spouse_has_other_descendants: true });
    expect(spouse).toMatchObject({ kinship: 'spouse', spouse_has_other_descendants: true });
    const aunt = await created(t, owner, base, { ...name('Ruth', 'aunt'), kinship: 'aunt_or_uncle', side: 'maternal' });
    expect(aunt.side).toBe('maternal');

    const patched = await t.http().patch(`${base}/${plain.id}`).set(owner.auth).send({ kinship: 'child', descendant_of_spouse: true });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ kinship: 'child', descendant_of_spouse: true });
    const cleared = await t.http().patch(`${base}/${plain.id}`).set(owner.auth).send({ kinship: null, descendant_of_spouse: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ kinship: null, descendant_of_spouse: null });

    const events = await t.sql<{ type: string; data: { object: Record<string, unknown> } }>(
      "select type, data from events where case_id = $1 and type in ('person.created', 'person.updated') order by id",
      [caseId],
    );
    const ofGrandchild = events.find((event) => event.type === 'person.created' && event.data.object.id === grandchild.id);
    expect(ofGrandchild?.data.object).toMatchObject({ kinship: 'grandchild', through_person_id: child.id, descendant_of_spouse: false, side: null, spouse_has_other_descendants: null });
    expect(events.filter((event) => event.type === 'person.updated').map((event) => event.data.object.kinship)).toEqual(['child', null]);
  });

  describe('through_person_id', () => {
    it('names the person of the right kinship: a grandchild a child, a great-grandchild a grandchild, a niece or nephew a (half) sibling, a first cousin an aunt or uncle', async () => {
      const { base } = await place();
      const child = await created(t, owner, base, { ...name('Ben'), kinship: 'child' });
      const grandchild = await created(t, owner, base, { ...name('Ada'), kinship: 'grandchild', through_person_id: child.id });
      await created(t, owner, base, { ...name('Kemi'), kinship: 'great_grandchild', through_person_id: grandchild.id });
      const halfSibling = await created(t, owner, base, { ...name('Tola'), kinship: 'half_sibling' });
      await created(t, owner, base, { ...name('Femi'), kinship: 'niece_or_nephew', through_person_id: halfSibling.id });
      const uncle = await created(t, owner, base, { ...name('Dayo'), kinship: 'aunt_or_uncle', side: 'paternal' });
      await created(t, owner, base, { ...name('Bola'), kinship: 'first_cousin', through_person_id: uncle.id, side: 'paternal' });
    });

    it('refuses a person of the wrong kinship, of another case, an unknown one, or on a kinship that descends through nobody', async () => {
      const { caseId, base } = await place();
      const sibling = await created(t, owner, base, { ...name('Tola'), kinship: 'sibling' });
      const child = await created(t, owner, base, { ...name('Ben'), kinship: 'child' });
      const elsewhere = await place();
      const foreign = await created(t, owner, elsewhere.base, { ...name('Other'), kinship: 'child' });
      const before = await personCount(caseId);

      const wrongKinship = await t.http().post(base).set(owner.auth).send({ ...name('Ada'), kinship: 'grandchild', through_person_id: sibling.id });
      expectError(wrongKinship, 422, 'validation_error');
      expect(detailReasons(wrongKinship)).toEqual([['through_person_id', 'rule']]);
      expect(wrongKinship.body.error.details[0].message).toContain(sibling.id);

      for (const through of [foreign.id, UNKNOWN_ID]) {
        const refused = await t.http().post(base).set(owner.auth).send({ ...name('Ada'), kinship: 'grandchild', through_person_id: through });
        expectError(refused, 422, 'validation_error');
        expect(detailReasons(refused)).toEqual([['through_person_id', 'rule']]);
      }

      // A child descends from the deceased directly; a person of no kinship descends through nobody.
      for (const kinship of ['child', null]) {
        const refused = await t.http().post(base).set(owner.auth).send({ ...name('Ada'), kinship, through_person_id: child.id });
        expectError(refused, 422, 'validation_error');
        expect(detailReasons(refused)).toEqual([['through_person_id', 'rule']]);
      }
      // A great-grandchild descends through a grandchild, not a child.
      const skipped = await t.http().post(base).set(owner.auth).send({ ...name('Kemi'), kinship: 'great_grandchild', through_person_id: child.id });
      expect(detailReasons(skipped)).toEqual([['through_person_id', 'rule']]);
      expect(await personCount(caseId)).toBe(before);
    });

    it('holds on PATCH (the merged person), never through the person themselves; deleting the parent clears it', async () => {
      const { base } = await place();
      const child = await created(t, owner, base, { ...name('Ben'), kinship: 'child' });
      const grandchild = await created(t, owner, base, { ...name('Ada'), kinship: 'grandchild', through_person_id: child.id });

      // Changing the kinship alone leaves a through_person_id that no longer fits.
      const refused = await t.http().patch(`${base}/${grandchild.id}`).set(owner.auth).send({ kinship: 'niece_or_nephew' });
      expectError(refused, 422, 'validation_error');
      expect(detailReasons(refused)).toEqual([['through_person_id', 'rule']]);

      const self = await created(t, owner, base, { ...name('Kemi'), kinship: 'grandchild' });
      const throughSelf = await t.http().patch(`${base}/${self.id}`).set(owner.auth).send({ through_person_id: self.id });
      expect(detailReasons(throughSelf)).toEqual([['through_person_id', 'rule']]);

      await t.http().delete(`${base}/${child.id}`).set(owner.auth).expect(204);
      const read = await t.http().get(`${base}/${grandchild.id}`).set(owner.auth).expect(200);
      expect(read.body.data.through_person_id).toBeNull();
    });
  });

  it('descendant_of_spouse is for descendants only, spouse_has_other_descendants for the spouse only, side for grandparents, aunts and uncles and first cousins only', async () => {
    const { caseId, base } = await place();
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ kinship: 'parent', descendant_of_spouse: true }, 'descendant_of_spouse'],
      [{ kinship: null, descendant_of_spouse: false }, 'descendant_of_spouse'],
      [{ kinship: 'spouse', descendant_of_spouse: false }, 'descendant_of_spouse'],
      [{ kinship: 'child', spouse_has_other_descendants: false }, 'spouse_has_other_descendants'],
      [{ spouse_has_other_descendants: true }, 'spouse_has_other_descendants'],
      [{ kinship: 'sibling', side: 'maternal' }, 'side'],
      [{ kinship: 'child', side: 'paternal' }, 'side'],
    ];
    for (const [fields, field] of refusals) {
      const refused = await t.http().post(base).set(owner.auth).send({ ...name('Ada'), ...fields });
      expectError(refused, 422, 'validation_error');
      expect(detailReasons(refused)).toEqual([[field, 'rule']]);
    }
    expect(await personCount(caseId)).toBe(0);

    for (const kinship of ['child', 'grandchild', 'great_grandchild']) await created(t, owner, base, { ...name('Ada'), kinship, descendant_of_spouse: true });
    for (const kinship of ['grandparent', 'aunt_or_uncle', 'first_cousin']) await created(t, owner, base, { ...name('Ada'), kinship, side: 'paternal' });

    // On PATCH the merged person is checked: a kinship changed away from the spouse's leaves the spouse's fact behind.
    const spouse = await created(t, owner, base, { ...name('Samuel'), kinship: 'spouse', spouse_has_other_descendants: false });
    const moved = await t.http().patch(`${base}/${spouse.id}`).set(owner.auth).send({ kinship: 'sibling' });
    expect(detailReasons(moved)).toEqual([['spouse_has_other_descendants', 'rule']]);
    await t.http().patch(`${base}/${spouse.id}`).set(owner.auth).send({ kinship: 'sibling', spouse_has_other_descendants: null }).expect(200);
  });

  it('a case has at most one living spouse: a second is 422 on create and on PATCH; a predeceased spouse does not count', async () => {
    const { caseId, base } = await place();
    const first = await created(t, owner, base, { ...name('Samuel', 'husband'), kinship: 'spouse' });
    const second = await t.http().post(base).set(owner.auth).send({ ...name('Ruth', 'wife'), kinship: 'spouse' });
    expectError(second, 422, 'validation_error');
    expect(detailReasons(second)).toEqual([['kinship', 'conflict']]);
    expect(second.body.error.details[0].message).toContain(first.id);
    expect(await personCount(caseId)).toBe(1);

    // A spouse who died before the deceased is recorded beside the living one; the living one may be patched.
    const former = await created(t, owner, base, { ...name('Ruth', 'wife'), kinship: 'spouse', is_deceased: true });
    await t.http().patch(`${base}/${first.id}`).set(owner.auth).send({ phone: '+1 217 555 0100' }).expect(200);
    const revived = await t.http().patch(`${base}/${former.id}`).set(owner.auth).send({ is_deceased: false });
    expect(detailReasons(revived)).toEqual([['kinship', 'conflict']]);

    // Another case has a spouse of its own.
    const other = await place();
    await created(t, owner, other.base, { ...name('Samuel', 'husband'), kinship: 'spouse' });
  });

  it('refuses values outside the kinds: an unknown kinship or side, a non-boolean fact', async () => {
    const { base } = await place();
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ kinship: 'cousin' }, 'kinship', 'enum'],
      [{ kinship: 'aunt_or_uncle', side: 'left' }, 'side', 'enum'],
      [{ kinship: 'child', descendant_of_spouse: 'yes' }, 'descendant_of_spouse', 'type'],
    ];
    for (const [fields, field, reason] of refusals) {
      const refused = await t.http().post(base).set(owner.auth).send({ ...name('Ada'), ...fields });
      expectError(refused, 422, 'validation_error');
      expect(detailReasons(refused)).toEqual([[field, reason]]);
    }
  });
});
