/** Heirship (contract-extensions §17.3): the rule language, the compiled rules' reader and the interpreter. */
export { Rational } from './rational';
export { KINSHIPS, SIDES, type FamilyPerson, type Kinship, type Side, type Unresolved } from './family';
export {
  readIntestacyRules,
  rulesOf,
  REPRESENTATION_METHODS,
  type IntestacyRules,
  type RepresentationMethod,
  type StateRules,
} from './rule-language';
export { computeHeirship, inExactCents, type Heir, type HeirshipAnswer, type HeirshipInput, type PropertyKind } from './heirship';
