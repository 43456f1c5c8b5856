import { ApiProperty, IntersectionType, PartialType } from '@nestjs/swagger';
import { BooleanField, DateField, EnumField, IntegerField, PageMeta, RecordView, StringField, TextField } from '@estate/shared-kernel';
import { DEADLINE_STATUSES, DEADLINE_TYPES } from '../../domain/probate-vocabulary';

export class CreateDeadlineBody {
  @StringField({ required: true, description: 'What is due.', example: 'File the inventory and appraisal' })
  title: string;

  @TextField({ description: 'Details of the deadline.', example: 'Inventory and appraisal of the estate (DE-160).' })
  description?: string | null;

  @EnumField(DEADLINE_TYPES, { required: true, description: 'Kind of deadline.', example: 'inventory' })
  type: string;

  @DateField({ required: true, description: 'The day it is due.', example: '2027-03-15' })
  due_date: string;

  @DateField({ description: 'The day it was completed; setting it completes the deadline (#14).', example: '2027-03-01' })
  completed_date?: string | null;

  @EnumField(DEADLINE_STATUSES, {
    description:
      'upcoming by default; completed when completed_date is set; an open deadline past its due date reads overdue (writing upcoming or overdue reopens it).',
    example: 'completed',
  })
  status?: string | null;

  @BooleanField({ description: 'Whether a court ordered it; false when unset.', example: true })
  is_court_ordered?: boolean | null;

  @IntegerField({
    min: 0,
    max: 3650,
    description: 'Days before the due date to remind: the .ics alarm and the deadline.reminder event. Generated deadlines default to 14; null for none.',
    example: 14,
  })
  reminder_days_before?: number | null;
}

/** `#14` deadline body: mark complete (completed_date), reschedule (due_date) or edit; every field optional. */
export class PatchDeadlineBody extends PartialType(CreateDeadlineBody, { skipNullProperties: false }) {}

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

export class DeadlineView extends IntersectionType(RecordView, CreateDeadlineBody) {
  @ApiProperty({ type: DeadlineRuleView, nullable: true, description: 'For a generated deadline, the rule it came from; null for one entered by hand.' })
  rule: DeadlineRuleView | null;
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
    description: "USPS code of the probate state; each rule it records applies, counted from its own start, else the Uniform Probate Code's.",
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
  @ApiProperty({ enum: ['start_date_unknown'], description: '`start_date_unknown`: the date its rule counts from is not known yet.', example: 'start_date_unknown' })
  reason: string;
  @ApiProperty({ description: 'The body field that gives the missing date.', example: 'letters_issued_date' }) needs: string;
  @ApiProperty({ type: SkippedDeadlineRuleView, description: 'The rule that counts from the missing date.' }) rule: SkippedDeadlineRuleView;
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
