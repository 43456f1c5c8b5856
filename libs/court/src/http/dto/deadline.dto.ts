import { ApiProperty } from '@nestjs/swagger';
import { DateField, PageMeta, StringField } from '@estate/shared-kernel';

export class DeadlineRuleView {
  @ApiProperty({ description: 'The generator template the deadline came from.', example: 'inventory' }) key: string;
  @ApiProperty({ description: 'The law or rule that sets the date.', example: 'Cal. Prob. Code §8800(b)' }) citation: string;
  @ApiProperty({
    enum: ['state', 'upc_default', 'federal'],
    description:
      "Whose rule it is: `state`, the probate state's own law; `upc_default`, the Uniform Probate Code's default, standing in because no rule of the " +
      "state's own is recorded for this deadline (or none was given; the description says so too); `federal`, federal tax law.",
    example: 'state',
  })
  source: string;
  @ApiProperty({ enum: ['date_of_death', 'appointment', 'letters_issued', 'qualification', 'first_publication'], description: 'The event the period runs from.' })
  from: string;
  @ApiProperty({ format: 'date', description: 'The date of that event.', example: '2026-11-02' }) from_date: string;
  @ApiProperty({ format: 'date', description: 'The date the rule gives before rolling off a weekend or federal holiday.', example: '2027-03-02' })
  computed_date: string;
}

/** Body of `POST …/probate/deadlines/generate` (contract §3.2 "Deadline generator"). */
export class GenerateDeadlinesBody {
  @DateField({ required: true, description: 'Appointment of the personal representative, who qualifies on it.', example: '2026-11-02' })
  appointment_date: string;

  @DateField({ description: "Date of death; by default the deceased's.", example: '2026-08-14' })
  date_of_death?: string | null;

  @DateField({
    description:
      "Day letters were issued to the personal representative; by default the executor's `letters_issued_date`; not before appointment_date. " +
      "The rules that count from the letters (California's inventory and creditor claim period, among others) wait for it: without it they are named in `meta.skipped`.",
    example: '2026-11-09',
  })
  letters_issued_date?: string | null;

  @StringField({
    min: 2,
    max: 2,
    pattern: /^[A-Z]{2}$/,
    patternMessage: '$property must be a USPS state code in capitals, e.g. CA',
    description:
      "USPS code of the probate state; each rule it records applies, counted from its own start, else the Uniform Probate Code's. Also the " +
      "domicile whose estate and inheritance taxes are weighed; without it, the probate case's state, else the deceased's address's.",
    example: 'CA',
  })
  state?: string | null;

  @DateField({
    description: 'First publication of the notice to creditors; a claim period that runs from it waits for it (named in `meta.skipped` without it).',
    example: '2026-11-20',
  })
  first_publication_date?: string | null;
}

/** The rule of a deadline left out: whose it is and what it counts from. */
export class SkippedDeadlineRuleView {
  @ApiProperty({ description: 'The law or rule that sets the date.', example: 'Cal. Prob. Code §9100(a)' }) citation: string;
  @ApiProperty({ enum: ['state', 'upc_default', 'federal'], description: 'Whose rule it is, as on a generated deadline.', example: 'state' }) source: string;
  @ApiProperty({ enum: ['date_of_death', 'appointment', 'letters_issued', 'qualification', 'first_publication'], description: 'The event the period runs from.', example: 'letters_issued' })
  from: string;
}

/** A standard deadline the generator left out, and why. */
export class SkippedDeadlineView {
  @ApiProperty({ description: 'The generator template.', example: 'creditor_claim_period' }) key: string;
  @ApiProperty({ enum: ['tax_return', 'creditor_notice', 'inventory'], description: 'The kind of deadline it would be.', example: 'creditor_notice' }) type: string;
  @ApiProperty({ description: 'Its title.', example: 'Creditor claim period ends' }) title: string;
  @ApiProperty({
    enum: ['start_date_unknown', 'below_exclusion', 'below_exemption', 'no_taxable_beneficiary', 'due_date_not_recorded'],
    description:
      '`start_date_unknown`: the date its rule counts from is not known yet; `below_exclusion`: Form 706, the gross estate is below the basic ' +
      'exclusion amount of the year of death and no surviving spouse elects portability; `below_exemption`: the gross estate is below the ' +
      "domicile's estate tax exemption; `no_taxable_beneficiary`: every beneficiary is in an exempt class of the domicile's inheritance tax; " +
      '`due_date_not_recorded`: the return may be owed but no period for it is recorded.',
    example: 'start_date_unknown',
  })
  reason: string;
  @ApiProperty({ type: String, nullable: true, description: 'The body field that gives the missing date; null when no date is missing.', example: 'letters_issued_date' })
  needs: string | null;
  @ApiProperty({ type: SkippedDeadlineRuleView, description: 'The rule that counts from the missing date, or that sets the return left out.' }) rule: SkippedDeadlineRuleView;
  @ApiProperty({ type: 'number', required: false, description: 'The gross estate at the date of death, in US dollars, for a tax return left out by its threshold; absent otherwise.', example: 812000 })
  gross_estate?: number;
  @ApiProperty({ type: 'number', required: false, description: 'The exclusion or exemption, in US dollars, for a tax return left out by its threshold; absent otherwise.', example: 15000000 })
  threshold?: number;
  @ApiProperty({
    description: 'What is missing, in words.',
    example:
      'Creditor claim period ends: Cal. Prob. Code §9100(a) counts from the issue of letters to the personal representative, whose date is not known yet; ' +
      "send letters_issued_date, or record it on the executor (the executor's letters_issued_date).",
  })
  message: string;
}

/** The generator's `meta`: one page holding every generated deadline, and the deadlines left out. */
export class GeneratedDeadlinesMeta extends PageMeta {
  @ApiProperty({ type: [SkippedDeadlineView], description: 'The standard deadlines not generated, each with the date it needs; empty when none.' })
  skipped: SkippedDeadlineView[];
}
