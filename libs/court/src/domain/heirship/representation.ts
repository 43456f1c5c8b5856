/**
 * Dividing a share among lines of descent (contract-extensions §17.3; UPC §2-106 and the states' statutes). A member
 * who survives takes; a member who died before the deceased passes their part to their own descendants as the method
 * says; a member who died leaving no surviving descendant is left out.
 */
import { type FamilyPerson, type LineNode, takesOrPassesOn } from './family';
import { Rational } from './rational';
import type { RepresentationMethod } from './rule-language';

export interface Allocation {
  person: FamilyPerson;
  share: Rational;
  /** The dead relatives the share came down through, nearest the deceased first. */
  via: string[];
}

/** A member of the generation being divided, with the dead ancestors (in the line) it is reached through. */
interface Member {
  node: LineNode;
  via: string[];
  /** Parts of the division this member counts for (a lone parent's double portion counts 2). */
  weight: bigint;
}

const membersOf = (nodes: readonly LineNode[], via: string[] = []): Member[] =>
  nodes.filter(takesOrPassesOn).map((node) => ({ node, via, weight: 1n }));

const nextGeneration = (members: readonly Member[]): Member[] =>
  members.flatMap((member) => membersOf(member.node.children, [...member.via, member.node.person.id]));

/** Down from `members` to the nearest generation with a surviving member (the given one when it has one). */
function nearestLivingGeneration(members: Member[]): Member[] {
  let generation = members;
  while (generation.length > 0 && !generation.some((member) => member.node.living)) generation = nextGeneration(generation);
  return generation;
}

const totalWeight = (members: readonly Member[]): bigint => members.reduce((sum, member) => sum + member.weight, 0n);

/**
 * Divides `share` among `nodes` (the first generation of a line: children, siblings, aunts and uncles; a parent or
 * grandparent who shares in equal parts is a member without descendants). `weights` gives a member more than one part.
 */
export function divide(
  nodes: readonly LineNode[],
  share: Rational,
  method: RepresentationMethod,
  weights: ReadonlyMap<string, bigint> = new Map(),
): Allocation[] {
  const members = membersOf(nodes).map((member) => ({ ...member, weight: weights.get(member.node.person.id) ?? 1n }));
  const allocations: Allocation[] = [];
  if (members.length === 0 || share.isZero()) return allocations;
  switch (method) {
    case 'per_stirpes':
      perStirpes(members, share, allocations);
      break;
    case 'modern_per_stirpes':
      byRepresentation(nearestLivingGeneration(members), share, allocations);
      break;
    case 'per_capita_at_each_generation':
      perCapitaAtEachGeneration(nearestLivingGeneration(members), share, allocations);
      break;
    case 'per_capita':
      perCapita(nearestLivingGeneration(members), share, allocations);
      break;
  }
  return allocations;
}

/** Strict per stirpes: the shares are fixed at the first generation, living or not, and each passes down its own line. */
function perStirpes(members: Member[], share: Rational, allocations: Allocation[]): void {
  const parts = totalWeight(members);
  for (const member of members) {
    const part = share.times(Rational.of(member.weight, parts));
    if (member.node.living) allocations.push({ person: member.node.person, share: part, via: member.via });
    else perStirpes(nextGeneration([member]), part, allocations);
  }
}

/**
 * Modern per stirpes, per capita with representation (Cal. Prob. Code §240, 20 Pa.C.S. §2104): equal shares at the
 * nearest generation with a surviving member; a dead member's share is divided the same way among their own line.
 */
function byRepresentation(members: Member[], share: Rational, allocations: Allocation[]): void {
  const parts = totalWeight(members);
  for (const member of members) {
    const part = share.times(Rational.of(member.weight, parts));
    if (member.node.living) allocations.push({ person: member.node.person, share: part, via: member.via });
    else byRepresentation(nearestLivingGeneration(nextGeneration([member])), part, allocations);
  }
}

/**
 * UPC §2-106: equal shares at the nearest generation with a surviving member; the shares of the dead members are
 * pooled and divided the same way among all their descendants of the next generation, so cousins take alike.
 */
function perCapitaAtEachGeneration(members: Member[], share: Rational, allocations: Allocation[]): void {
  const parts = totalWeight(members);
  const dead: Member[] = [];
  let pooled = 0n;
  for (const member of members) {
    if (member.node.living) {
      allocations.push({ person: member.node.person, share: share.times(Rational.of(member.weight, parts)), via: member.via });
    } else {
      dead.push(member);
      pooled += member.weight;
    }
  }
  if (dead.length > 0) perCapitaAtEachGeneration(nearestLivingGeneration(nextGeneration(dead)), share.times(Rational.of(pooled, parts)), allocations);
}

/** Per capita: the surviving members of the nearest generation with one take alike; no one takes by representation. */
function perCapita(members: Member[], share: Rational, allocations: Allocation[]): void {
  const living = members.filter((member) => member.node.living);
  const parts = totalWeight(living);
  for (const member of living) allocations.push({ person: member.node.person, share: share.times(Rational.of(member.weight, parts)), via: member.via });
}
