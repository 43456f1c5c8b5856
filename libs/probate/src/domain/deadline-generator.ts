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
  const applies = stateRule && (!template.state_rule_from || stateRule.from === template.state_rule_from);
  return applies ? stateRule : rules.upc_defaults[name];
}

/** `{period}` in a template's title or description: the rule's period in words (`4 months`, `90 days`). */
function withPeriod(text: string, rule: DeadlineRule): string {
  if (!('unit' in rule)) return text;
  const unit = rule.amount === 1 ? rule.unit.slice(0, -1) : rule.unit;
  return text.replace(/\{period\}/g, `${rule.amount} ${unit}`);
}

/**
 * What a reader of the deadline must know about its rule: a date from the Uniform Probate Code's default rather than
 * from the state's own law, and a value taken from a summary of the law rather than its text. Said in the description,
 * where a calendar shows it too; `rule.source` says the first to a program.
 */
function cautionsOf(rule: DeadlineRule, rules: JurisdictionRules, state: string | null | undefined): string[] {
  const cautions: string[] = [];
  if (rule.source === 'upc_default') {
    const name = state ? rules.states.find((entry) => entry.code === state)?.name : undefined;
    cautions.push(
      name
        ? `This date follows the Uniform Probate Code's default rule, not a rule of ${name}'s own law: check ${name}'s law before relying on it.`
        : "No state was given: this date follows the Uniform Probate Code's default rule.",
    );
  }
  if (!rule.verified) cautions.push(`The period comes from a published summary of ${rule.citation}, not from its text: check it before relying on it.`);
  return cautions;
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
      title: withPeriod(template.title, rule),
      description: [`${withPeriod(template.description, rule)} Rule: ${rule.citation}.`, ...cautionsOf(rule, rules, dates.state)].join(' '),
      dueDate: rollToBusinessDay(computed),
      rule: { key: template.key, citation: rule.citation, source: rule.source, from: rule.from, from_date: from, computed_date: computed },
    });
  }
  return generated;
}

export function isKnownState(rules: JurisdictionRules, code: string): boolean {
  return rules.states.some((state) => state.code === code);
}
