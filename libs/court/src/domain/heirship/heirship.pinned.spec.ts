import { amounts, dead, fractions, heirship, person, through } from './heirship-fixtures.testing';

/** Contract-extensions §17.3, "Pinned cases": each from the statute's text. */
describe('heirship: the pinned cases of contract-extensions §17.3', () => {
  describe('Florida', () => {
    it('gives the spouse everything when both children are also the spouse’s and the spouse has no other descendants (§732.102(1))', () => {
      const answer = heirship('FL', [
        person('S', 'spouse', { spouse_has_other_descendants: false }),
        person('A', 'child', { descendant_of_spouse: true }),
        person('B', 'child', { descendant_of_spouse: true }),
      ]);
      expect(answer.unresolved).toEqual([]);
      expect(fractions(answer)).toEqual({ S: '1/1' });
      expect(amounts(answer)).toEqual({ S: '300000.00' });
      expect(answer.heirs[0].citation).toContain('§732.102');
      expect(answer).toMatchObject({ escheat: false, verified: true, representation: 'per_stirpes', rule_source: 'state' });
    });

    it('gives the spouse one half and each child one quarter when one child is not the spouse’s (§732.102(3), §732.104)', () => {
      const answer = heirship('FL', [
        person('S', 'spouse', { spouse_has_other_descendants: false }),
        person('A', 'child', { descendant_of_spouse: true }),
        person('B', 'child', { descendant_of_spouse: false }),
      ]);
      expect(fractions(answer)).toEqual({ S: '1/2', A: '1/4', B: '1/4' });
      expect(amounts(answer)).toEqual({ S: '150000.00', A: '75000.00', B: '75000.00' });
      expect(answer.heirs.map((heir) => heir.citation)).toEqual([expect.stringContaining('§732.102'), 'Fla. Stat. §732.104', 'Fla. Stat. §732.104']);
      expect(answer.citations).toEqual([expect.stringContaining('§732.102'), 'Fla. Stat. §732.104']);
    });
  });

  describe('Illinois', () => {
    it('gives a spouse one half and each of two children one quarter, whoever their other parent is (755 ILCS 5/2-1(a))', () => {
      const answer = heirship('IL', [person('S', 'spouse'), person('A', 'child'), person('B', 'child')]);
      expect(answer.unresolved).toEqual([]);
      expect(fractions(answer)).toEqual({ S: '1/2', A: '1/4', B: '1/4' });
      expect(answer.heirs[0].citation).toBe('755 ILCS 5/2-1(a)');
    });

    it('divides per stirpes: child A one half, each of predeceased child B’s two children one quarter', () => {
      const answer = heirship('IL', [person('A', 'child'), dead('B', 'child'), through('B1', 'grandchild', 'B'), through('B2', 'grandchild', 'B')]);
      expect(fractions(answer)).toEqual({ A: '1/2', B1: '1/4', B2: '1/4' });
      expect(answer.heirs.map((heir) => heir.via)).toEqual([[], ['B'], ['B']]);
    });
  });

  describe('New York', () => {
    it('divides per capita at each generation: A one third, each grandchild 2/9 (EPTL §§4-1.1, 1-2.16)', () => {
      const answer = heirship('NY', [
        person('A', 'child'),
        dead('B', 'child'),
        through('B1', 'grandchild', 'B'),
        dead('C', 'child'),
        through('C1', 'grandchild', 'C'),
        through('C2', 'grandchild', 'C'),
      ], { dollars: 90_000 });
      expect(fractions(answer)).toEqual({ A: '1/3', B1: '2/9', C1: '2/9', C2: '2/9' });
      expect(amounts(answer)).toEqual({ A: '30000.00', B1: '20000.00', C1: '20000.00', C2: '20000.00' });
      expect(answer.citations).toEqual(['N.Y. EPTL §§4-1.1, 1-2.16']);
    });

    it('gives a spouse 50,000.00 plus one half of the residue of 250,000.00, each of two children 50,000.00 (EPTL §4-1.1(a)(1))', () => {
      const answer = heirship('NY', [person('S', 'spouse'), person('A', 'child'), person('B', 'child')], { dollars: 250_000 });
      expect(amounts(answer)).toEqual({ S: '150000.00', A: '50000.00', B: '50000.00' });
      expect(fractions(answer)).toEqual({ S: null, A: null, B: null });
    });
  });

  it('Pennsylvania: a spouse of the children’s parent takes 30,000.00 plus one half of the balance of 100,000.00 (20 Pa.C.S. §2102)', () => {
    const answer = heirship('PA', [person('S', 'spouse'), person('A', 'child', { descendant_of_spouse: true }), person('B', 'child', { descendant_of_spouse: true })], {
      dollars: 100_000,
    });
    expect(amounts(answer)).toEqual({ S: '65000.00', A: '17500.00', B: '17500.00' });
    expect(answer.heirs[0].citation).toBe('20 Pa.C.S. §2102');
  });

  describe('California', () => {
    const family = [person('S', 'spouse'), person('A', 'child'), person('B', 'child')];

    it('separate property: spouse one third, each child one third (Prob. Code §6401(c)(3), §6402)', () => {
      const answer = heirship('CA', family, { dollars: 300_000 });
      expect(fractions(answer)).toEqual({ S: '1/3', A: '1/3', B: '1/3' });
      expect(amounts(answer)).toEqual({ S: '100000.00', A: '100000.00', B: '100000.00' });
      expect(answer.heirs[0].citation).toBe('Cal. Prob. Code §6401(c)(3)');
    });

    it('community property: the spouse takes all of the deceased’s half (§6401(a))', () => {
      const answer = heirship('CA', family, { property: 'community' });
      expect(fractions(answer)).toEqual({ S: '1/1' });
      expect(answer.heirs[0].citation).toBe('Cal. Prob. Code §6401(a)-(b)');
    });
  });
});
