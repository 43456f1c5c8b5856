/**
 * The heirship rule language (docs/heirship-rules.md): a state's intestacy statute as data. Every state is the same
 * three parts — the surviving spouse's share (a list of cases, each a condition over the family and a share), the
 * representation rule that divides a share among a line of descendants, and the order of the other heirs — and one
 * interpreter (heirship.ts) reads them all. `scripts/reference/compile-intestacy.js` writes the rules from the research
 * file; this module only names their shapes and checks a file against them.
 */
import { Rational } from './rational';

export const REPRESENTATION_METHODS = ['per_stirpes', 'modern_per_stirpes', 'per_capita_at_each_generation', 'per_capita'] as const;
export type RepresentationMethod = (typeof REPRESENTATION_METHODS)[number];

/** Facts the family decides (true or false), or leaves open when the persons do not tell. */
export const FAMILY_FACTS = [
  'spouse',
  'descendants',
  'parents',
  'siblings',
  'descendants_of_parents',
  'all_descendants_of_spouse',
  'some_descendants_of_spouse',
  'spouse_has_other_descendants',
  'all_child_lines_of_spouse',
  'some_child_lines_of_spouse',
  'minor_child',
  'married_at_least_3_years',
  'other_relatives',
] as const;
export type FamilyFact = (typeof FAMILY_FACTS)[number];

/** The numbers the family decides; `child_lines` counts the children who survive or left a surviving descendant. */
export const FAMILY_COUNTS = ['child_lines'] as const;
export type FamilyCount = (typeof FAMILY_COUNTS)[number];

export type Condition =
  | { kind: 'always' }
  | { kind: 'fact'; fact: FamilyFact }
  | { kind: 'count'; count: FamilyCount; op: '=' | '>='; value: number }
  | { kind: 'not'; of: Condition }
  | { kind: 'and'; of: Condition[] }
  | { kind: 'or'; of: Condition[] };

/** A published inflation-adjusted figure for an indexed dollar amount. */
export interface AdjustedAmount {
  year: number;
  dollars: number;
  source_url: string | null;
  confidence: 'statute' | 'secondary';
}

export type Amount =
  | { kind: 'dollars'; dollars: number; indexed: { adjusted: AdjustedAmount[] } | null }
  | { kind: 'part_of_estate'; fraction: string; at_least_dollars: number | null; at_most_dollars: number | null };

export type Share =
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'fraction'; fraction: string }
  /** `first N plus F of the balance`: the spouse's money is a dollar amount, so no heir's share is a plain fraction. */
  | { kind: 'first_plus'; first: Amount; fraction: string }
  /** An equal share with each child line, the spouse counted as one more child. */
  | { kind: 'child_share' }
  | { kind: 'greater_of'; of: Share[] }
  /** A share the language cannot state from the persons and one estate value (a life estate, dower, a land/personal split). */
  | { kind: 'not_computable'; reason: string };

export const KIN_GROUPS = [
  'parents',
  'descendants_of_parents',
  'parents_with_descendants_of_parents',
  'grandparents',
  'descendants_of_grandparents',
  'grandparents_else_descendants_of_grandparents',
  'grandparents_with_descendants_of_grandparents',
] as const;
export type KinGroup = (typeof KIN_GROUPS)[number];

/** One class of the order of heirs after the spouse and the descendants. */
export type HeirClass =
  | {
      kind: 'kin';
      group: KinGroup;
      /** Half to the paternal side, half to the maternal; a side without a taker gives its half to the other. */
      by_side: boolean;
      /** Overrides the state's representation method inside this class. */
      method: RepresentationMethod | null;
      /** A surviving parent takes a double portion when the other parent is dead (Illinois). */
      double_portion_to_lone_parent: boolean;
      /**
       * One surviving ancestor of a pair shares half with the descendants (Texas, Colorado); `own_descendants` only
       * with the dead ancestor's own descendants, which the persons cannot tell apart from half-blood kin.
       */
      lone_ancestor_shares_half: 'any_descendants' | 'own_descendants' | null;
      /** Half-blood relatives take half as much as whole-blood ones. */
      half_blood_takes_half: boolean;
    }
  | { kind: 'one_of'; of: { text: string; class: HeirClass }[] }
  | { kind: 'when'; condition: Condition; then: HeirClass; otherwise: string }
  /** Already provided for: by the spouse's share, the descendants, or the class before it (`above`). */
  | { kind: 'provided'; by: 'spouse' | 'descendants' | 'above' }
  /** Remoter kindred the kinships cannot place (next of kin by degree, great-grandparents, a predeceased spouse's kin). */
  | { kind: 'remoter_kindred'; description: string }
  /** The classes of an incomplete order that the research did not capture. */
  | { kind: 'not_captured'; description: string }
  | { kind: 'state' };

export type PropertyScope = 'all' | 'separate_property' | 'community_property' | 'real_property' | 'personal_property';

export interface SpouseCase {
  applies_to: PropertyScope;
  when: Condition;
  share: Share;
  /** The research file's words, kept beside their translation. */
  source: { when: string; share: string };
  citation: string;
  source_url: string | null;
  verified: boolean;
  note: string | null;
}

export interface RepresentationRule {
  /** One method when the statute's definition was read; otherwise every method its words allow. */
  methods: RepresentationMethod[];
  statutory_term: string | null;
  citation: string | null;
  source_url: string | null;
  verified: boolean;
  note: string | null;
}

export interface OrderRule {
  classes: HeirClass[];
  source: string[];
  complete: boolean;
  citation: string | null;
  source_url: string | null;
  verified: boolean;
  note: string | null;
}

export interface StateRules {
  code: string;
  name: string;
  rule_source: 'state' | 'upc_default';
  community_property: boolean;
  /** Set when the state's succession cannot be put in this language at all (Louisiana's Civil Code). */
  unsupported: string | null;
  spouse_cases: SpouseCase[];
  representation: RepresentationRule;
  order: OrderRule;
}

export interface IntestacyRules {
  compiled: string;
  states: StateRules[];
  upc_default: StateRules;
}

/** The rules of one state (`FL`), or `undefined`; `UPC` names the Uniform Probate Code baseline. */
export function rulesOf(rules: IntestacyRules, code: string): StateRules | undefined {
  const wanted = code.toUpperCase();
  return wanted === 'UPC' ? rules.upc_default : rules.states.find((state) => state.code === wanted);
}

// ---------------------------------------------------------------------------------------------------------------
// Reading a rules file: the compiled JSON is checked against these shapes, so a hand edit cannot slip a rule past the
// interpreter that it would then misread.

type Json = unknown;

class RuleShapeError extends Error {}

function fail(path: string, problem: string): never {
  throw new RuleShapeError(`intestacy rules ${path}: ${problem}`);
}

function objectAt(value: Json, path: string): Record<string, Json> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'is not an object');
  return value as Record<string, Json>;
}

function arrayAt(value: Json, path: string): Json[] {
  if (!Array.isArray(value)) fail(path, 'is not an array');
  return value;
}

function stringAt(value: Json, path: string): string {
  if (typeof value !== 'string' || value.length === 0) fail(path, 'is not a non-empty string');
  return value;
}

function optionalString(value: Json, path: string): string | null {
  return value === null || value === undefined ? null : stringAt(value, path);
}

function booleanAt(value: Json, path: string): boolean {
  if (typeof value !== 'boolean') fail(path, 'is not a boolean');
  return value;
}

function wholeNumberAt(value: Json, path: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) fail(path, 'is not a whole number');
  return value;
}

function oneOf<T extends string>(value: Json, allowed: readonly T[], path: string): T {
  if (typeof value !== 'string' || !allowed.includes(value as T)) fail(path, `is not one of ${allowed.join(', ')}`);
  return value as T;
}

function fractionAt(value: Json, path: string): string {
  const text = stringAt(value, path);
  let fraction: Rational;
  try {
    fraction = Rational.parse(text);
  } catch {
    fail(path, `is not a fraction: ${text}`);
  }
  if (fraction.isNegative() || fraction.compare(Rational.ONE) > 0) fail(path, `is not between 0 and 1: ${text}`);
  return text;
}

export function conditionOf(value: Json, path: string): Condition {
  const node = objectAt(value, path);
  switch (node.kind) {
    case 'always':
      return { kind: 'always' };
    case 'fact':
      return { kind: 'fact', fact: oneOf(node.fact, FAMILY_FACTS, `${path}.fact`) };
    case 'count':
      return {
        kind: 'count',
        count: oneOf(node.count, FAMILY_COUNTS, `${path}.count`),
        op: oneOf(node.op, ['=', '>='] as const, `${path}.op`),
        value: wholeNumberAt(node.value, `${path}.value`),
      };
    case 'not':
      return { kind: 'not', of: conditionOf(node.of, `${path}.of`) };
    case 'and':
    case 'or': {
      const parts = arrayAt(node.of, `${path}.of`).map((part, index) => conditionOf(part, `${path}.of[${index}]`));
      if (parts.length < 2) fail(path, `${node.kind} needs two or more parts`);
      return { kind: node.kind, of: parts };
    }
    default:
      return fail(path, `unknown condition kind ${String(node.kind)}`);
  }
}

function amountOf(value: Json, path: string): Amount {
  const node = objectAt(value, path);
  if (node.kind === 'dollars') {
    const indexed =
      node.indexed === null
        ? null
        : {
            adjusted: arrayAt(objectAt(node.indexed, `${path}.indexed`).adjusted, `${path}.indexed.adjusted`).map((entry, index) => {
              const figure = objectAt(entry, `${path}.indexed.adjusted[${index}]`);
              return {
                year: wholeNumberAt(figure.year, `${path}.indexed.adjusted[${index}].year`),
                dollars: wholeNumberAt(figure.dollars, `${path}.indexed.adjusted[${index}].dollars`),
                source_url: optionalString(figure.source_url, `${path}.indexed.adjusted[${index}].source_url`),
                confidence: oneOf(figure.confidence, ['statute', 'secondary'] as const, `${path}.indexed.adjusted[${index}].confidence`),
              };
            }),
          };
    return { kind: 'dollars', dollars: wholeNumberAt(node.dollars, `${path}.dollars`), indexed };
  }
  if (node.kind === 'part_of_estate') {
    return {
      kind: 'part_of_estate',
      fraction: fractionAt(node.fraction, `${path}.fraction`),
      at_least_dollars: node.at_least_dollars === null ? null : wholeNumberAt(node.at_least_dollars, `${path}.at_least_dollars`),
      at_most_dollars: node.at_most_dollars === null ? null : wholeNumberAt(node.at_most_dollars, `${path}.at_most_dollars`),
    };
  }
  return fail(path, `unknown amount kind ${String(node.kind)}`);
}

export function shareOf(value: Json, path: string): Share {
  const node = objectAt(value, path);
  switch (node.kind) {
    case 'all':
    case 'none':
    case 'child_share':
      return { kind: node.kind };
    case 'fraction':
      return { kind: 'fraction', fraction: fractionAt(node.fraction, `${path}.fraction`) };
    case 'first_plus':
      return { kind: 'first_plus', first: amountOf(node.first, `${path}.first`), fraction: fractionAt(node.fraction, `${path}.fraction`) };
    case 'greater_of': {
      const options = arrayAt(node.of, `${path}.of`).map((option, index) => shareOf(option, `${path}.of[${index}]`));
      if (options.length < 2 || options.some((option) => option.kind !== 'fraction' && option.kind !== 'child_share')) {
        fail(path, 'greater_of compares two or more plain fractions or child shares');
      }
      return { kind: 'greater_of', of: options };
    }
    case 'not_computable':
      return { kind: 'not_computable', reason: stringAt(node.reason, `${path}.reason`) };
    default:
      return fail(path, `unknown share kind ${String(node.kind)}`);
  }
}

export function heirClassOf(value: Json, path: string): HeirClass {
  const node = objectAt(value, path);
  switch (node.kind) {
    case 'kin': {
      const group = oneOf(node.group, KIN_GROUPS, `${path}.group`);
      const doublePortion = booleanAt(node.double_portion_to_lone_parent, `${path}.double_portion_to_lone_parent`);
      const method = node.method === null ? null : oneOf(node.method, REPRESENTATION_METHODS, `${path}.method`);
      if (doublePortion && group !== 'parents_with_descendants_of_parents') fail(path, 'a double portion is given only among parents and siblings');
      return {
        kind: 'kin',
        group,
        by_side: booleanAt(node.by_side, `${path}.by_side`),
        method,
        double_portion_to_lone_parent: doublePortion,
        lone_ancestor_shares_half:
          node.lone_ancestor_shares_half === null
            ? null
            : oneOf(node.lone_ancestor_shares_half, ['any_descendants', 'own_descendants'] as const, `${path}.lone_ancestor_shares_half`),
        half_blood_takes_half: booleanAt(node.half_blood_takes_half, `${path}.half_blood_takes_half`),
      };
    }
    case 'one_of': {
      const alternatives = arrayAt(node.of, `${path}.of`).map((entry, index) => {
        const alternative = objectAt(entry, `${path}.of[${index}]`);
        return { text: stringAt(alternative.text, `${path}.of[${index}].text`), class: heirClassOf(alternative.class, `${path}.of[${index}].class`) };
      });
      if (alternatives.length < 2) fail(path, 'one_of needs two or more readings');
      if (alternatives.some((alternative) => alternative.class.kind === 'one_of')) fail(path, 'one_of cannot nest');
      return { kind: 'one_of', of: alternatives };
    }
    case 'when':
      return {
        kind: 'when',
        condition: conditionOf(node.condition, `${path}.condition`),
        then: heirClassOf(node.then, `${path}.then`),
        otherwise: stringAt(node.otherwise, `${path}.otherwise`),
      };
    case 'provided':
      return { kind: 'provided', by: oneOf(node.by, ['spouse', 'descendants', 'above'] as const, `${path}.by`) };
    case 'remoter_kindred':
      return { kind: 'remoter_kindred', description: stringAt(node.description, `${path}.description`) };
    case 'not_captured':
      return { kind: 'not_captured', description: stringAt(node.description, `${path}.description`) };
    case 'state':
      return { kind: 'state' };
    default:
      return fail(path, `unknown class kind ${String(node.kind)}`);
  }
}

function stateRulesOf(value: Json, path: string): StateRules {
  const node = objectAt(value, path);
  const representation = objectAt(node.representation, `${path}.representation`);
  const order = objectAt(node.order, `${path}.order`);
  const methods = arrayAt(representation.methods, `${path}.representation.methods`).map((method, index) =>
    oneOf(method, REPRESENTATION_METHODS, `${path}.representation.methods[${index}]`),
  );
  const unsupported = optionalString(node.unsupported, `${path}.unsupported`);
  if (methods.length === 0 && unsupported === null) fail(`${path}.representation.methods`, 'names no method');
  return {
    code: stringAt(node.code, `${path}.code`),
    name: stringAt(node.name, `${path}.name`),
    rule_source: oneOf(node.rule_source, ['state', 'upc_default'] as const, `${path}.rule_source`),
    community_property: booleanAt(node.community_property, `${path}.community_property`),
    unsupported,
    spouse_cases: arrayAt(node.spouse_cases, `${path}.spouse_cases`).map((entry, index) => {
      const at = `${path}.spouse_cases[${index}]`;
      const spouseCase = objectAt(entry, at);
      const source = objectAt(spouseCase.source, `${at}.source`);
      return {
        applies_to: oneOf(
          spouseCase.applies_to,
          ['all', 'separate_property', 'community_property', 'real_property', 'personal_property'] as const,
          `${at}.applies_to`,
        ),
        when: conditionOf(spouseCase.when, `${at}.when`),
        share: shareOf(spouseCase.share, `${at}.share`),
        source: { when: stringAt(source.when, `${at}.source.when`), share: stringAt(source.share, `${at}.source.share`) },
        citation: stringAt(spouseCase.citation, `${at}.citation`),
        source_url: optionalString(spouseCase.source_url, `${at}.source_url`),
        verified: booleanAt(spouseCase.verified, `${at}.verified`),
        note: optionalString(spouseCase.note, `${at}.note`),
      };
    }),
    representation: {
      methods,
      statutory_term: optionalString(representation.statutory_term, `${path}.representation.statutory_term`),
      citation: optionalString(representation.citation, `${path}.representation.citation`),
      source_url: optionalString(representation.source_url, `${path}.representation.source_url`),
      verified: booleanAt(representation.verified, `${path}.representation.verified`),
      note: optionalString(representation.note, `${path}.representation.note`),
    },
    order: {
      classes: arrayAt(order.classes, `${path}.order.classes`).map((entry, index) => heirClassOf(entry, `${path}.order.classes[${index}]`)),
      source: arrayAt(order.source, `${path}.order.source`).map((entry, index) => stringAt(entry, `${path}.order.source[${index}]`)),
      complete: booleanAt(order.complete, `${path}.order.complete`),
      citation: optionalString(order.citation, `${path}.order.citation`),
      source_url: optionalString(order.source_url, `${path}.order.source_url`),
      verified: booleanAt(order.verified, `${path}.order.verified`),
      note: optionalString(order.note, `${path}.order.note`),
    },
  };
}

/** Checks a compiled rules file (`intestacy-rules.json`, already parsed) and returns it typed; throws on any misfit. */
export function readIntestacyRules(value: Json): IntestacyRules {
  const root = objectAt(value, '(root)');
  const states = arrayAt(root.states, 'states').map((state, index) => stateRulesOf(state, `states[${index}]`));
  const codes = new Set(states.map((state) => state.code));
  if (codes.size !== states.length) fail('states', 'names a state twice');
  return { compiled: stringAt(root.compiled, 'compiled'), states, upc_default: stateRulesOf(root.upc_default, 'upc_default') };
}
