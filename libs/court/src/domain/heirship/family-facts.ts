/**
 * The facts a spouse-share condition asks about, decided from the persons: `true`, `false`, or `null` with the
 * `Unresolved` items that say which person's field would decide it.
 */
import type { Family, Unresolved } from './family';
import type { Condition, FamilyCount, FamilyFact } from './rule-language';

export interface Decided<T> {
  value: T | null;
  /** Why the value is `null`: the fields that would decide it. Empty when decided. */
  missing: Unresolved[];
}

const known = <T>(value: T): Decided<T> => ({ value, missing: [] });
const open = <T>(missing: Unresolved[]): Decided<T> => ({ value: null, missing });

export class FamilyFacts {
  private readonly facts = new Map<FamilyFact, Decided<boolean>>();
  private readonly counts = new Map<FamilyCount, Decided<number>>();

  constructor(
    readonly family: Family,
    private readonly stateName: string,
  ) {}

  fact(fact: FamilyFact): Decided<boolean> {
    let decided = this.facts.get(fact);
    if (!decided) {
      decided = this.decide(fact);
      this.facts.set(fact, decided);
    }
    return decided;
  }

  count(count: FamilyCount): Decided<number> {
    let decided = this.counts.get(count);
    if (!decided) {
      const line = this.family.line('descendants');
      decided = line.problems.length > 0 ? open(line.problems) : known(this.family.childLines().length);
      this.counts.set(count, decided);
    }
    return decided;
  }

  private decide(fact: FamilyFact): Decided<boolean> {
    const family = this.family;
    const spouse = family.spouse;
    switch (fact) {
      case 'spouse':
        return known(spouse !== null);
      case 'descendants':
        return known(family.livingDescendants().length > 0);
      case 'parents':
        return known(family.living('parent').length > 0);
      case 'siblings':
        return known(family.living('sibling').length + family.living('half_sibling').length > 0);
      case 'descendants_of_parents':
        return known(family.hasLiving('descendants_of_parents'));
      case 'all_descendants_of_spouse':
      case 'some_descendants_of_spouse': {
        const descendants = family.livingDescendants();
        const values = descendants.map((person) => family.isDescendantOfSpouse(person));
        const decisive = fact === 'all_descendants_of_spouse' ? false : true;
        if (values.includes(decisive)) return known(decisive);
        const unknown = descendants.filter((_, index) => values[index] === null);
        if (unknown.length === 0) return known(!decisive);
        return open(
          unknown.map((person) => ({
            person_id: person.id,
            field: 'descendant_of_spouse',
            message: `${this.stateName}'s spouse share depends on whether ${person.name} is also a descendant of the surviving spouse`,
          })),
        );
      }
      case 'spouse_has_other_descendants':
        if (!spouse) return known(false);
        if (spouse.spouse_has_other_descendants !== null) return known(spouse.spouse_has_other_descendants);
        return open([
          {
            person_id: spouse.id,
            field: 'spouse_has_other_descendants',
            message: `${this.stateName}'s spouse share depends on whether ${spouse.name} has descendants who are not the deceased's`,
          },
        ]);
      case 'all_child_lines_of_spouse':
      case 'some_child_lines_of_spouse': {
        const line = family.line('descendants');
        if (line.problems.length > 0) return open(line.problems);
        const children = family.childLines().map((node) => node.person);
        const values = children.map((child) => child.descendant_of_spouse);
        const decisive = fact === 'all_child_lines_of_spouse' ? false : true;
        if (values.includes(decisive)) return known(decisive);
        const unknown = children.filter((_, index) => values[index] === null);
        if (unknown.length === 0) return known(!decisive);
        return open(
          unknown.map((child) => ({
            person_id: child.id,
            field: 'descendant_of_spouse',
            message: `${this.stateName}'s spouse share depends on whether the surviving spouse is also a parent of ${child.name}`,
          })),
        );
      }
      case 'minor_child': {
        const children = family.living('child');
        if (children.length === 0) return known(false);
        return open(
          children.map((child) => ({
            person_id: child.id,
            field: null,
            message: `${this.stateName}'s spouse share depends on whether a surviving child is a minor; the persons do not record ${child.name}'s age`,
          })),
        );
      }
      case 'other_relatives':
        return known(family.living('other_relative').length > 0);
      case 'married_at_least_3_years':
        if (!spouse) return known(false);
        return open([
          {
            person_id: spouse.id,
            field: null,
            message: `${this.stateName}'s spouse share depends on whether the marriage to ${spouse.name} had lasted 3 years; the persons do not record it`,
          },
        ]);
    }
  }
}

/** A fact or count a condition reads, by name: the unknowns of a case selection are enumerated over these. */
export type Atom = { kind: 'fact'; fact: FamilyFact } | { kind: 'count'; count: FamilyCount };
export type Assignment = ReadonlyMap<string, boolean | number>;

export const atomKey = (atom: Atom): string => (atom.kind === 'fact' ? atom.fact : `#${atom.count}`);

export function atomsOf(condition: Condition, into: Map<string, Atom> = new Map()): Map<string, Atom> {
  switch (condition.kind) {
    case 'fact':
      into.set(atomKey(condition), condition);
      break;
    case 'count':
      into.set(atomKey(condition), { kind: 'count', count: condition.count });
      break;
    case 'not':
      atomsOf(condition.of, into);
      break;
    case 'and':
    case 'or':
      for (const part of condition.of) atomsOf(part, into);
      break;
    case 'always':
      break;
  }
  return into;
}

/** Two-valued evaluation once every atom the condition reads has a value. */
export function holds(condition: Condition, values: Assignment): boolean {
  switch (condition.kind) {
    case 'always':
      return true;
    case 'fact':
      return values.get(condition.fact) === true;
    case 'count': {
      const value = values.get(`#${condition.count}`) as number;
      return condition.op === '=' ? value === condition.value : value >= condition.value;
    }
    case 'not':
      return !holds(condition.of, values);
    case 'and':
      return condition.of.every((part) => holds(part, values));
    case 'or':
      return condition.of.some((part) => holds(part, values));
  }
}

/** Three-valued (Kleene) evaluation: `null` when the open facts could make it either way. */
export function evaluate(condition: Condition, facts: FamilyFacts): Decided<boolean> {
  switch (condition.kind) {
    case 'always':
      return known(true);
    case 'fact':
      return facts.fact(condition.fact);
    case 'count': {
      const count = facts.count(condition.count);
      if (count.value === null) return open(count.missing);
      return known(condition.op === '=' ? count.value === condition.value : count.value >= condition.value);
    }
    case 'not': {
      const inner = evaluate(condition.of, facts);
      return inner.value === null ? inner : known(!inner.value);
    }
    case 'and':
    case 'or': {
      const decisive = condition.kind === 'or';
      const parts = condition.of.map((part) => evaluate(part, facts));
      if (parts.some((part) => part.value === decisive)) return known(decisive);
      const unknown = parts.filter((part) => part.value === null);
      return unknown.length === 0 ? known(!decisive) : open(unknown.flatMap((part) => part.missing));
    }
  }
}
