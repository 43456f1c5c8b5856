/**
 * The heirship interpreter (contract-extensions §17.3): one module that reads any state's rules (rule-language.ts) and
 * answers who inherits, in exact fractions and exact cents, with the citation of every share. It never guesses: a
 * fact the rules need and the persons do not give, a rule the data leaves open and a rule the language cannot state
 * each end in `unresolved`, and then no share is computed.
 */
import { Family, type FamilyPerson, type Kinship, type LineNode, SIDES, type Side, takesOrPassesOn, type Unresolved } from './family';
import { type Atom, atomsOf, evaluate, FamilyFacts, holds } from './family-facts';
import { Rational } from './rational';
import { type Allocation, divide } from './representation';
import type { Amount, HeirClass, RepresentationMethod, Share, SpouseCase, StateRules } from './rule-language';

export type PropertyKind = 'separate' | 'community';

export interface HeirshipInput {
  /** The persons of the case in the order they were created. */
  persons: readonly FamilyPerson[];
  property: PropertyKind;
  /** The estate's value at the date of death, in cents. */
  estate_cents: bigint;
  /** The year of death, which picks the inflation-adjusted figure of an indexed dollar amount. */
  death_year?: number | null;
}

export interface Heir {
  person_id: string;
  name: string;
  kinship: Kinship | null;
  /** The exact share, `n/d` in lowest terms; `null` when a dollar amount in the rule makes shares depend on the value. */
  fraction: string | null;
  amount_cents: bigint;
  via: string[];
  citation: string;
}

export interface HeirshipAnswer {
  state: string;
  rule_source: 'state' | 'upc_default';
  /** The state's representation method, `null` when the data does not establish one. */
  representation: RepresentationMethod | null;
  heirs: Heir[];
  unresolved: Unresolved[];
  escheat: boolean;
  /** Every rule that gave a share was read in the statute's text and is not disputed. */
  verified: boolean;
  citations: string[];
  /** Caveats of the rules used: a disputed figure, a right outside the intestate shares that is not computed. */
  notes: string[];
}

/** A spouse's share made concrete: a fraction of the estate, or a sum of cents (`first N plus F of the balance`). */
type SpouseTake = { kind: 'fraction'; fraction: Rational } | { kind: 'cents'; exact: Rational };

interface CitedAllocation extends Allocation {
  citation: string;
}

interface Distribution {
  allocations: CitedAllocation[];
  escheat: boolean;
  usedRepresentation: boolean;
  usedOrder: boolean;
}

type Outcome = { ok: Distribution } | { unresolved: Unresolved[] };

/** One reading of rules the data leaves open: a representation method and an alternative for each `one_of` class. */
interface Reading {
  method: RepresentationMethod;
  choices: ReadonlyMap<HeirClass, number>;
}

const unresolvedOf = (message: string, field: string | null = null, personId: string | null = null): Unresolved => ({
  person_id: personId,
  field,
  message,
});

export function computeHeirship(rules: StateRules, input: HeirshipInput): HeirshipAnswer {
  if (input.estate_cents < 0n) throw new RangeError('the estate value cannot be negative');
  return new HeirshipComputation(rules, input).answer();
}

class HeirshipComputation {
  private readonly family: Family;
  private readonly facts: FamilyFacts;
  private readonly citations: string[] = [];
  private readonly notes: string[] = [];
  private verified = true;

  constructor(
    private readonly rules: StateRules,
    private readonly input: HeirshipInput,
  ) {
    this.family = new Family(input.persons);
    this.facts = new FamilyFacts(this.family, rules.name);
  }

  answer(): HeirshipAnswer {
    const rules = this.rules;
    if (rules.unsupported !== null) return this.unresolvedAnswer([unresolvedOf(rules.unsupported, 'state')]);
    if (this.input.property === 'community' && !rules.community_property) {
      return this.unresolvedAnswer([unresolvedOf(`${rules.name} has no community property: compute the estate as separate property`, 'property')]);
    }
    const spouses = this.family.livingSpouses();
    if (spouses.length > 1) {
      return this.unresolvedAnswer(
        spouses.map((spouse) => unresolvedOf(`at most one living spouse is allowed, and ${spouse.name} is one of ${spouses.length}`, 'kinship', spouse.id)),
      );
    }
    const spouse = this.family.spouse;

    let take: SpouseTake = { kind: 'fraction', fraction: Rational.ZERO };
    let spouseCitation = '';
    if (spouse) {
      const selected = this.selectSpouseShare();
      if ('unresolved' in selected) return this.unresolvedAnswer(selected.unresolved);
      for (const spouseCase of selected.cases) this.use(spouseCase.citation, spouseCase.verified, spouseCase.note);
      spouseCitation = [...new Set(selected.cases.map((spouseCase) => spouseCase.citation))].join('; ');
      const concrete = this.spouseTake(selected.share);
      if ('unresolved' in concrete) return this.unresolvedAnswer(concrete.unresolved);
      take = concrete.take;
    }

    const estate = Rational.of(this.input.estate_cents);
    const spouseExact = take.kind === 'fraction' ? estate.times(take.fraction) : take.exact;
    const spouseTakesAll = take.kind === 'fraction' ? take.fraction.equals(Rational.ONE) : spouseExact.compare(estate) >= 0;
    const spouseTakes = take.kind === 'cents' || !take.fraction.isZero();

    let distribution: Distribution = { allocations: [], escheat: false, usedRepresentation: false, usedOrder: false };
    if (!spouseTakesAll) {
      const outcome = this.distributeUnderEveryReading();
      if ('unresolved' in outcome) return this.unresolvedAnswer(outcome.unresolved);
      distribution = outcome.ok;
      if (distribution.usedRepresentation) this.use(this.rules.representation.citation, this.rules.representation.verified, this.rules.representation.note);
      if (distribution.usedOrder) this.use(this.rules.order.citation, this.rules.order.verified, this.rules.order.note);
      if (distribution.escheat && spouse && spouseTakes) {
        return this.unresolvedAnswer([unresolvedOf(`${rules.name}'s rules leave the part not passing to the spouse without a taker`)]);
      }
      if (distribution.escheat) return this.finish([], true);
    }

    return this.finish(this.heirsOf(spouse && spouseTakes ? spouse : null, take, spouseCitation, distribution.allocations), false);
  }

  /** The spouse first, then the others in person order; exact shares of the estate, then whole cents. */
  private heirsOf(spouse: FamilyPerson | null, take: SpouseTake, spouseCitation: string, allocations: readonly CitedAllocation[]): Heir[] {
    const estate = Rational.of(this.input.estate_cents);
    const spouseExact = take.kind === 'fraction' ? estate.times(take.fraction) : take.exact;
    const rest = estate.minus(spouseExact);
    const restFraction = take.kind === 'fraction' ? Rational.ONE.minus(take.fraction) : null;
    const exactShares: { person: FamilyPerson; exact: Rational; fraction: Rational | null; via: string[]; citation: string }[] = [];
    if (spouse) {
      exactShares.push({ person: spouse, exact: spouseExact, fraction: take.kind === 'fraction' ? take.fraction : null, via: [], citation: spouseCitation });
    }
    const others = [...allocations].sort((a, b) => this.family.rank(a.person.id) - this.family.rank(b.person.id));
    for (const allocation of others) {
      exactShares.push({
        person: allocation.person,
        exact: rest.times(allocation.share),
        fraction: restFraction === null ? null : restFraction.times(allocation.share),
        via: allocation.via,
        citation: allocation.citation,
      });
    }
    const cents = inExactCents(
      exactShares.map((share) => share.exact),
      this.input.estate_cents,
    );
    return exactShares.map((share, index) => ({
      person_id: share.person.id,
      name: share.person.name,
      kinship: share.person.kinship,
      fraction: share.fraction === null ? null : share.fraction.toString(),
      amount_cents: cents[index],
      via: share.via,
      citation: share.citation,
    }));
  }

  // -- the spouse's share -------------------------------------------------------------------------------------------

  /** The property each group of cases governs: one group, or land and personal property apart (NC, RI). */
  private caseGroups(): SpouseCase[][] {
    const cases = this.rules.spouse_cases;
    if (this.input.property === 'community') return [cases.filter((c) => c.applies_to === 'all' || c.applies_to === 'community_property')];
    const general = cases.filter((c) => c.applies_to === 'all' || c.applies_to === 'separate_property');
    const land = cases.filter((c) => c.applies_to === 'real_property');
    const personal = cases.filter((c) => c.applies_to === 'personal_property');
    if (land.length === 0 && personal.length === 0) return [general];
    return [
      [...general, ...land],
      [...general, ...personal],
    ];
  }

  /**
   * The case that fits the family. Facts the persons leave open are tried both ways (counts at each value that
   * matters): the share is known when every consistent way picks the same share; otherwise the open facts that change
   * it are the unresolved items.
   */
  private selectSpouseShare(): { share: Share; cases: SpouseCase[] } | { unresolved: Unresolved[] } {
    const groups = this.caseGroups();
    const atoms = new Map<string, Atom>();
    for (const group of groups) for (const spouseCase of group) atomsOf(spouseCase.when, atoms);

    const fixed = new Map<string, boolean | number>();
    const open: { key: string; atom: Atom; values: (boolean | number)[]; missing: Unresolved[] }[] = [];
    for (const [key, atom] of atoms) {
      const decided = atom.kind === 'fact' ? this.facts.fact(atom.fact) : this.facts.count(atom.count);
      if (decided.value !== null) {
        fixed.set(key, decided.value);
        continue;
      }
      const values: (boolean | number)[] = atom.kind === 'fact' ? [true, false] : countCandidates(groups.flat(), atom.count);
      open.push({ key, atom, values, missing: decided.missing });
    }

    const outcomes: { assignment: Map<string, boolean | number>; key: string; cases: SpouseCase[] }[] = [];
    for (const assignment of assignmentsOf(fixed, open)) {
      if (!this.consistent(assignment)) continue;
      const picked = groups.map((group) => group.find((spouseCase) => holds(spouseCase.when, assignment)));
      let key: string;
      if (picked.some((spouseCase) => spouseCase === undefined)) key = 'none';
      else {
        const shares = new Set(picked.map((spouseCase) => JSON.stringify((spouseCase as SpouseCase).share)));
        key = shares.size === 1 ? [...shares][0] : 'split';
      }
      outcomes.push({ assignment, key, cases: picked.filter((spouseCase): spouseCase is SpouseCase => spouseCase !== undefined) });
    }
    const keys = new Set(outcomes.map((outcome) => outcome.key));
    const name = this.rules.name;
    if (keys.size === 1) {
      const key = [...keys][0];
      if (key === 'none') return { unresolved: [unresolvedOf(`no spouse-share case of ${name}'s rules fits this family`)] };
      if (key === 'split') {
        return {
          unresolved: [
            unresolvedOf(`${name} gives the spouse different shares of land and of personal property, and the estate value does not say how much is which`, 'property'),
          ],
        };
      }
      const cases = [...new Set(outcomes.flatMap((outcome) => outcome.cases))];
      return { share: JSON.parse(key) as Share, cases };
    }
    // Report the open facts that change the share on their own; when none does alone, all of them.
    const deciding = open.filter(({ key }) =>
      outcomes.some((first) =>
        outcomes.some(
          (second) =>
            first.key !== second.key && [...first.assignment].every(([atom, value]) => atom === key || second.assignment.get(atom) === value),
        ),
      ),
    );
    return { unresolved: (deciding.length > 0 ? deciding : open).flatMap((entry) => entry.missing) };
  }

  /** Keeps enumerated facts consistent: with descendants, "all of them" implies "some of them" and a child line exists. */
  private consistent(assignment: Map<string, boolean | number>): boolean {
    const descendants = this.facts.fact('descendants').value === true;
    if (!descendants) return true;
    if (assignment.get('all_descendants_of_spouse') === true && assignment.get('some_descendants_of_spouse') === false) return false;
    if (assignment.get('all_child_lines_of_spouse') === true && assignment.get('some_child_lines_of_spouse') === false) return false;
    const lines = assignment.get('#child_lines');
    return lines === undefined || (lines as number) >= 1;
  }

  private spouseTake(share: Share): { take: SpouseTake } | { unresolved: Unresolved[] } {
    const spouse = this.family.spouse as FamilyPerson;
    switch (share.kind) {
      case 'all':
        return { take: { kind: 'fraction', fraction: Rational.ONE } };
      case 'none':
        return { take: { kind: 'fraction', fraction: Rational.ZERO } };
      case 'fraction':
        return { take: { kind: 'fraction', fraction: Rational.parse(share.fraction) } };
      case 'child_share':
      case 'greater_of': {
        const fraction = this.fractionOf(share);
        return 'unresolved' in fraction ? fraction : { take: { kind: 'fraction', fraction: fraction.fraction } };
      }
      case 'first_plus': {
        const first = this.amountInCents(share.first);
        if ('unresolved' in first) return first;
        const estate = Rational.of(this.input.estate_cents);
        const balance = estate.minus(first.cents);
        const exact = balance.isNegative() || balance.isZero() ? estate : first.cents.plus(balance.times(Rational.parse(share.fraction)));
        return { take: { kind: 'cents', exact } };
      }
      case 'not_computable':
        return { unresolved: [unresolvedOf(`${this.rules.name}: ${share.reason}`, null, spouse.id)] };
    }
  }

  private fractionOf(share: Share): { fraction: Rational } | { unresolved: Unresolved[] } {
    if (share.kind === 'fraction') return { fraction: Rational.parse(share.fraction) };
    if (share.kind === 'child_share') {
      const lines = this.facts.count('child_lines');
      if (lines.value === null) return { unresolved: lines.missing };
      return { fraction: Rational.of(1n, BigInt(lines.value + 1)) };
    }
    if (share.kind === 'greater_of') {
      const options = share.of.map((option) => this.fractionOf(option));
      const missing = options.flatMap((option) => ('unresolved' in option ? option.unresolved : []));
      if (missing.length > 0) return { unresolved: missing };
      const fractions = options.map((option) => (option as { fraction: Rational }).fraction);
      return { fraction: Rational.max(fractions[0], ...fractions.slice(1)) };
    }
    throw new Error(`not a fraction-valued share: ${share.kind}`);
  }

  private amountInCents(amount: Amount): { cents: Rational } | { unresolved: Unresolved[] } {
    if (amount.kind === 'part_of_estate') {
      let cents = Rational.of(this.input.estate_cents).times(Rational.parse(amount.fraction));
      if (amount.at_least_dollars !== null) cents = Rational.max(cents, Rational.of(BigInt(amount.at_least_dollars) * 100n));
      if (amount.at_most_dollars !== null) cents = Rational.min(cents, Rational.of(BigInt(amount.at_most_dollars) * 100n));
      return { cents };
    }
    if (amount.indexed === null) return { cents: Rational.of(BigInt(amount.dollars) * 100n) };
    const year = this.input.death_year ?? null;
    const figure = year === null ? undefined : amount.indexed.adjusted.find((adjusted) => adjusted.year === year);
    if (!figure) {
      const known = amount.indexed.adjusted.map((adjusted) => adjusted.year).join(', ');
      return {
        unresolved: [
          unresolvedOf(
            `${this.rules.name} adjusts the spouse's ${amount.dollars.toLocaleString('en-US')}.00 for inflation each year, and the data has no figure for ` +
              (year === null ? 'an unknown year of death' : `deaths in ${year}`) +
              (known ? ` (only for ${known})` : ''),
          ),
        ],
      };
    }
    this.use(null, figure.confidence === 'statute', `${this.rules.name}'s inflation-adjusted amount for ${figure.year} is ${figure.dollars}.00 (${figure.source_url ?? 'no source'})`);
    return { cents: Rational.of(BigInt(figure.dollars) * 100n) };
  }

  // -- the heirs other than the spouse ------------------------------------------------------------------------------

  /** Distributes the part not passing to the spouse under every reading the data allows; they must agree. */
  private distributeUnderEveryReading(): Outcome {
    const methods = this.rules.representation.methods;
    const openClasses = collectOneOf(this.rules.order.classes);
    const readings: Reading[] = [];
    const combine = (index: number, choices: Map<HeirClass, number>) => {
      if (index === openClasses.length) {
        for (const method of methods) readings.push({ method, choices: new Map(choices) });
        return;
      }
      const openClass = openClasses[index];
      if (openClass.kind !== 'one_of') return;
      openClass.of.forEach((_, choice) => combine(index + 1, new Map(choices).set(openClass, choice)));
    };
    combine(0, new Map());

    const outcomes = readings.map((reading) => ({ reading, outcome: this.distribute(reading) }));
    const unresolved = outcomes.flatMap(({ outcome }) => ('unresolved' in outcome ? outcome.unresolved : []));
    if (unresolved.length > 0) return { unresolved: dedupe(unresolved) };
    const keys = outcomes.map(({ outcome }) => distributionKey((outcome as { ok: Distribution }).ok));
    if (new Set(keys).size === 1) return outcomes[0].outcome;

    // The readings disagree: name the open rules whose reading changes the shares.
    const differs = (sameExcept: (a: Reading, b: Reading) => boolean) =>
      outcomes.some((first, i) => outcomes.some((second, j) => keys[i] !== keys[j] && sameExcept(first.reading, second.reading)));
    const sameChoices = (a: Reading, b: Reading, except?: HeirClass) => openClasses.every((node) => node === except || a.choices.get(node) === b.choices.get(node));
    const items: Unresolved[] = [];
    const representation = this.rules.representation;
    if (methods.length > 1 && differs((a, b) => sameChoices(a, b))) {
      items.push(
        unresolvedOf(
          `${this.rules.name}'s representation rule (${representation.statutory_term ?? 'not in the data'}${representation.citation ? `, ${representation.citation}` : ''}) ` +
            `is not established as one method, and ${methods.map((method) => method.replaceAll('_', ' ')).join(', ')} divide this family differently`,
          'representation',
        ),
      );
    }
    for (const node of openClasses) {
      if (node.kind !== 'one_of' || !differs((a, b) => a.method === b.method && sameChoices(a, b, node))) continue;
      items.push(
        unresolvedOf(
          `${this.rules.name}'s order of heirs (${this.rules.order.citation ?? 'no citation'}) can be read as ${node.of.map((alternative) => `"${alternative.text}"`).join(' or ')}; ` +
            'the data does not say which, and they divide this family differently',
          'order',
        ),
      );
    }
    if (items.length === 0) items.push(unresolvedOf(`${this.rules.name}'s rules are not established in the data, and their readings divide this family differently`));
    return { unresolved: items };
  }

  private distribute(reading: Reading): Outcome {
    if (this.facts.fact('descendants').value === true) {
      const line = this.family.line('descendants');
      if (line.problems.length > 0) return { unresolved: line.problems };
      const citation = this.rules.representation.citation ?? this.rules.order.citation ?? this.rules.name;
      const allocations = divide(line.roots, Rational.ONE, reading.method).map((allocation) => ({ ...allocation, citation }));
      return { ok: { allocations, escheat: false, usedRepresentation: true, usedOrder: false } };
    }
    for (const heirClass of this.rules.order.classes) {
      const outcome = this.takers(heirClass, reading);
      if (outcome === 'nobody') continue;
      return outcome;
    }
    return { ok: { allocations: [], escheat: true, usedRepresentation: false, usedOrder: true } };
  }

  private takers(heirClass: HeirClass, reading: Reading): Outcome | 'nobody' {
    const name = this.rules.name;
    switch (heirClass.kind) {
      case 'provided':
        return 'nobody';
      case 'state':
        return { ok: { allocations: [], escheat: true, usedRepresentation: false, usedOrder: true } };
      case 'remoter_kindred': {
        const others = this.family.living('other_relative');
        if (others.length === 0) return 'nobody';
        return {
          unresolved: others.map((person) =>
            unresolvedOf(
              `${name}'s order of heirs reaches ${heirClass.description}; the kinship other_relative does not say whether ${person.name} is among them`,
              'kinship',
              person.id,
            ),
          ),
        };
      }
      case 'not_captured':
        return { unresolved: [unresolvedOf(`${name}'s order of heirs is incomplete in the data: ${heirClass.description}`, 'order')] };
      case 'when': {
        const decided = evaluate(heirClass.condition, this.facts);
        if (decided.value === null) return { unresolved: decided.missing };
        return decided.value ? this.takers(heirClass.then, reading) : { unresolved: [unresolvedOf(`${name}: ${heirClass.otherwise}`, 'order')] };
      }
      case 'one_of':
        return this.takers(heirClass.of[reading.choices.get(heirClass) ?? 0].class, reading);
      case 'kin':
        return this.kinTakers(heirClass, heirClass.method ?? reading.method);
    }
  }

  private kinTakers(heirClass: Extract<HeirClass, { kind: 'kin' }>, method: RepresentationMethod): Outcome | 'nobody' {
    const family = this.family;
    const citation = this.rules.order.citation ?? this.rules.representation.citation ?? this.rules.name;
    const taking = (allocations: Allocation[], usedRepresentation: boolean): Outcome | 'nobody' =>
      allocations.length === 0
        ? 'nobody'
        : { ok: { allocations: allocations.map((allocation) => ({ ...allocation, citation })), escheat: false, usedRepresentation, usedOrder: true } };
    const equally = (persons: FamilyPerson[], share: Rational): Allocation[] =>
      persons.map((person) => ({ person, share: share.dividedBy(BigInt(persons.length)), via: [] }));
    const leaf = (person: FamilyPerson): LineNode => ({ person, living: true, children: [] });

    switch (heirClass.group) {
      case 'parents': {
        const parents = family.living('parent');
        if (parents.length === 0) return 'nobody';
        if (heirClass.lone_ancestor_shares_half !== null && parents.length === 1) {
          const siblings = family.line('descendants_of_parents');
          if (siblings.roots.some(takesOrPassesOn) || siblings.problems.length > 0) {
            const blocked = this.collateralProblems(siblings.problems, siblings.roots, heirClass);
            if (blocked) return blocked;
            if (heirClass.lone_ancestor_shares_half === 'own_descendants') {
              const halfBlood = siblings.roots.filter((root) => root.person.kinship === 'half_sibling' && takesOrPassesOn(root));
              if (halfBlood.length > 0) {
                return {
                  unresolved: halfBlood.map((root) =>
                    unresolvedOf(
                      `${this.rules.name} gives a dead parent's share to that parent's own descendants; the persons do not say which parent ${root.person.name} shares with the deceased`,
                      'kinship',
                      root.person.id,
                    ),
                  ),
                };
              }
            }
            const half = Rational.of(1n, 2n);
            return taking([...equally(parents, half), ...divide(siblings.roots, half, method)], true);
          }
        }
        return taking(equally(parents, Rational.ONE), false);
      }
      case 'descendants_of_parents': {
        const siblings = family.line('descendants_of_parents');
        const blocked = this.collateralProblems(siblings.problems, siblings.roots, heirClass);
        if (blocked) return blocked;
        return taking(divide(siblings.roots, Rational.ONE, method), true);
      }
      case 'parents_with_descendants_of_parents': {
        const siblings = family.line('descendants_of_parents');
        const blocked = this.collateralProblems(siblings.problems, siblings.roots, heirClass);
        if (blocked) return blocked;
        const parents = family.living('parent');
        const weights = new Map<string, bigint>();
        if (heirClass.double_portion_to_lone_parent && parents.length === 1) weights.set(parents[0].id, 2n);
        return taking(divide([...parents.map(leaf), ...siblings.roots], Rational.ONE, method, weights), true);
      }
      case 'grandparents':
      case 'descendants_of_grandparents':
      case 'grandparents_else_descendants_of_grandparents':
      case 'grandparents_with_descendants_of_grandparents': {
        const aunts = family.line('descendants_of_grandparents');
        const usesAunts = heirClass.group !== 'grandparents';
        const usesGrandparents = heirClass.group !== 'descendants_of_grandparents';
        if (usesAunts) {
          const blocked = this.collateralProblems(aunts.problems, aunts.roots, heirClass);
          if (blocked) return blocked;
        }
        const grandparents = usesGrandparents ? family.living('grandparent') : [];
        const auntRoots = usesAunts ? aunts.roots.filter(takesOrPassesOn) : [];
        if (grandparents.length === 0 && auntRoots.length === 0) return 'nobody';

        /** The allocations of one side's (or the whole class's) kin, or none when it has no taker. */
        const sideTakers = (sideGrandparents: FamilyPerson[], sideAunts: LineNode[], share: Rational): Allocation[] | Unresolved[] => {
          switch (heirClass.group) {
            case 'grandparents':
              return sideGrandparents.length === 0 ? [] : equally(sideGrandparents, share);
            case 'descendants_of_grandparents':
              return divide(sideAunts, share, method);
            case 'grandparents_with_descendants_of_grandparents':
              return divide([...sideGrandparents.map(leaf), ...sideAunts], share, method);
            default:
              if (sideGrandparents.length === 0) return divide(sideAunts, share, method);
              if (heirClass.lone_ancestor_shares_half !== null && sideGrandparents.length === 1 && sideAunts.length > 0) {
                if (heirClass.lone_ancestor_shares_half === 'own_descendants') {
                  return sideAunts.map((aunt) =>
                    unresolvedOf(
                      `${this.rules.name} gives a dead grandparent's share to that grandparent's own descendants; the persons do not say whether ${aunt.person.name} descends from both grandparents`,
                      'kinship',
                      aunt.person.id,
                    ),
                  );
                }
                const half = share.times(Rational.of(1n, 2n));
                return [...equally(sideGrandparents, half), ...divide(sideAunts, half, method)];
              }
              return equally(sideGrandparents, share);
          }
        };
        const isUnresolved = (value: Allocation[] | Unresolved[]): value is Unresolved[] => value.length > 0 && 'message' in value[0];
        const usedRepresentation = usesAunts;

        if (!heirClass.by_side) {
          const result = sideTakers(grandparents, auntRoots, Rational.ONE);
          return isUnresolved(result) ? { unresolved: result } : taking(result, usedRepresentation);
        }
        const sides = this.sidesOf(grandparents, auntRoots);
        if ('unresolved' in sides) return sides;
        const halves = SIDES.map((side) => ({
          side,
          grandparents: grandparents.filter((person) => sides.of.get(person.id) === side),
          aunts: auntRoots.filter((node) => sides.of.get(node.person.id) === side),
        })).filter((half) => half.grandparents.length > 0 || half.aunts.length > 0);
        const share = Rational.of(1n, BigInt(halves.length || 1));
        const allocations: Allocation[] = [];
        for (const half of halves) {
          const result = sideTakers(half.grandparents, half.aunts, share);
          if (isUnresolved(result)) return { unresolved: result };
          allocations.push(...result);
        }
        return taking(allocations, usedRepresentation);
      }
    }
  }

  /** Broken links in a collateral line, and half-blood kin where the state halves their shares: both stop the class. */
  private collateralProblems(problems: Unresolved[], roots: LineNode[], heirClass: Extract<HeirClass, { kind: 'kin' }>): Outcome | null {
    if (problems.length > 0) return { unresolved: problems };
    if (heirClass.half_blood_takes_half) {
      const halfBlood = roots.filter((root) => root.person.kinship === 'half_sibling' && takesOrPassesOn(root));
      if (halfBlood.length > 0) {
        return {
          unresolved: halfBlood.map((root) =>
            unresolvedOf(
              `${this.rules.name} gives half-blood relatives half the share of whole-blood ones, which the rule language does not divide; ${root.person.name} is a half sibling`,
              'kinship',
              root.person.id,
            ),
          ),
        };
      }
    }
    return null;
  }

  /** The side of each grandparent and each aunt's or uncle's line (from the aunt or uncle, else their children). */
  private sidesOf(grandparents: FamilyPerson[], aunts: LineNode[]): { of: Map<string, Side> } | { unresolved: Unresolved[] } {
    const of = new Map<string, Side>();
    const missing: Unresolved[] = [];
    const message = (person: FamilyPerson) =>
      `${this.rules.name} divides this class between the paternal and the maternal side, and ${person.name}'s side is not recorded`;
    for (const person of grandparents) {
      if (person.side) of.set(person.id, person.side);
      else missing.push(unresolvedOf(message(person), 'side', person.id));
    }
    for (const aunt of aunts) {
      const childSides = new Set(aunt.children.map((child) => child.person.side).filter((side): side is Side => side !== null));
      const side = aunt.person.side ?? (childSides.size === 1 ? [...childSides][0] : null);
      if (side) of.set(aunt.person.id, side);
      else missing.push(unresolvedOf(message(aunt.person), 'side', aunt.person.id));
    }
    return missing.length > 0 ? { unresolved: missing } : { of };
  }

  // -- the answer ---------------------------------------------------------------------------------------------------

  private use(citation: string | null, verified: boolean, note: string | null): void {
    if (citation && !this.citations.includes(citation)) this.citations.push(citation);
    if (note && !this.notes.includes(note)) this.notes.push(note);
    this.verified &&= verified;
  }

  private finish(heirs: Heir[], escheat: boolean): HeirshipAnswer {
    return {
      state: this.rules.code,
      rule_source: this.rules.rule_source,
      representation: this.rules.representation.methods.length === 1 ? this.rules.representation.methods[0] : null,
      heirs,
      unresolved: [],
      escheat,
      verified: this.verified,
      citations: [...this.citations],
      notes: [...this.notes],
    };
  }

  private unresolvedAnswer(unresolved: Unresolved[]): HeirshipAnswer {
    return { ...this.finish([], false), unresolved: dedupe(unresolved), verified: false };
  }
}

/**
 * Exact shares in cents → whole cents that add up to the estate: each rounded half away from zero, and the cents left
 * over (or taken back) go to the first heir in order, then the next, never below zero (contract-extensions §17.3).
 */
export function inExactCents(exact: readonly Rational[], estateCents: bigint): bigint[] {
  const cents = exact.map((share) => share.roundHalfAwayFromZero());
  if (cents.length === 0) return cents;
  let leftover = estateCents - cents.reduce((sum, value) => sum + value, 0n);
  if (leftover >= 0n) {
    cents[0] += leftover;
    return cents;
  }
  for (let index = 0; index < cents.length && leftover < 0n; index += 1) {
    const taken = cents[index] < -leftover ? cents[index] : -leftover;
    cents[index] -= taken;
    leftover += taken;
  }
  return cents;
}

function collectOneOf(classes: readonly HeirClass[], into: HeirClass[] = []): HeirClass[] {
  for (const heirClass of classes) {
    if (heirClass.kind === 'one_of') into.push(heirClass);
    if (heirClass.kind === 'when') collectOneOf([heirClass.then], into);
  }
  return into;
}

/** Every assignment of the open atoms, the decided ones fixed. */
function* assignmentsOf(
  fixed: ReadonlyMap<string, boolean | number>,
  open: readonly { key: string; values: (boolean | number)[] }[],
  index = 0,
  current: Map<string, boolean | number> = new Map(fixed),
): Generator<Map<string, boolean | number>> {
  if (index === open.length) {
    yield new Map(current);
    return;
  }
  for (const value of open[index].values) {
    current.set(open[index].key, value);
    yield* assignmentsOf(fixed, open, index + 1, current);
  }
  current.delete(open[index].key);
}

/** The values of a count worth trying: each number a condition names, one more, and zero. */
function countCandidates(cases: readonly SpouseCase[], count: string): number[] {
  const named = new Set<number>([0]);
  const visit = (condition: SpouseCase['when']): void => {
    if (condition.kind === 'count' && condition.count === count) {
      named.add(condition.value);
      named.add(condition.value + 1);
    } else if (condition.kind === 'not') visit(condition.of);
    else if (condition.kind === 'and' || condition.kind === 'or') condition.of.forEach(visit);
  };
  cases.forEach((spouseCase) => visit(spouseCase.when));
  return [...named].sort((a, b) => a - b);
}

function distributionKey(distribution: Distribution): string {
  const shares = distribution.allocations
    .map((allocation) => `${allocation.person.id}=${allocation.share.toString()}`)
    .sort()
    .join(',');
  return `${distribution.escheat}|${shares}`;
}

function dedupe(items: readonly Unresolved[]): Unresolved[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = `${item.person_id}|${item.field}|${item.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
