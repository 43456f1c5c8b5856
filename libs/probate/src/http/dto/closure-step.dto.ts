import { ApiProperty, IntersectionType, OmitType, PartialType } from '@nestjs/swagger';
import { BooleanField, DateField, EnumField, IntegerField, NestedArrayField, RecordView, StringArrayField, StringField, TextField } from '@estate/shared-kernel';
import { CLOSURE_STEP_STATUSES, WRITABLE_CLOSURE_STEP_STATUSES } from '../../domain/probate-vocabulary';

export class SubTaskBody {
  @StringField({
    max: 26,
    description: "On a step's PATCH, the id of an existing sub-task keeps it; any other item is a new sub-task with a new id.",
    example: '01JBX8Q9W4M8Z7T3K2N5R6P0CD',
  })
  id?: string | null;

  @StringField({ required: true, description: 'What to do.', example: 'Send the death certificate' })
  title: string;

  @BooleanField({ description: 'Whether it is done; false when unset.', example: false })
  completed?: boolean | null;

  @StringField({ max: 26, description: 'The institution contact it concerns (of this case), or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0HC' })
  institution_contact_id?: string | null;
}

/** `#15` sub-task body: every field optional. */
export class PatchSubTaskBody extends PartialType(OmitType(SubTaskBody, ['id'] as const), { skipNullProperties: false }) {}

export class CreateClosureStepBody {
  @StringField({ required: true, description: 'Kind of step, free text (1–200 characters).', example: 'close_bank_account' })
  step_type: string;

  @StringField({ required: true, description: 'What the step is.', example: 'Close the checking account at First Bank' })
  title: string;

  @TextField({ description: 'Details.', example: 'After the final statement arrives.' })
  description?: string | null;

  @EnumField(WRITABLE_CLOSURE_STEP_STATUSES, {
    description: 'not_started by default; completed only for a step without sub-tasks; blocked is computed from depends_on.',
    example: 'not_started',
  })
  status?: string | null;

  @IntegerField({ min: 0, max: 10000, description: 'Position in the closure plan.', example: 1 })
  order?: number | null;

  @StringArrayField({ description: 'Ids of prerequisite steps of the same case (no cycles).', example: [] })
  depends_on?: string[] | null;

  @StringField({ description: 'Who does it.', example: 'Grace Okafor' })
  assigned_to?: string | null;

  @DateField({ description: 'Day it should be done.', example: '2027-02-01' })
  due_date?: string | null;

  @DateField({ description: 'Day it was done; set to today when the step comes to read completed without one.', example: '2027-01-28' })
  completed_date?: string | null;

  @TextField({ description: 'Notes.', example: 'Bank asked for letters testamentary.' })
  notes?: string | null;

  @NestedArrayField(() => SubTaskBody, { description: 'Sub-tasks; the step reads completed when all are.' })
  sub_tasks?: SubTaskBody[] | null;
}

export class PatchClosureStepBody extends PartialType(CreateClosureStepBody, { skipNullProperties: false }) {}

export class SubTaskView {
  @ApiProperty({ description: 'Identifier of the sub-task.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0ST' }) id: string;
  @ApiProperty({ description: 'What to do.', example: 'Send the death certificate' }) title: string;
  @ApiProperty({ description: 'Whether it is done.', example: false }) completed: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'The institution contact it concerns.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0HC' }) institution_contact_id: string | null;
}

export class ClosureStepView extends IntersectionType(RecordView, OmitType(CreateClosureStepBody, ['status', 'sub_tasks'] as const)) {
  @ApiProperty({ enum: CLOSURE_STEP_STATUSES, description: 'Status as read: blocked while a prerequisite is open.' })
  status: string;

  @ApiProperty({ nullable: true, type: String, description: 'Why the step is blocked; null otherwise.', example: null })
  blocked_reason: string | null;

  @ApiProperty({ type: [SubTaskView], description: 'Sub-tasks.' })
  sub_tasks: SubTaskView[];
}
