import { type Cents, centsOf, centsToNumber, centsToText } from '@estate/shared-kernel/domain';
import { addDays, addMonths, type CalendarDate, partsOf } from './calendar-date';
import { rollToBusinessDay } from './federal-holidays';
import type { GeneratedDeadline, SkippedDeadline } from './generated-deadline';
import type { DatedAmount, DeadlineTemplate, InheritanceTax, JurisdictionRules, PeriodRule, StateRules } from './jurisdiction-rules';

/** What decides the returns due at death: the gross estate, who survives, who inherits. */
export interface EstateTaxFacts {
  /** The inventory's gross probate assets plus its non-probate assets, as of the date of death. */
  grossEstate: Cents;
  /** Whether a person of the case with kinship `spouse` survives the deceased (portability, 26 U.S.C. §2010(c)(5)). */
  spouseSurvives: boolean;
  /** The living beneficiaries of the case; `kinship` null when the person does not say it. */
  beneficiaries: ReadonlyArray<{ name: string; kinship: string | null }>;
}

export const DEATH_TAX_KEYS = ['form_706', 'state_estate_tax_return', 'state_inheritance_tax_return', 'state_inheritance_tax_discount'] as const;

/** `15000000.00` → `15,000,000.00`: a figure as a reader of a deadline writes it. */
function dollars(cents: Cents): string {
  const [whole, fraction] = centsToText(cents).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

const amountCents = (amount: number) => centsOf(amount) as Cents;

/** The entry whose dates contain the date of death; the latest to start when several do. */
export function inForceOn<T extends Pick<DatedAmount, 'effective_from' | 'effective_to'>>(entries: readonly T[], date: CalendarDate): T | null {
  const matching = entries.filter((entry) => (entry.effective_from === null || entry.effective_from <= date) && (entry.effective_to === null || date <= entry.effective_to));
  return matching.sort((a, b) => (b.effective_from ?? '').localeCompare(a.effective_from ?? ''))[0] ?? null;
}

function periodAfter(date: CalendarDate, within: { amount: number; unit: 'days' | 'months' | 'years' }): CalendarDate {
  if (within.unit === 'days') return addDays(date, within.amount);
  return addMonths(date, within.unit === 'years' ? within.amount * 12 : within.amount);
}

const periodWords = (within: { amount: number; unit: string }) => `${within.amount} ${within.amount === 1 ? within.unit.slice(0, -1) : within.unit}`;

const summaryCaution = (what: string, citation: string) => `${what} comes from a published summary of ${citation}, not from its text: check it before relying on it.`;

/** A return due a period after death under `rule`, rolled to the next business day. */
function deadlineAfterDeath(
  key: string,
  title: string,
  rule: Pick<PeriodRule, 'citation' | 'source'> & { amount: number; unit: 'days' | 'months' | 'years' },
  dateOfDeath: CalendarDate,
  description: string[],
): GeneratedDeadline {
  const computed = periodAfter(dateOfDeath, rule);
  return {
    key,
    type: 'tax_return',
    title,
    description: description.join(' '),
    dueDate: rollToBusinessDay(computed),
    rule: { key, citation: rule.citation, source: rule.source, from: 'date_of_death', from_date: dateOfDeath, computed_date: computed },
  };
}

function skipped(key: string, title: string, rule: PeriodRule | { citation: string; source: 'state' | 'federal' }, reason: SkippedDeadline['reason'], message: string, figures?: { gross: Cents; threshold: Cents }): SkippedDeadline {
  return {
    key,
    type: 'tax_return',
    title,
    reason,
    needs: null,
    rule: { citation: rule.citation, source: rule.source as PeriodRule['source'], from: 'date_of_death' },
    ...(figures ? { gross_estate: centsToNumber(figures.gross), threshold: centsToNumber(figures.threshold) } : {}),
    message: `${title}: ${message}`,
  };
}

/**
 * Whether Form 706 is made, and what its deadline says (26 U.S.C. §6018): due when the gross estate reaches the basic
 * exclusion amount of the year of death; otherwise made only to elect portability for a surviving spouse (its title
 * says so); otherwise left out, named with the gross estate and the exclusion. A year whose exclusion the file does not
 * record makes the return with a caution rather than drop a federal deadline on a guess.
 */
export function federalReturnDecision(
  template: DeadlineTemplate,
  dateOfDeath: CalendarDate,
  estate: EstateTaxFacts,
  rules: JurisdictionRules,
): { made: true; title: string; notes: string[] } | { made: false; skipped: SkippedDeadline } {
  const federal = rules.federal;
  const year = partsOf(dateOfDeath).year;
  const exclusion = inForceOn(federal.basic_exclusion_amounts, dateOfDeath);
  const gross = `the gross estate at the date of death, ${dollars(estate.grossEstate)},`;
  if (!exclusion) {
    return { made: true, title: template.title, notes: [`The basic exclusion amount for deaths in ${year} is not recorded: check whether ${gross} reaches it before relying on this deadline.`] };
  }
  const threshold = amountCents(exclusion.amount);
  const exclusionWords = `the basic exclusion amount for deaths in ${year}, ${dollars(threshold)} (${exclusion.citation})`;
  const exclusionCaution = exclusion.verified ? [] : [summaryCaution('The exclusion amount', exclusion.citation)];
  if (estate.grossEstate >= threshold) {
    return { made: true, title: template.title, notes: [`The return is due because ${gross} is at least ${exclusionWords}.`, ...exclusionCaution] };
  }
  if (estate.spouseSurvives) {
    const late = federal.portability.late_election;
    return {
      made: true,
      title: `${template.title}, electing portability for the surviving spouse`,
      notes: [
        `No tax return is required (${gross} is below ${exclusionWords}), but a spouse survives: this return elects portability of the deceased spouse's unused exclusion amount to the survivor (${federal.portability.citation}).`,
        `${late.citation} allows the election up to ${periodWords(late.within)} after death (by ${periodAfter(dateOfDeath, late.within)}); the due date stays ${periodWords(federal.return_due)} after death.`,
        ...(late.verified ? [] : [summaryCaution('The late-election period', late.citation)]),
      ],
    };
  }
  return {
    made: false,
    skipped: skipped(
      template.key,
      template.title,
      federal.return_due,
      'below_exclusion',
      `not required: ${gross} is below ${exclusionWords}, and no surviving spouse (a person of the case with kinship spouse) elects portability.`,
      { gross: estate.grossEstate, threshold },
    ),
  };
}

function stateEstateTax(state: StateRules, dateOfDeath: CalendarDate, estate: EstateTaxFacts): { deadlines: GeneratedDeadline[]; skipped: SkippedDeadline[] } {
  const tax = state.death_taxes.estate_tax;
  if (!tax) return { deadlines: [], skipped: [] };
  const key = 'state_estate_tax_return';
  const title = `${state.name} estate tax return`;
  const exemption = inForceOn(tax.exemptions, dateOfDeath);
  const rule = tax.return_due;
  if (!rule) {
    const citation = exemption?.citation ?? tax.exemptions[0].citation;
    return { deadlines: [], skipped: [skipped(key, title, { citation, source: 'state' }, 'due_date_not_recorded', `${state.name} taxes estates, but when its return is due is not recorded; check ${citation}.`)] };
  }
  const form = tax.form ? ` Form: ${tax.form}.` : '';
  const due = `The ${state.name} estate tax return is due ${periodWords(rule)} after the decedent's death.${form}`;
  const gross = `the gross estate at the date of death, ${dollars(estate.grossEstate)},`;
  const ruleCaution = rule.verified ? [] : [summaryCaution('The period', rule.citation)];
  if (!exemption || exemption.amount === null) {
    const how = exemption?.amount_rule ? ` (${exemption.amount_rule})` : '';
    const notes = [due, `${state.name}'s exemption for a death on ${dateOfDeath} is not recorded${how}: check whether ${gross} reaches it before relying on this deadline.`, `Rule: ${rule.citation}.`, ...ruleCaution];
    return { deadlines: [deadlineAfterDeath(key, title, rule, dateOfDeath, notes)], skipped: [] };
  }
  const threshold = amountCents(exemption.amount);
  const exemptionWords = `${state.name}'s exemption for that date, ${dollars(threshold)} (${exemption.citation})`;
  if (estate.grossEstate < threshold) {
    return { deadlines: [], skipped: [skipped(key, title, rule, 'below_exemption', `not required: ${gross} is below ${exemptionWords}.`, { gross: estate.grossEstate, threshold })] };
  }
  const notes = [due, `It is due because ${gross} is at least ${exemptionWords}.`, `Rule: ${rule.citation}.`, ...ruleCaution, ...(exemption.verified ? [] : [summaryCaution('The exemption', exemption.citation)])];
  return { deadlines: [deadlineAfterDeath(key, title, rule, dateOfDeath, notes)], skipped: [] };
}

/** The beneficiaries outside every exempt class: a kinship no exempt class holds, or none told (it cannot be shown exempt). */
function taxableBeneficiaries(tax: InheritanceTax, estate: EstateTaxFacts): string[] {
  const exempt = new Set(tax.classes.filter((entry) => entry.exempt).flatMap((entry) => entry.kinships));
  return estate.beneficiaries
    .filter((person) => person.kinship === null || !exempt.has(person.kinship))
    .map((person) => `${person.name} (${person.kinship === null ? 'kinship not recorded' : person.kinship.replace(/_/g, ' ')})`);
}

function stateInheritanceTax(state: StateRules, dateOfDeath: CalendarDate, estate: EstateTaxFacts): { deadlines: GeneratedDeadline[]; skipped: SkippedDeadline[] } {
  const tax = state.death_taxes.inheritance_tax;
  if (!tax) return { deadlines: [], skipped: [] };
  const key = 'state_inheritance_tax_return';
  const title = `${state.name} inheritance tax return`;
  const taxable = taxableBeneficiaries(tax, estate);
  const citationRule = tax.return_due ?? { citation: tax.citation, source: 'state' as const };
  if (taxable.length === 0) {
    const who = estate.beneficiaries.length === 0 ? 'no beneficiary of the case is recorded' : 'every beneficiary of the case is in an exempt class';
    return { deadlines: [], skipped: [skipped(key, title, citationRule, 'no_taxable_beneficiary', `not required: ${who} (${tax.citation}).`)] };
  }
  const rule = tax.return_due;
  if (!rule) {
    return { deadlines: [], skipped: [skipped(key, title, citationRule, 'due_date_not_recorded', `beneficiaries outside the exempt classes (${taxable.join(', ')}) owe ${state.name}'s inheritance tax, but no period for the return is recorded: ${tax.notes ?? `see ${tax.citation}`}`)] };
  }
  const caution = (what: string, entry: { citation: string; verified: boolean }) => (entry.verified ? [] : [summaryCaution(what, entry.citation)]);
  const deadlines = [
    deadlineAfterDeath(key, title, rule, dateOfDeath, [
      `${state.name}'s inheritance tax return is due ${periodWords(rule)} after the decedent's death: beneficiaries outside the exempt classes are ${taxable.join(', ')} (${tax.citation}).`,
      `Rule: ${rule.citation}.`,
      ...caution('The period', rule),
      ...caution('The classes', tax),
    ]),
  ];
  const discount = tax.early_payment_discount;
  if (discount) {
    deadlines.push(
      deadlineAfterDeath('state_inheritance_tax_discount', `${state.name} inheritance tax: ${discount.percent} % discount if paid by this date`, { ...discount.within, citation: discount.citation, source: 'state' }, dateOfDeath, [
        `${state.name} takes ${discount.percent} % off the inheritance tax paid within ${periodWords(discount.within)} of the decedent's death.`,
        `Rule: ${discount.citation}.`,
        ...caution('The discount', discount),
      ]),
    );
  }
  return { deadlines, skipped: [] };
}

/**
 * The domicile's returns at death: its estate tax return when the gross estate reaches its exemption for the date of
 * death, its inheritance tax return when a beneficiary is outside every exempt class (and the early-payment discount
 * date where the state gives one). What is left out is named with the reason.
 */
export function deathTaxDeadlines(domicile: string | null, dateOfDeath: CalendarDate, estate: EstateTaxFacts, rules: JurisdictionRules): { deadlines: GeneratedDeadline[]; skipped: SkippedDeadline[] } {
  const state = domicile ? rules.states.find((entry) => entry.code === domicile) : undefined;
  if (!state) return { deadlines: [], skipped: [] };
  const estateTax = stateEstateTax(state, dateOfDeath, estate);
  const inheritanceTax = stateInheritanceTax(state, dateOfDeath, estate);
  return { deadlines: [...estateTax.deadlines, ...inheritanceTax.deadlines], skipped: [...estateTax.skipped, ...inheritanceTax.skipped] };
}
