import { addDays, addMonths, CalendarDate, fromParts, partsOf } from './calendar-date';
import { rollToBusinessDay } from './federal-holidays';
import { deathTaxDeadlines, federalReturnDecision, type EstateTaxFacts } from './death-tax-deadlines';
import type { GeneratedDeadline, GeneratedDeadlines, SkippedDeadline } from './generated-deadline';
import type { DeadlineRule, DeadlineTemplate, JurisdictionRules, RuleEvent } from './jurisdiction-rules';

export type { DeadlineRuleRef, GeneratedDeadline, GeneratedDeadlines, SkippedDeadline } from './generated-deadline';
export type { EstateTaxFacts } from './death-tax-deadlines';

/** What the estate's dates are: the generator's body (contract §3.2 "Deadline generator"). */
export interface EstateDates {
  dateOfDeath: CalendarDate;
  /** The appointment of the personal representative, who qualifies on it. */
  appointmentDate: CalendarDate;
  /** The day letters were issued to the personal representative; null while not known (its rules wait for it). */
  lettersIssuedDate?: CalendarDate | null;
  firstPublicationDate?: CalendarDate | null;
  /** USPS code; absent, the Uniform Probate Code's rules stand. */
  state?: string | null;
  /**
   * Where the deceased was domiciled, whose taxes at death apply: the body's `state`, else the probate case's, else the
   * deceased's address's (absent: no state's taxes are looked at).
   */
  domicile?: string | null;
}

/** The field of the generator's body that gives each event's date: what a deadline left out needs. */
export const EVENT_DATE_FIELDS: Readonly<Record<RuleEvent, string>> = {
  date_of_death: 'date_of_death',
  appointment: 'appointment_date',
  qualification: 'appointment_date',
  letters_issued: 'letters_issued_date',
  first_publication: 'first_publication_date',
};

/** The event a rule counts from, in words (`{from}` in a template is "after" it). */
const EVENT_NAMES: Readonly<Record<RuleEvent, string>> = {
  date_of_death: "the decedent's death",
  appointment: "the personal representative's appointment",
  qualification: "the personal representative's qualification",
  letters_issued: 'the issue of letters to the personal representative',
  first_publication: 'the first publication of the notice to creditors',
};

/** What to send so that a deadline left out is made. */
const HOW_TO_GIVE: Readonly<Record<string, string>> = {
  letters_issued_date: "send letters_issued_date, or record it on the executor (the executor's letters_issued_date)",
  first_publication_date: 'send first_publication_date once the notice to creditors is published',
};

function eventDate(event: RuleEvent, dates: EstateDates): CalendarDate | null {
  switch (event) {
    case 'date_of_death':
      return dates.dateOfDeath;
    // The body gives one appointment date: the representative qualifies on it.
    case 'appointment':
    case 'qualification':
      return dates.appointmentDate;
    // Letters often issue days or weeks after the order appointing the representative: their own date, or none.
    case 'letters_issued':
      return dates.lettersIssuedDate ?? null;
    case 'first_publication':
      return dates.firstPublicationDate ?? null;
  }
}

function dateOf(rule: DeadlineRule, from: CalendarDate): CalendarDate {
  if ('unit' in rule) return rule.unit === 'days' ? addDays(from, rule.amount) : addMonths(from, rule.amount);
  return fromParts(partsOf(from).year + rule.years_after, rule.month, rule.day);
}

/**
 * The rule of a template: its own, or the state's recorded rule of that name — which counts from its own event (a
 * California claim period from the letters, Prob. Code §9100) — and only where the state records none, the Uniform
 * Probate Code's.
 */
function ruleOf(template: DeadlineTemplate, rules: JurisdictionRules, state: string | null | undefined): DeadlineRule {
  if (template.rule) return template.rule;
  const name = template.rule_name as NonNullable<DeadlineTemplate['rule_name']>;
  const stateRule = template.rule_from === 'state_or_upc_defaults' && state ? rules.states.find((entry) => entry.code === state)?.[name] : null;
  return stateRule ?? rules.upc_defaults[name];
}

/** `{period}` (`4 months`, `90 days`) and `{from}` (the event, in words) in a template's title or description. */
function withPeriod(text: string, rule: DeadlineRule): string {
  const from = text.replace(/\{from\}/g, `after ${EVENT_NAMES[rule.from]}`);
  if (!('unit' in rule)) return from;
  const unit = rule.amount === 1 ? rule.unit.slice(0, -1) : rule.unit;
  return from.replace(/\{period\}/g, `${rule.amount} ${unit}`);
}

function skippedFor(template: DeadlineTemplate, rule: DeadlineRule): SkippedDeadline {
  const needs = EVENT_DATE_FIELDS[rule.from];
  const title = withPeriod(template.title, rule);
  return {
    key: template.key,
    type: template.type,
    title,
    reason: 'start_date_unknown',
    needs,
    rule: { citation: rule.citation, source: rule.source, from: rule.from },
    message: `${title}: ${rule.citation} counts from ${EVENT_NAMES[rule.from]}, whose date is not known yet; ${HOW_TO_GIVE[needs] ?? `send ${needs}`}.`,
  };
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
 * branch here). A template whose rule counts from an event whose date is not known yet (a claim period without a
 * first publication, California's without the letters) is left out and named in `skipped` with the date it needs.
 * Form 706 is made only when due or to elect portability, and the domicile's estate and inheritance tax returns only
 * when the estate owes them (death-tax-deadlines.ts); what is not made is named in `skipped` with why. Every due date
 * on a weekend or federal holiday rolls to the next business day.
 */
export function generateDeadlines(dates: EstateDates, rules: JurisdictionRules, estate: EstateTaxFacts): GeneratedDeadlines {
  const generated: GeneratedDeadline[] = [];
  const skipped: SkippedDeadline[] = [];
  for (const template of rules.deadline_templates) {
    const rule = ruleOf(template, rules, dates.state);
    const from = eventDate(rule.from, dates);
    if (!from) {
      skipped.push(skippedFor(template, rule));
      continue;
    }
    let title = withPeriod(template.title, rule);
    let notes: string[] = [];
    if (template.condition === 'federal_estate_tax_return') {
      const decision = federalReturnDecision(template, dates.dateOfDeath, estate, rules);
      if (!decision.made) {
        skipped.push(decision.skipped);
        continue;
      }
      ({ title, notes } = decision);
    }
    const computed = dateOf(rule, from);
    generated.push({
      key: template.key,
      type: template.type,
      title,
      description: [`${withPeriod(template.description, rule)}`, ...notes, `Rule: ${rule.citation}.`, ...cautionsOf(rule, rules, dates.state)].join(' '),
      dueDate: rollToBusinessDay(computed),
      rule: { key: template.key, citation: rule.citation, source: rule.source, from: rule.from, from_date: from, computed_date: computed },
    });
  }
  const taxes = deathTaxDeadlines(dates.domicile ?? null, dates.dateOfDeath, estate, rules);
  return { deadlines: [...generated, ...taxes.deadlines], skipped: [...skipped, ...taxes.skipped] };
}

export function isKnownState(rules: JurisdictionRules, code: string): boolean {
  return rules.states.some((state) => state.code === code);
}
