import type { DeadlineType } from './probate-vocabulary';

/**
 * The shape of the committed jurisdiction file (`libs/court/reference-data/us-probate.json`, contract-extensions
 * §10.4). Its JSON Schema (`us-probate.schema.json`) is the authority; these types mirror it for the code that reads
 * the file once it has been validated.
 */
export type RuleEvent = 'date_of_death' | 'appointment' | 'letters_issued' | 'qualification' | 'first_publication';
export type RuleSource = 'state' | 'upc_default' | 'federal';

/** `{amount, unit, from, citation, source, verified}` of §10.4: a period counted from an event of the estate. */
export interface PeriodRule {
  amount: number;
  unit: 'days' | 'months';
  from: RuleEvent;
  citation: string;
  source: RuleSource;
  /** `false` when the value comes from a reputable summary of the citation rather than its checked text. */
  verified: boolean;
}

/** A fixed day of a later year (April 15 of the year after death). */
export interface AnnualRule {
  month: number;
  day: number;
  years_after: number;
  from: RuleEvent;
  citation: string;
  source: RuleSource;
  verified: boolean;
}

export type DeadlineRule = PeriodRule | AnnualRule;

export type StateRuleName = 'inventory_due' | 'creditor_claim_period' | 'creditor_claim_outside_limit';

/** One deadline the generator makes: its rule inline, or named in the UPC defaults or the state's rules. */
export interface DeadlineTemplate {
  key: string;
  type: DeadlineType;
  title: string;
  description: string;
  rule?: DeadlineRule;
  /**
   * `state_or_upc_defaults`: the state's rule when the file records one — counted from its own `from` — else the
   * Uniform Probate Code's.
   */
  rule_from?: 'upc_defaults' | 'state_or_upc_defaults';
  rule_name?: StateRuleName;
  /** `federal_estate_tax_return`: made only when the return is due or elects portability (the gross estate decides). */
  condition?: 'federal_estate_tax_return';
}

/** `{amount, effective_from, effective_to}`: the entry whose dates contain the date of death applies. */
export interface DatedAmount {
  amount: number | null;
  effective_from: string | null;
  effective_to: string | null;
  citation: string;
  verified: boolean;
}

/** A state's estate tax: the exemption by date of death and when the return is due. */
export interface EstateTax {
  exemptions: Array<DatedAmount & { amount_rule: string | null; notes: string | null }>;
  return_due: PeriodRule | null;
  form: string | null;
  notes: string | null;
}

/** A class of beneficiaries of an inheritance tax, with the kinships (contract-extensions §17.3) it holds. */
export interface InheritanceTaxClass {
  class: string;
  who: string;
  rate: string;
  exemption: string | null;
  /** Whether a transfer to this class is wholly exempt. */
  exempt: boolean;
  kinships: string[];
  verified: boolean;
  notes: string | null;
}

export interface InheritanceTax {
  classes: InheritanceTaxClass[];
  return_due: PeriodRule | null;
  early_payment_discount: { percent: number; within: { amount: number; unit: 'days' | 'months' | 'years'; from: RuleEvent }; citation: string; verified: boolean } | null;
  citation: string;
  verified: boolean;
  notes: string | null;
}

export interface DeathTaxes {
  estate_tax: EstateTax | null;
  inheritance_tax: InheritanceTax | null;
  notes: string | null;
}

interface CitedRule {
  citation: string | null;
  verified: boolean;
  notes: string | null;
}

/** The state's intestate succession as researched (the heirship rules are compiled from the same research). */
export interface Intestacy {
  follows_upc_article_ii: boolean;
  community_property: boolean;
  spouse_share: Array<CitedRule & { when: string; share: string; applies_to: string; disputed: boolean }>;
  representation: CitedRule & { method: string | null; statutory_term: string | null };
  order: CitedRule & { order: string[]; complete: boolean };
  adjusted_amounts: Array<Record<string, number | string | boolean | null>>;
  notes: string | null;
}

/** The federal estate tax values: the basic exclusion by year of death, Form 706 and its extension, portability. */
export interface FederalEstateTax {
  form: string;
  basic_exclusion_amounts: Array<DatedAmount & { year: number; amount: number; notes: string | null }>;
  return_due: PeriodRule;
  return_due_notes: string | null;
  extension: { amount: number; unit: 'days' | 'months'; form: string; automatic: boolean; citation: string; verified: boolean; notes: string | null };
  filing_threshold: { rule: string; citation: string; verified: boolean };
  portability: {
    rule: string;
    citation: string;
    verified: boolean;
    late_election: { within: { amount: number; unit: 'days' | 'months' | 'years'; from: RuleEvent }; rule: string; citation: string; verified: boolean; notes: string | null };
  };
  notes: string | null;
  sources: Array<{ citation: string; url: string }>;
}

export interface StateRules {
  code: string;
  name: string;
  fips: string;
  follows_upc: boolean;
  counties_shipped: boolean;
  probate_types: string[] | null;
  court_name_pattern: string | null;
  small_estate_thresholds: Array<DatedAmount & { amount: number }> | null;
  inventory_due: PeriodRule | null;
  creditor_claim_period: PeriodRule | null;
  creditor_claim_outside_limit: PeriodRule | null;
  death_taxes: DeathTaxes;
  intestacy: Intestacy;
  sources: Array<{ citation: string; url: string }>;
  last_reviewed: string | null;
}

export interface JurisdictionRules {
  version: string;
  upc_defaults: Record<StateRuleName, PeriodRule>;
  deadline_templates: DeadlineTemplate[];
  federal: FederalEstateTax;
  states: StateRules[];
  /** Where every county value comes from (`fields` of the counties of `states`). */
  county_sources: Array<{ states: string[]; fields: string[]; citation: string; url: string }>;
  counties: County[];
}

/** A county of §10.4 with its probate court; a value not yet reviewed is `null`. */
export interface County {
  fips: string;
  state: string;
  name: string;
  court_name: string | null;
  court_address: { address1: string; address2?: string | null; city: string; state: string; zip: string } | null;
  court_phone: string | null;
  court_website: string | null;
}
