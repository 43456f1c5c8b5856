import { amounts, dead, fractions, heirship, person, through } from './heirship-fixtures.testing';

/** The rule module per family of states: UPC states, community-property states, and the representation methods. */
describe('heirship by family of states', () => {
  describe('a UPC state: Alaska (Alaska Stat. §§13.12.102-13.12.106)', () => {
    const children = (bSharedWithSpouse: boolean) => [
      person('A', 'child', { descendant_of_spouse: true }),
      person('B', 'child', { descendant_of_spouse: bSharedWithSpouse }),
    ];

    it('gives the spouse everything when every descendant is also the spouse’s and the spouse has no other', () => {
      const answer = heirship('AK', [person('S', 'spouse', { spouse_has_other_descendants: false }), ...children(true)]);
      expect(fractions(answer)).toEqual({ S: '1/1' });
    });

    it('gives the first 150,000.00 plus one half when the spouse has other descendants', () => {
      const answer = heirship('AK', [person('S', 'spouse', { spouse_has_other_descendants: true }), ...children(true)], { dollars: 350_000 });
      expect(amounts(answer)).toEqual({ S: '250000.00', A: '50000.00', B: '50000.00' });
      expect(fractions(answer)).toEqual({ S: null, A: null, B: null });
    });

    it('gives the first 100,000.00 plus one half when a descendant is not the spouse’s, whatever the spouse’s own', () => {
      const answer = heirship('AK', [person('S', 'spouse'), ...children(false)], { dollars: 300_000 });
      expect(answer.unresolved).toEqual([]);
      expect(amounts(answer)).toEqual({ S: '200000.00', A: '50000.00', B: '50000.00' });
    });

    it('gives the first 200,000.00 plus three quarters beside parents, who share the rest', () => {
      const answer = heirship('AK', [person('S', 'spouse'), person('P1', 'parent'), person('P2', 'parent')], { dollars: 400_000 });
      expect(amounts(answer)).toEqual({ S: '350000.00', P1: '25000.00', P2: '25000.00' });
      expect(answer.citations).toEqual(['Alaska Stat. §13.12.102', 'Alaska Stat. §§13.12.103, 13.12.105']);
    });

    it('gives the spouse an estate smaller than the first amount', () => {
      expect(amounts(heirship('AK', [person('S', 'spouse'), person('P1', 'parent')], { dollars: 120_000 }))).toEqual({ S: '120000.00' });
    });

    it('divides among the parents’ descendants per capita at each generation, half blood like whole blood', () => {
      const answer = heirship('AK', [
        person('Sib1', 'sibling'),
        dead('Sib2', 'sibling'),
        through('N1', 'niece_or_nephew', 'Sib2'),
        through('N2', 'niece_or_nephew', 'Sib2'),
        person('H', 'half_sibling'),
        person('X', 'not_related'),
      ]);
      expect(fractions(answer)).toEqual({ Sib1: '1/3', N1: '1/6', N2: '1/6', H: '1/3' });
      expect(answer.heirs.find((heir) => heir.person_id === 'N1')?.via).toEqual(['Sib2']);
    });

    it('halves the grandparents’ class by side, and gives a side without kin to the other side', () => {
      const bothSides = heirship('AK', [
        person('GP', 'grandparent', { side: 'paternal' }),
        person('M', 'aunt_or_uncle', { side: 'maternal' }),
        through('MC', 'first_cousin', 'M'),
      ]);
      expect(fractions(bothSides)).toEqual({ GP: '1/2', M: '1/2' });
      const oneSide = heirship('AK', [dead('M', 'aunt_or_uncle', { side: 'maternal' }), through('MC1', 'first_cousin', 'M'), through('MC2', 'first_cousin', 'M')]);
      expect(fractions(oneSide)).toEqual({ MC1: '1/2', MC2: '1/2' });
    });

    it('escheats when no relative takes', () => {
      const answer = heirship('AK', [person('X', 'not_related'), dead('P', 'parent'), person('Y', null)]);
      expect(answer).toMatchObject({ heirs: [], unresolved: [], escheat: true });
      expect(answer.citations).toEqual(['Alaska Stat. §§13.12.103, 13.12.105']);
    });
  });

  describe('community-property states', () => {
    const blended = () => [person('S', 'spouse'), person('A', 'child', { descendant_of_spouse: true }), person('B', 'child', { descendant_of_spouse: false })];

    it('Arizona: the deceased’s half of community property passes to the descendants when one is not the spouse’s', () => {
      expect(fractions(heirship('AZ', blended(), { property: 'community' }))).toEqual({ A: '1/2', B: '1/2' });
      expect(fractions(heirship('AZ', blended(), { property: 'separate' }))).toEqual({ S: '1/2', A: '1/4', B: '1/4' });
    });

    it('Texas: community property all to the spouse when every descendant is the spouse’s; separate property with children is not computable', () => {
      const shared = [person('S', 'spouse'), person('A', 'child', { descendant_of_spouse: true })];
      expect(fractions(heirship('TX', shared, { property: 'community' }))).toEqual({ S: '1/1' });
      expect(fractions(heirship('TX', blended(), { property: 'community' }))).toEqual({ A: '1/2', B: '1/2' });
      const separate = heirship('TX', shared, { property: 'separate' });
      expect(separate.heirs).toEqual([]);
      expect(separate.unresolved).toEqual([{ person_id: 'S', field: null, message: expect.stringContaining('life estate') }]);
    });

    it('Washington: separate property one half beside issue, three quarters beside a parent; community property all', () => {
      expect(fractions(heirship('WA', [person('S', 'spouse'), person('A', 'child')]))).toEqual({ S: '1/2', A: '1/2' });
      const withParent = heirship('WA', [person('S', 'spouse'), person('P', 'parent')]);
      expect(fractions(withParent)).toEqual({ S: '3/4', P: '1/4' });
      expect(withParent.verified).toBe(false);
      expect(fractions(heirship('WA', [person('S', 'spouse'), person('A', 'child')], { property: 'community' }))).toEqual({ S: '1/1' });
    });

    it('Wisconsin: the marital-property half passes to the issue when one is not the spouse’s', () => {
      expect(fractions(heirship('WI', [person('S', 'spouse'), person('B', 'child', { descendant_of_spouse: false })], { property: 'community' }))).toEqual({ B: '1/1' });
      expect(heirship('WI', [person('S', 'spouse'), person('B', 'child', { descendant_of_spouse: false })]).unresolved).toEqual([
        expect.objectContaining({ person_id: 'S', message: expect.stringContaining('tenants in common') }),
      ]);
    });

    it('Nevada: separate property one half beside one child line, one third beside two or more', () => {
      expect(fractions(heirship('NV', [person('S', 'spouse'), person('A', 'child')]))).toEqual({ S: '1/2', A: '1/2' });
      expect(fractions(heirship('NV', [person('S', 'spouse'), person('A', 'child'), dead('B', 'child'), through('B1', 'grandchild', 'B')]))).toEqual({
        S: '1/3',
        A: '1/3',
        B1: '1/3',
      });
    });

    it('refuses community property in a state without it', () => {
      const answer = heirship('FL', [person('S', 'spouse')], { property: 'community' });
      expect(answer.unresolved).toEqual([{ person_id: null, field: 'property', message: expect.stringContaining('Florida has no community property') }]);
    });
  });

  describe('the representation methods on one family: every child died, leaving one and two children', () => {
    const family = [dead('B', 'child'), through('B1', 'grandchild', 'B'), dead('C', 'child'), through('C1', 'grandchild', 'C'), through('C2', 'grandchild', 'C')];

    it.each(['FL', 'IL', 'OH', 'WI', 'WY'])('strict per stirpes in %s: shares fixed at the children', (code) => {
      expect(fractions(heirship(code, family))).toEqual({ B1: '1/2', C1: '1/4', C2: '1/4' });
    });

    it.each(['NY', 'MA', 'UT', 'NC', 'CO'])('per capita at each generation in %s: the grandchildren alike', (code) => {
      expect(fractions(heirship(code, family))).toEqual({ B1: '1/3', C1: '1/3', C2: '1/3' });
    });

    it.each(['CA', 'PA', 'TX'])('modern per stirpes in %s: divided at the grandchildren', (code) => {
      expect(fractions(heirship(code, family))).toEqual({ B1: '1/3', C1: '1/3', C2: '1/3' });
    });

    it('Minnesota divides descendants per stirpes but the parents’ descendants per capita at each generation', () => {
      expect(fractions(heirship('MN', family))).toEqual({ B1: '1/2', C1: '1/4', C2: '1/4' });
      const collaterals = [dead('B', 'sibling'), through('B1', 'niece_or_nephew', 'B'), dead('C', 'sibling'), through('C1', 'niece_or_nephew', 'C'), through('C2', 'niece_or_nephew', 'C')];
      expect(fractions(heirship('MN', collaterals))).toEqual({ B1: '1/3', C1: '1/3', C2: '1/3' });
    });
  });

  describe('per-capita-at-each-generation states beyond the descendants', () => {
    it('New York divides the parents’ issue by representation: A 1/3, each nephew and niece 2/9', () => {
      const answer = heirship('NY', [
        person('A', 'sibling'),
        dead('B', 'sibling'),
        through('B1', 'niece_or_nephew', 'B'),
        dead('C', 'half_sibling'),
        through('C1', 'niece_or_nephew', 'C'),
        through('C2', 'niece_or_nephew', 'C'),
      ]);
      expect(fractions(answer)).toEqual({ A: '1/3', B1: '2/9', C1: '2/9', C2: '2/9' });
    });

    it('North Carolina gives the spouse everything, land and personal property alike, when no descendant or parent survives', () => {
      expect(fractions(heirship('NC', [person('S', 'spouse'), person('Sib', 'sibling')]))).toEqual({ S: '1/1' });
      const withChild = heirship('NC', [person('S', 'spouse'), person('A', 'child')]);
      expect(withChild.unresolved).toEqual([{ person_id: null, field: 'property', message: expect.stringContaining('land and of personal property') }]);
    });

    it('Michigan’s indexed amounts use the figure of the year of death, which is a secondary source', () => {
      const family = [person('S', 'spouse'), person('A', 'child', { descendant_of_spouse: false })];
      const answer = heirship('MI', family, { dollars: 401_000, death_year: 2026 });
      expect(amounts(answer)).toEqual({ S: '301000.00', A: '100000.00' });
      expect(answer.verified).toBe(false);
      expect(answer.notes).toEqual(expect.arrayContaining([expect.stringContaining('2026 is 201000.00')]));
      expect(heirship('MI', family, { dollars: 401_000 }).unresolved).toEqual([{ person_id: null, field: null, message: expect.stringContaining('for inflation') }]);
    });
  });

  describe('other shapes of the rules', () => {
    it('Illinois: a lone parent takes a double portion among the siblings, a dead sibling’s child takes per stirpes', () => {
      const answer = heirship('IL', [person('P', 'parent'), person('Sib1', 'sibling'), dead('Sib2', 'sibling'), through('N1', 'niece_or_nephew', 'Sib2')]);
      expect(fractions(answer)).toEqual({ P: '1/2', Sib1: '1/4', N1: '1/4' });
      expect(fractions(heirship('IL', [person('P1', 'parent'), person('P2', 'parent'), person('Sib1', 'sibling')]))).toEqual({ P1: '1/3', P2: '1/3', Sib1: '1/3' });
    });

    it('Texas: a lone parent takes half, the siblings and their descendants the other half', () => {
      expect(fractions(heirship('TX', [person('P', 'parent'), person('Sib', 'sibling'), person('H', 'half_sibling')]))).toEqual({ P: '1/2', Sib: '1/4', H: '1/4' });
    });

    it('Colorado: a lone parent shares with the dead parent’s descendants, which a half sibling leaves open', () => {
      expect(fractions(heirship('CO', [person('P', 'parent'), person('Sib', 'sibling')]))).toEqual({ P: '1/2', Sib: '1/2' });
      expect(heirship('CO', [person('P', 'parent'), person('H', 'half_sibling')]).unresolved).toEqual([
        expect.objectContaining({ person_id: 'H', field: 'kinship', message: expect.stringContaining('which parent') }),
      ]);
    });

    it('Georgia and Tennessee: an equal share with the children, never less than one third', () => {
      const four = ['A', 'B', 'C', 'D'].map((id) => person(id, 'child'));
      expect(fractions(heirship('GA', [person('S', 'spouse'), ...four]))).toEqual({ S: '1/3', A: '1/6', B: '1/6', C: '1/6', D: '1/6' });
      expect(fractions(heirship('TN', [person('S', 'spouse'), person('A', 'child')]))).toEqual({ S: '1/2', A: '1/2' });
      expect(fractions(heirship('MS', [person('S', 'spouse'), ...four]))).toEqual({ S: '1/5', A: '1/5', B: '1/5', C: '1/5', D: '1/5' });
    });

    it('Ohio: the cases turn on whether the spouse is a parent of the children', () => {
      const spouse = person('S', 'spouse');
      const ohio = (a: boolean, b?: boolean) =>
        heirship('OH', [spouse, person('A', 'child', { descendant_of_spouse: a }), ...(b === undefined ? [] : [person('B', 'child', { descendant_of_spouse: b })])], {
          dollars: 200_000,
        });
      expect(amounts(ohio(false))).toEqual({ S: '110000.00', A: '90000.00' });
      // 60,000.00 plus one third of 140,000.00: each share rounds up, and the cent too many comes off the first heir.
      expect(amounts(ohio(true, false))).toEqual({ S: '106666.66', A: '46666.67', B: '46666.67' });
      expect(amounts(ohio(false, false))).toEqual({ S: '80000.00', A: '60000.00', B: '60000.00' });
      expect(fractions(ohio(true, true))).toEqual({ S: '1/1' });
    });

    it('Kentucky: the spouse takes one half beside parents, and everything when only grandparents survive', () => {
      expect(fractions(heirship('KY', [person('S', 'spouse'), person('P', 'parent')]))).toEqual({ S: '1/2', P: '1/2' });
      expect(fractions(heirship('KY', [person('S', 'spouse'), person('G', 'grandparent', { side: 'maternal' })]))).toEqual({ S: '1/1' });
      expect(heirship('KY', [person('Sib', 'sibling'), person('H', 'half_sibling')]).unresolved).toEqual([
        expect.objectContaining({ person_id: 'H', message: expect.stringContaining('half-blood') }),
      ]);
    });

    it('New Jersey: the first quarter of the estate, at least 50,000.00 and at most 200,000.00, plus a part of the balance', () => {
      const family = [person('S', 'spouse'), person('P', 'parent')];
      expect(amounts(heirship('NJ', family, { dollars: 100_000 }))).toEqual({ S: '87500.00', P: '12500.00' });
      expect(amounts(heirship('NJ', family, { dollars: 400_000 }))).toEqual({ S: '325000.00', P: '75000.00' });
      expect(amounts(heirship('NJ', family, { dollars: 1_000_000 }))).toEqual({ S: '800000.00', P: '200000.00' });
    });

    it('Indiana: the parents take the remaining quarter beside a spouse; without one the data stops', () => {
      expect(fractions(heirship('IN', [person('S', 'spouse'), person('P', 'parent')]))).toEqual({ S: '3/4', P: '1/4' });
      expect(heirship('IN', [person('P', 'parent')]).unresolved).toEqual([{ person_id: null, field: 'order', message: expect.stringContaining('(§29-1-2-1(d)) was not captured') }]);
    });

    it('the UPC baseline is never verified', () => {
      const answer = heirship('UPC', [person('S', 'spouse'), person('P', 'parent')], { dollars: 400_000 });
      expect(amounts(answer)).toEqual({ S: '375000.00', P: '25000.00' });
      expect(answer).toMatchObject({ rule_source: 'upc_default', verified: false, state: 'UPC' });
    });
  });
});
