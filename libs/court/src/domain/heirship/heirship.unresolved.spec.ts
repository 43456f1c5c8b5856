import { computeHeirship } from './heirship';
import { dead, fractions, heirship, person, stateRules, through } from './heirship-fixtures.testing';

/** Contract-extensions §17.3: a fact the rule needs and the persons do not tell is unresolved, and nothing is guessed. */
describe('heirship: unresolved instead of guessed', () => {
  describe('facts of the family', () => {
    it('asks whether a descendant is the spouse’s and whether the spouse has others, when each changes the share', () => {
      const answer = heirship('FL', [person('S', 'spouse'), person('A', 'child')]);
      expect(answer.heirs).toEqual([]);
      expect(answer.verified).toBe(false);
      expect(answer.unresolved).toEqual([
        { person_id: 'A', field: 'descendant_of_spouse', message: expect.stringContaining('Florida') },
        { person_id: 'S', field: 'spouse_has_other_descendants', message: expect.stringContaining("who are not the deceased's") },
      ]);
    });

    it('does not ask for a fact that would not change the share', () => {
      // With other descendants of the spouse, Florida gives one half whether or not A is the spouse's.
      const answer = heirship('FL', [person('S', 'spouse', { spouse_has_other_descendants: true }), person('A', 'child')]);
      expect(answer.unresolved).toEqual([]);
      expect(fractions(answer)).toEqual({ S: '1/2', A: '1/2' });
    });

    it('takes a grandchild’s tie to the spouse from the child it descends through', () => {
      const answer = heirship('FL', [
        person('S', 'spouse', { spouse_has_other_descendants: false }),
        dead('A', 'child', { descendant_of_spouse: true }),
        through('A1', 'grandchild', 'A'),
      ]);
      expect(fractions(answer)).toEqual({ S: '1/1' });
    });

    it('asks through whom a grandchild descends when a child line needs it', () => {
      const answer = heirship('IL', [person('A', 'child'), dead('B', 'child'), person('X', 'grandchild')]);
      expect(answer.unresolved).toEqual([{ person_id: 'X', field: 'through_person_id', message: expect.stringContaining('through_person_id must name a child') }]);
    });

    it('asks for the side of a grandparent when the class is halved by side', () => {
      const answer = heirship('FL', [person('G1', 'grandparent', { side: 'paternal' }), person('G2', 'grandparent')]);
      expect(answer.unresolved).toEqual([{ person_id: 'G2', field: 'side', message: expect.stringContaining('side is not recorded') }]);
    });

    it('takes a first cousin’s side from the aunt or uncle it descends through', () => {
      const answer = heirship('FL', [person('G1', 'grandparent', { side: 'paternal' }), dead('U', 'aunt_or_uncle'), through('K', 'first_cousin', 'U', { side: 'maternal' })]);
      expect(fractions(answer)).toEqual({ G1: '1/2', K: '1/2' });
    });

    it('Maryland: whether a surviving child is a minor is not among the persons’ fields', () => {
      const answer = heirship('MD', [person('S', 'spouse'), person('A', 'child', { descendant_of_spouse: true })]);
      expect(answer.unresolved).toEqual([{ person_id: 'A', field: null, message: expect.stringContaining('is a minor') }]);
      expect(fractions(heirship('MD', [person('S', 'spouse'), person('P', 'parent')]))).toEqual({ S: '1/1' });
    });

    it('Arkansas: the length of the marriage decides the share without descendants; with them the spouse takes nothing outright', () => {
      expect(heirship('AR', [person('S', 'spouse'), person('P', 'parent')]).unresolved).toEqual([
        { person_id: 'S', field: null, message: expect.stringContaining('3 years') },
      ]);
      const withChild = heirship('AR', [person('S', 'spouse'), person('A', 'child')]);
      expect(fractions(withChild)).toEqual({ A: '1/1' });
      expect(withChild.notes).toEqual([expect.stringContaining('dower or curtesy')]);
    });

    it('refuses two living spouses', () => {
      const answer = heirship('FL', [person('S1', 'spouse'), person('S2', 'spouse'), dead('S0', 'spouse')]);
      expect(answer.unresolved.map((item) => [item.person_id, item.field])).toEqual([
        ['S1', 'kinship'],
        ['S2', 'kinship'],
      ]);
    });
  });

  describe('rules the data leaves open or the language cannot state', () => {
    it('an unread representation definition answers where every method agrees, and not where they differ', () => {
      const allChildrenDead = [dead('B', 'child'), through('B1', 'grandchild', 'B'), dead('C', 'child'), through('C1', 'grandchild', 'C'), through('C2', 'grandchild', 'C')];
      const agreed = heirship('AL', allChildrenDead);
      expect(fractions(agreed)).toEqual({ B1: '1/3', C1: '1/3', C2: '1/3' });
      expect(agreed.representation).toBeNull();
      const differing = heirship('AL', [person('A', 'child'), ...allChildrenDead]);
      expect(differing.heirs).toEqual([]);
      expect(differing.unresolved).toEqual([{ person_id: null, field: 'representation', message: expect.stringContaining('issue of the same degree take equally') }]);
    });

    it('a class the data does not say is halved by side answers only where both readings agree', () => {
      const oneEachSide = [person('G1', 'grandparent', { side: 'paternal' }), person('G2', 'grandparent', { side: 'maternal' })];
      expect(fractions(heirship('HI', oneEachSide))).toEqual({ G1: '1/2', G2: '1/2' });
      const answer = heirship('HI', [...oneEachSide, person('G3', 'grandparent', { side: 'paternal' })]);
      expect(answer.unresolved).toEqual([{ person_id: null, field: 'order', message: expect.stringContaining('can be read as') }]);
    });

    it('an incomplete order answers within the classes it has, and stops past them', () => {
      expect(fractions(heirship('AZ', [person('P', 'parent')]))).toEqual({ P: '1/1' });
      const answer = heirship('AZ', [person('X', 'not_related')]);
      expect(answer.escheat).toBe(false);
      expect(answer.unresolved).toEqual([{ person_id: null, field: 'order', message: expect.stringContaining('incomplete in the data') }]);
    });

    it('an inflation-indexed amount needs a published figure for the year of death', () => {
      const family = [person('S', 'spouse'), person('P', 'parent')];
      expect(heirship('CO', family, { death_year: 2026 }).unresolved).toEqual([
        { person_id: null, field: null, message: expect.stringContaining('no figure for deaths in 2026 (only for 2022)') },
      ]);
      const answer = heirship('CO', family, { dollars: 472_000, death_year: 2022 });
      expect(answer.heirs.map((heir) => [heir.person_id, heir.amount_cents])).toEqual([
        ['S', 44_700_000n],
        ['P', 2_500_000n],
      ]);
      expect(answer.verified).toBe(false);
    });

    it('a share that is not a part of the estate’s value (a life estate) is not computable', () => {
      const answer = heirship('DE', [person('S', 'spouse'), person('P', 'parent')]);
      expect(answer.unresolved).toEqual([{ person_id: 'S', field: null, message: expect.stringContaining('Delaware: the spouse takes the first 50,000.00') }]);
      expect(fractions(heirship('DE', [person('S', 'spouse')]))).toEqual({ S: '1/1' });
    });

    it('remoter kindred recorded as other_relative stop a state whose order reaches them', () => {
      const answer = heirship('NY', [person('R', 'other_relative')]);
      expect(answer.unresolved).toEqual([{ person_id: 'R', field: 'kinship', message: expect.stringContaining('first cousins once removed') }]);
    });

    it('Louisiana answers unresolved with its reason, never with the UPC baseline', () => {
      for (const property of ['separate', 'community'] as const) {
        const answer = computeHeirship(stateRules('LA'), { persons: [person('S', 'spouse'), person('A', 'child')], property, estate_cents: 10_000_00n });
        expect(answer).toMatchObject({ state: 'LA', rule_source: 'state', heirs: [], escheat: false, verified: false });
        expect(answer.unresolved).toEqual([{ person_id: null, field: 'state', message: expect.stringContaining('Civil Code') }]);
      }
    });
  });

  describe('escheat', () => {
    it('no heir at all: heirs [] and escheat, for a state whose order is complete', () => {
      for (const code of ['FL', 'CA', 'NY', 'PA', 'MI']) {
        const answer = heirship(code, [person('X', 'not_related'), dead('P', 'parent'), dead('A', 'child')]);
        expect(answer).toMatchObject({ heirs: [], unresolved: [], escheat: true });
      }
    });

    it('a spouse keeps everything rather than let part escheat', () => {
      expect(fractions(heirship('FL', [person('S', 'spouse'), person('X', 'not_related')]))).toEqual({ S: '1/1' });
    });

    it('refuses a negative estate value', () => {
      expect(() => computeHeirship(stateRules('FL'), { persons: [], property: 'separate', estate_cents: -1n })).toThrow(RangeError);
    });
  });
});
