import type { ErrorDetail } from '@estate/shared-kernel/domain';
import type { Kinship } from './case-vocabulary';

/**
 * The kinship fields of a person (contract-extensions §17.3) and how they hold together. Each field says something of
 * one kind of relative only, so a value set on another kind is refused rather than kept: an heirship computed later
 * must never read a fact the client did not mean.
 */

/** The kinship of the person a relative descends through, one generation nearer the deceased's own line. */
export const PARENT_KINSHIPS: Readonly<Partial<Record<Kinship, readonly Kinship[]>>> = {
  grandchild: ['child'],
  great_grandchild: ['grandchild'],
  niece_or_nephew: ['sibling', 'half_sibling'],
  first_cousin: ['aunt_or_uncle'],
};

export const DESCENDANT_KINSHIPS: readonly Kinship[] = ['child', 'grandchild', 'great_grandchild'];
/** The relatives an intestacy statute may divide between the father's and the mother's side. */
export const SIDED_KINSHIPS: readonly Kinship[] = ['grandparent', 'aunt_or_uncle', 'first_cousin'];

/** The §17.3 fields of a person as a body or a merged patch gives them (JSON names). */
export interface KinshipFields {
  kinship?: unknown;
  through_person_id?: unknown;
  descendant_of_spouse?: unknown;
  spouse_has_other_descendants?: unknown;
  side?: unknown;
  is_deceased?: unknown;
}

/** What the rules read beyond the person's own fields: the person it descends through, the case's other spouses. */
export interface KinshipSurroundings {
  /** The person `through_person_id` names, when it is a person of the case (another rule refuses one that is not). */
  through: { id: string; kinship: Kinship | null } | null;
  /** The case's other persons who are a living spouse. */
  otherLivingSpouses: readonly { id: string }[];
}

const set = (value: unknown): boolean => value !== null && value !== undefined;
const inWords = (kinships: readonly string[]): string =>
  kinships.length === 1 ? kinships[0] : `${kinships.slice(0, -1).join(', ')} or ${kinships[kinships.length - 1]}`;

/** Whether the person is a spouse who survives: the only kind a case may have one of. */
export function isLivingSpouse(person: KinshipFields): boolean {
  return person.kinship === 'spouse' && person.is_deceased !== true;
}

/** The fields the rules need to look past the person for: a `through_person_id`, a living spouse. */
export function kinshipNeeds(person: KinshipFields): { throughPersonId: string | null; otherSpouses: boolean } {
  return {
    throughPersonId: typeof person.through_person_id === 'string' ? person.through_person_id : null,
    otherSpouses: isLivingSpouse(person),
  };
}

/** Every problem of a person's kinship fields, each naming its field (422 details). */
export function kinshipProblems(person: KinshipFields, surroundings: KinshipSurroundings, ownId: string | null): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const kinship = (typeof person.kinship === 'string' ? person.kinship : null) as Kinship | null;
  const described = kinship ?? 'no kinship';

  if (set(person.through_person_id)) {
    const parents = kinship === null ? undefined : PARENT_KINSHIPS[kinship];
    const through = surroundings.through;
    if (!parents) {
      problems.push({
        field: 'through_person_id',
        message: `through_person_id is for a ${inWords(Object.keys(PARENT_KINSHIPS))}, not a person of ${described}`,
        reason: 'rule',
      });
    } else if (ownId !== null && person.through_person_id === ownId) {
      problems.push({ field: 'through_person_id', message: 'through_person_id must name another person: nobody descends through themselves', reason: 'rule' });
    } else if (through && (through.kinship === null || !parents.includes(through.kinship))) {
      problems.push({
        field: 'through_person_id',
        message: `a ${kinship} descends through a ${inWords(parents)} of the case, and person ${through.id} is of ${through.kinship ?? 'no kinship'}`,
        reason: 'rule',
      });
    }
  }
  if (set(person.descendant_of_spouse) && (kinship === null || !DESCENDANT_KINSHIPS.includes(kinship))) {
    problems.push({ field: 'descendant_of_spouse', message: `descendant_of_spouse is for a ${inWords(DESCENDANT_KINSHIPS)}, not a person of ${described}`, reason: 'rule' });
  }
  if (set(person.spouse_has_other_descendants) && kinship !== 'spouse') {
    problems.push({ field: 'spouse_has_other_descendants', message: `spouse_has_other_descendants is for the spouse, not a person of ${described}`, reason: 'rule' });
  }
  if (set(person.side) && (kinship === null || !SIDED_KINSHIPS.includes(kinship))) {
    problems.push({ field: 'side', message: `side is for a ${inWords(SIDED_KINSHIPS)}, not a person of ${described}`, reason: 'rule' });
  }
  if (isLivingSpouse(person)) {
    for (const spouse of surroundings.otherLivingSpouses) {
      problems.push({ field: 'kinship', message: `the case already has a living spouse (person ${spouse.id}); a case has at most one`, reason: 'conflict' });
    }
  }
  return problems;
}
