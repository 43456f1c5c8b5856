import fc from 'fast-check';
import { Family, type FamilyPerson, KINSHIPS, type Kinship } from './family';
import { evaluate, FamilyFacts } from './family-facts';
import { computeHeirship, type PropertyKind } from './heirship';
import { RULES } from './heirship-fixtures.testing';
import { Rational } from './rational';
import type { StateRules } from './rule-language';

/**
 * Contract-extensions §17.3 as properties, for every state (and the UPC baseline) and random families: whenever
 * nothing is unresolved the shares add up to exactly 1 and the amounts to exactly the estate's cents; and the
 * translated spouse-share cases of a state never give two different shares to one family.
 */
const ALL_RULES: StateRules[] = [...RULES.states, RULES.upc_default];

/** Who a kinship descends through, for the `through_person_id` links. */
const PARENT_KINSHIPS: Partial<Record<Kinship, Kinship[]>> = {
  grandchild: ['child'],
  great_grandchild: ['grandchild'],
  niece_or_nephew: ['sibling', 'half_sibling'],
  first_cousin: ['aunt_or_uncle'],
};
const FAMILY_KINSHIPS = KINSHIPS.filter((kinship) => kinship !== 'not_related' && kinship !== 'other_relative');

const draft = fc.record({
  kinship: fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...FAMILY_KINSHIPS) }, { weight: 1, arbitrary: fc.constantFrom<Kinship | null>('other_relative', 'not_related', null) }),
  deceased: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  ofSpouse: fc.boolean(),
  spouseHasOthers: fc.boolean(),
  side: fc.constantFrom<'paternal' | 'maternal'>('paternal', 'maternal'),
  parentPick: fc.nat(),
  /** Leaves one of the person's facts unset, as the persons often do. */
  gap: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom('descendant_of_spouse', 'through_person_id', 'side', 'spouse_has_other_descendants') }),
});

/** A family as a case records it: at most one living spouse, links to persons of the right kinship. */
const family = (complete: boolean) =>
  fc.array(draft, { maxLength: 9 }).map((drafts): FamilyPerson[] => {
    const persons: FamilyPerson[] = drafts.map((entry, index) => ({
      id: `P${index}`,
      name: `Person ${index}`,
      kinship: entry.kinship,
      through_person_id: null,
      descendant_of_spouse: entry.kinship && ['child', 'grandchild', 'great_grandchild'].includes(entry.kinship) ? entry.ofSpouse : null,
      spouse_has_other_descendants: entry.kinship === 'spouse' ? entry.spouseHasOthers : null,
      side: entry.kinship && ['grandparent', 'aunt_or_uncle', 'first_cousin'].includes(entry.kinship) ? entry.side : null,
      is_deceased: entry.deceased,
    }));
    let livingSpouse = false;
    persons.forEach((person, index) => {
      if (person.kinship === 'spouse' && !person.is_deceased) {
        if (livingSpouse) person.is_deceased = true;
        livingSpouse = true;
      }
      const parents = person.kinship ? PARENT_KINSHIPS[person.kinship] : undefined;
      if (parents) {
        const candidates = persons.filter((candidate) => candidate.kinship && parents.includes(candidate.kinship));
        if (candidates.length > 0) person.through_person_id = candidates[drafts[index].parentPick % candidates.length].id;
      }
      const gap = complete ? null : drafts[index].gap;
      if (gap) (person as unknown as Record<string, unknown>)[gap] = null;
    });
    return persons;
  });

const estate = fc.oneof(fc.bigInt(0n, 25n), fc.bigInt(0n, 5_000_000_00n), fc.bigInt(0n, 10n ** 12n));

describe('heirship properties', () => {
  it.each(ALL_RULES.map((rules) => [rules.code, rules] as const))('%s: the shares add up to exactly the estate whenever nothing is unresolved', (code, rules) => {
    let answered = 0;
    fc.assert(
      fc.property(
        fc.boolean().chain((complete) => family(complete)),
        fc.constantFrom<PropertyKind>(...(rules.community_property ? (['separate', 'community'] as const) : (['separate'] as const))),
        estate,
        fc.constantFrom(null, 2022, 2023, 2026),
        (persons, property, estateCents, deathYear) => {
          const answer = computeHeirship(rules, { persons, property, estate_cents: estateCents, death_year: deathYear });
          if (answer.unresolved.length > 0) {
            expect(answer.heirs).toEqual([]);
            expect(answer.escheat).toBe(false);
            return;
          }
          answered += 1;
          if (answer.escheat) {
            expect(answer.heirs).toEqual([]);
            return;
          }
          const total = answer.heirs.reduce((sum, heir) => sum + heir.amount_cents, 0n);
          expect(total).toBe(estateCents);
          for (const heir of answer.heirs) {
            expect(heir.amount_cents >= 0n).toBe(true);
            const person = persons.find((candidate) => candidate.id === heir.person_id) as FamilyPerson;
            expect(person.is_deceased).not.toBe(true);
            expect(['not_related', 'other_relative', null]).not.toContain(person.kinship);
            expect(heir.citation).not.toBe('');
          }
          expect(new Set(answer.heirs.map((heir) => heir.person_id)).size).toBe(answer.heirs.length);
          const spouseAt = answer.heirs.findIndex((heir) => heir.kinship === 'spouse');
          expect(spouseAt <= 0).toBe(true);
          const fractions = answer.heirs.map((heir) => heir.fraction);
          if (fractions.every((fraction) => fraction !== null)) {
            expect(Rational.sum(fractions.map((fraction) => Rational.parse(fraction as string))).toString()).toBe('1/1');
          } else {
            expect(fractions.every((fraction) => fraction === null)).toBe(true);
          }
        },
      ),
      { numRuns: 150 },
    );
    if (!rules.unsupported) expect(answered).toBeGreaterThan(0);
  });

  it.each(ALL_RULES.filter((rules) => !rules.unsupported).map((rules) => [rules.code, rules] as const))(
    '%s: no family fits two spouse-share cases with different shares, and a family whose facts are all known fits one',
    (_code, rules) => {
      fc.assert(
        fc.property(family(true), fc.constantFrom<PropertyKind>('separate', 'community'), (persons, property) => {
          const facts = new FamilyFacts(new Family(persons), rules.name);
          if (facts.family.spouse === null || (property === 'community' && !rules.community_property)) return;
          const scopes =
            property === 'community'
              ? [['all', 'community_property']]
              : rules.spouse_cases.some((spouseCase) => spouseCase.applies_to === 'real_property')
                ? [
                    ['all', 'separate_property', 'real_property'],
                    ['all', 'separate_property', 'personal_property'],
                  ]
                : [['all', 'separate_property']];
          for (const scope of scopes) {
            const cases = rules.spouse_cases.filter((spouseCase) => scope.includes(spouseCase.applies_to));
            const decided = cases.map((spouseCase) => evaluate(spouseCase.when, facts).value);
            const shares = new Set(cases.filter((_, index) => decided[index] === true).map((spouseCase) => JSON.stringify(spouseCase.share)));
            expect(shares.size).toBeLessThanOrEqual(1);
            if (!decided.includes(null)) expect(shares.size).toBe(1);
          }
        }),
        { numRuns: 200 },
      );
    },
  );
});
