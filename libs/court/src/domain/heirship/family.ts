import type { FamilySide, Kinship } from '@estate/case';

/**
 * The deceased's family as the persons of a case describe it (contract-extensions §17.3): who survives, the lines of
 * descent the `through_person_id` links draw, and the facts a state's rules ask about. A relative the persons do not
 * record does not exist for the computation; a fact the rules need and the persons leave open is an `Unresolved`.
 */
// The persons' vocabulary is the case context's (their declaration validates it); the computation reads it.
export { KINSHIPS, type Kinship } from '@estate/case';
export type Side = FamilySide;
export const SIDES: readonly Side[] = ['paternal', 'maternal'];

/** A person of the case, with the §17.3 fields the computation reads. */
export interface FamilyPerson {
  id: string;
  name: string;
  kinship: Kinship | null;
  through_person_id: string | null;
  descendant_of_spouse: boolean | null;
  spouse_has_other_descendants: boolean | null;
  side: Side | null;
  is_deceased: boolean | null;
}

/** A fact the rules need that the persons (or the data) do not give; `person_id` is null for a gap in the rules. */
export interface Unresolved {
  person_id: string | null;
  field: string | null;
  message: string;
}

/** A relative in a line of descent: the members of a generation and, under each, the next generation through them. */
export interface LineNode {
  person: FamilyPerson;
  living: boolean;
  children: LineNode[];
}

/** The kinships of each generation of a line, nearest the deceased first. */
const LINES = {
  descendants: { generations: [['child'], ['grandchild'], ['great_grandchild']] },
  descendants_of_parents: { generations: [['sibling', 'half_sibling'], ['niece_or_nephew']] },
  descendants_of_grandparents: { generations: [['aunt_or_uncle'], ['first_cousin']] },
} as const satisfies Record<string, { generations: readonly (readonly Kinship[])[] }>;
export type LineKind = keyof typeof LINES;

export interface Line {
  roots: LineNode[];
  /** Broken `through_person_id` links of persons who survive or have a surviving descendant in the line. */
  problems: Unresolved[];
}

export const isLiving = (person: FamilyPerson): boolean => person.is_deceased !== true;

/** Survives, or left a descendant who survives: such a member of a line takes or passes a share on. */
export function takesOrPassesOn(node: LineNode): boolean {
  return node.living || node.children.some(takesOrPassesOn);
}

export class Family {
  readonly persons: readonly FamilyPerson[];
  private readonly byId: Map<string, FamilyPerson>;
  private readonly lines = new Map<LineKind, Line>();
  private readonly descendantOfSpouse = new Map<string, boolean | null>();

  constructor(persons: readonly FamilyPerson[]) {
    this.persons = persons;
    this.byId = new Map(persons.map((person) => [person.id, person]));
  }

  person(id: string): FamilyPerson | undefined {
    return this.byId.get(id);
  }

  living(kinship: Kinship): FamilyPerson[] {
    return this.persons.filter((person) => person.kinship === kinship && isLiving(person));
  }

  /** The living spouses: at most one is allowed (§17.3), which the interpreter checks. */
  livingSpouses(): FamilyPerson[] {
    return this.living('spouse');
  }

  get spouse(): FamilyPerson | null {
    const spouses = this.livingSpouses();
    return spouses.length === 1 ? spouses[0] : null;
  }

  /** The position of a person in the case (the order they were created): ties and leftover cents follow it. */
  rank(id: string): number {
    return this.persons.findIndex((person) => person.id === id);
  }

  line(kind: LineKind): Line {
    let line = this.lines.get(kind);
    if (!line) {
      line = this.buildLine(kind);
      this.lines.set(kind, line);
    }
    return line;
  }

  private buildLine(kind: LineKind): Line {
    const generations = LINES[kind].generations as readonly (readonly Kinship[])[];
    const nodes = new Map<string, LineNode>();
    const generationOf = new Map<string, number>();
    for (const person of this.persons) {
      const generation = generations.findIndex((kinships) => person.kinship !== null && kinships.includes(person.kinship));
      if (generation < 0) continue;
      nodes.set(person.id, { person, living: isLiving(person), children: [] });
      generationOf.set(person.id, generation);
    }
    const roots: LineNode[] = [];
    const broken: { node: LineNode; message: string }[] = [];
    for (const node of nodes.values()) {
      const generation = generationOf.get(node.person.id) ?? 0;
      if (generation === 0) {
        roots.push(node);
        continue;
      }
      const parentKinships = generations[generation - 1];
      const throughId = node.person.through_person_id;
      const parent = throughId === null ? undefined : nodes.get(throughId);
      if (parent && generationOf.get(parent.person.id) === generation - 1) {
        parent.children.push(node);
      } else {
        const wanted = parentKinships.join(' or ');
        broken.push({
          node,
          message:
            throughId === null
              ? `${node.person.name} (${node.person.kinship}) does not say through whom they descend: through_person_id must name a ${wanted} of the case`
              : `${node.person.name} (${node.person.kinship}) descends through ${throughId}, which is not a ${wanted} of the case`,
        });
      }
    }
    const problems = broken
      .filter(({ node }) => takesOrPassesOn(node))
      .map(({ node, message }) => ({ person_id: node.person.id, field: 'through_person_id', message }));
    return { roots, problems };
  }

  /**
   * Whether a descendant is also the spouse's: the person's own `descendant_of_spouse`, else their parent's in the line
   * (the spouse's child's children are the spouse's descendants too), else `null`.
   */
  isDescendantOfSpouse(person: FamilyPerson): boolean | null {
    if (this.descendantOfSpouse.has(person.id)) return this.descendantOfSpouse.get(person.id) ?? null;
    let value: boolean | null = person.descendant_of_spouse;
    if (value === null && person.kinship !== 'child' && person.through_person_id !== null) {
      const parent = this.person(person.through_person_id);
      const expected = person.kinship === 'grandchild' ? 'child' : 'grandchild';
      if (parent && parent.kinship === expected) value = this.isDescendantOfSpouse(parent);
    }
    this.descendantOfSpouse.set(person.id, value);
    return value;
  }

  livingDescendants(): FamilyPerson[] {
    return this.persons.filter((person) => isLiving(person) && (person.kinship === 'child' || person.kinship === 'grandchild' || person.kinship === 'great_grandchild'));
  }

  /** The children who survive or left a surviving descendant: the lines a spouse's "child's share" counts. */
  childLines(): LineNode[] {
    return this.line('descendants').roots.filter(takesOrPassesOn);
  }

  /** Living members of a collateral line, of either generation: whether the class has anyone at all. */
  hasLiving(kind: LineKind): boolean {
    const generations = LINES[kind].generations as readonly (readonly Kinship[])[];
    return this.persons.some((person) => isLiving(person) && person.kinship !== null && generations.some((kinships) => kinships.includes(person.kinship as Kinship)));
  }
}
