import { addDays, addMonths, CalendarDate, fromParts, partsOf } from './calendar-date';
import { rollToBusinessDay } from './federal-holidays';
import type { DeadlineRule, DeadlineTemplate, JurisdictionRules, RuleEvent, RuleSource } from './jurisdiction-rules';
import type { DeadlineType } from './probate-vocabulary';

/** What the estate's dates are: the generator's body (contract §3.2 "Deadline generator"). */
export interface EstateDates {
  dateOfDeath: CalendarDate;
  /** The appointment of the personal representative: letters issued, qualification. */
  appointmentDate: CalendarDate;
  firstPublicationDate?: CalendarDate | null;
  /** USPS code; absent, the Uniform Probate Code's rules stand. */
  state?: string | null;
}

/** Where a generated deadline came from: shown on the deadline as its `rule`. */
export interface DeadlineRuleRef {
  key: string;
  citation: string;
  source: RuleSource;
  /** The date the rule counted from, and which event that was. */
  from: RuleEvent;
  from_date: CalendarDate;
  /** The date the rule gives before a weekend or federal holiday moved it to the next business day. */
  computed_date: CalendarDate;
}

export interface GeneratedDeadline {
  key: string;
  type: DeadlineType;
  title: string;
  description: string;
  dueDate: CalendarDate;
  rule: DeadlineRuleRef;
}

function eventDate(event: RuleEvent, dates: EstateDates): CalendarDate | null {
  switch (event) {
    case 'date_of_death':
      return dates.dateOfDeath;
    // The body gives one appointment date; letters issue and the representative qualifies on it.
    case 'appointment':
    case 'letters_issued':
    case 'qualification':
      return dates.appointmentDate;
    case 'first_publication':
      return dates.firstPublicationDate ?? null;
  }
}

function dateOf(rule: DeadlineRule, from: CalendarDate): CalendarDate {
  if ('unit' in rule) return rule.unit === 'days' ? addDays(from, rule.amount) : addMonths(from, rule.amount);
  return fromParts(partsOf(from).year + rule.years_after, rule.month, rule.day);
}

function ruleOf(template: DeadlineTemplate, rules: JurisdictionRules, state: string | null | undefined): DeadlineRule {
  if (template.rule) return template.rule;
  const name = template.rule_name as NonNullable<DeadlineTemplate['rule_name']>;
  const stateRule = template.rule_from === 'state_or_upc_defaults' && state ? rules.states.find((entry) => entry.code === state)?.[name] : null;
  return stateRule ?? rules.upc_defaults[name];
}

/**
 * The standard deadlines of an estate, every one from the jurisdiction file's templates and rules (no rule is a code
 * branch here). A template whose rule counts from an event the body does not give (a creditor claim period without
 * a first publication) is left out. Every due date on a weekend or federal holiday rolls to the next business day.
 */
export function generateDeadlines(dates: EstateDates, rules: JurisdictionRules): GeneratedDeadline[] {
  const generated: GeneratedDeadline[] = [];
  for (const template of rules.deadline_templates) {
    const rule = ruleOf(template, rules, dates.state);
    const from = eventDate(rule.from, dates);
    if (!from) continue;
    const computed = dateOf(rule, from);
    generated.push({
      key: template.key,
      type: template.type,
      title: template.title,
      description: `${template.description} Rule: ${rule.citation}.`,
      dueDate: rollToBusinessDay(computed),
      rule: { key: template.key, citation: rule.citation, source: rule.source, from: rule.from, from_date: from, computed_date: computed },
    });
  }
  return generated;
}

export function isKnownState(rules: JurisdictionRules, code: string): boolean {
  return rules.states.some((state) => state.code === code);
}
