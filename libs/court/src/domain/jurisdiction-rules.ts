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
}

export interface StateRules {
  code: string;
  name: string;
  fips: string;
  follows_upc: boolean;
  counties_shipped: boolean;
  probate_types: string[] | null;
  court_name_pattern: string | null;
  small_estate_thresholds: Array<{ amount: number; effective_from: string | null; effective_to: string | null; citation: string }> | null;
  inventory_due: PeriodRule | null;
  creditor_claim_period: PeriodRule | null;
  creditor_claim_outside_limit: PeriodRule | null;
  sources: Array<{ citation: string; url: string }>;
  last_reviewed: string | null;
}

export interface JurisdictionRules {
  version: string;
  upc_defaults: Record<StateRuleName, PeriodRule>;
  deadline_templates: DeadlineTemplate[];
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
