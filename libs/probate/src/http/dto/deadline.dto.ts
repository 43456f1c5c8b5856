import { ApiProperty, IntersectionType, PartialType } from '@nestjs/swagger';
import { BooleanField, DateField, EnumField, IntegerField, RecordView, StringField, TextField } from '@estate/shared-kernel';
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
  @DateField({ required: true, description: 'Appointment of the personal representative (letters issued, qualification).', example: '2026-11-02' })
  appointment_date: string;

  @DateField({ description: "Date of death; by default the deceased's.", example: '2026-08-14' })
  date_of_death?: string | null;

  @StringField({
    min: 2,
    max: 2,
    pattern: /^[A-Z]{2}$/,
    patternMessage: '$property must be a USPS state code in capitals, e.g. CA',
    description: "USPS code of the probate state; its inventory rule applies, else the Uniform Probate Code's.",
    example: 'CA',
  })
  state?: string | null;

  @DateField({ description: 'First publication of the notice to creditors; without it no claim-period deadline is made.', example: '2026-11-20' })
  first_publication_date?: string | null;
}
