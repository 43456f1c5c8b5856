import { Family } from './family';
import { dead, person, through } from './heirship-fixtures.testing';
import { Rational } from './rational';
import { divide } from './representation';
import type { RepresentationMethod } from './rule-language';

function sharesOf(family: Family, method: RepresentationMethod): Record<string, string> {
  const line = family.line('descendants');
  expect(line.problems).toEqual([]);
  return Object.fromEntries(divide(line.roots, Rational.ONE, method).map((allocation) => [allocation.person.id, allocation.share.toString()]));
}

describe('representation methods', () => {
  /** A child survives; B died leaving one child, C died leaving two, D died leaving none. */
  const oneChildSurvives = new Family([
    person('A', 'child'),
    dead('B', 'child'),
    through('B1', 'grandchild', 'B'),
    dead('C', 'child'),
    through('C1', 'grandchild', 'C'),
    through('C2', 'grandchild', 'C'),
    dead('D', 'child'),
  ]);

  /** No child survives: the grandchildren are the nearest generation. */
  const noChildSurvives = new Family([dead('B', 'child'), through('B1', 'grandchild', 'B'), dead('C', 'child'), through('C1', 'grandchild', 'C'), through('C2', 'grandchild', 'C')]);

  it('per stirpes fixes the shares at the children, living or not, and leaves out a line that died out', () => {
    expect(sharesOf(oneChildSurvives, 'per_stirpes')).toEqual({ A: '1/3', B1: '1/3', C1: '1/6', C2: '1/6' });
    expect(sharesOf(noChildSurvives, 'per_stirpes')).toEqual({ B1: '1/2', C1: '1/4', C2: '1/4' });
  });

  it('modern per stirpes divides at the nearest generation with a living member', () => {
    expect(sharesOf(oneChildSurvives, 'modern_per_stirpes')).toEqual({ A: '1/3', B1: '1/3', C1: '1/6', C2: '1/6' });
    expect(sharesOf(noChildSurvives, 'modern_per_stirpes')).toEqual({ B1: '1/3', C1: '1/3', C2: '1/3' });
  });

  it('per capita at each generation pools the dead members’ shares for the next generation (UPC §2-106)', () => {
    expect(sharesOf(oneChildSurvives, 'per_capita_at_each_generation')).toEqual({ A: '1/3', B1: '2/9', C1: '2/9', C2: '2/9' });
    expect(sharesOf(noChildSurvives, 'per_capita_at_each_generation')).toEqual({ B1: '1/3', C1: '1/3', C2: '1/3' });
  });

  it('per capita gives everything to the living of the nearest generation', () => {
    expect(sharesOf(oneChildSurvives, 'per_capita')).toEqual({ A: '1/1' });
    expect(sharesOf(noChildSurvives, 'per_capita')).toEqual({ B1: '1/3', C1: '1/3', C2: '1/3' });
  });

  it('follows a line through two dead generations and names them in `via`', () => {
    const family = new Family([
      person('A', 'child'),
      dead('B', 'child'),
      dead('B1', 'grandchild', { through_person_id: 'B' }),
      through('B11', 'great_grandchild', 'B1'),
      through('B12', 'great_grandchild', 'B1'),
      through('B2', 'grandchild', 'B'),
    ]);
    const line = family.line('descendants');
    const allocations = divide(line.roots, Rational.ONE, 'per_capita_at_each_generation');
    expect(allocations.map((allocation) => [allocation.person.id, allocation.share.toString(), allocation.via])).toEqual([
      ['A', '1/2', []],
      ['B2', '1/4', ['B']],
      ['B11', '1/8', ['B', 'B1']],
      ['B12', '1/8', ['B', 'B1']],
    ]);
  });

  it('keeps a dead child’s share in its line under modern per stirpes, and pools it under per capita at each generation', () => {
    // B survives; C died leaving C1 and a dead C2 with two children; D died leaving D1. Modern per stirpes gives C's
    // third to C's line alone; per capita at each generation pools C's and D's thirds, so C1 and D1 take alike.
    const family = new Family([
      person('B', 'child'),
      dead('C', 'child'),
      through('C1', 'grandchild', 'C'),
      dead('C2', 'grandchild', { through_person_id: 'C' }),
      through('C21', 'great_grandchild', 'C2'),
      through('C22', 'great_grandchild', 'C2'),
      dead('D', 'child'),
      through('D1', 'grandchild', 'D'),
    ]);
    expect(sharesOf(family, 'modern_per_stirpes')).toEqual({ B: '1/3', C1: '1/6', C21: '1/12', C22: '1/12', D1: '1/3' });
    expect(sharesOf(family, 'per_capita_at_each_generation')).toEqual({ B: '1/3', C1: '2/9', C21: '1/9', C22: '1/9', D1: '2/9' });
  });

  it('reports a living descendant whose line is broken, and ignores a broken link with nobody living below it', () => {
    const family = new Family([person('A', 'child'), person('X', 'grandchild'), dead('Y', 'grandchild'), through('Z', 'grandchild', 'A-missing')]);
    expect(family.line('descendants').problems).toEqual([
      expect.objectContaining({ person_id: 'X', field: 'through_person_id', message: expect.stringContaining('does not say through whom') }),
      expect.objectContaining({ person_id: 'Z', field: 'through_person_id', message: expect.stringContaining('not a child of the case') }),
    ]);
  });
});
