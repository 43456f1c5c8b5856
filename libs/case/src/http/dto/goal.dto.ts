import { ApiProperty, IntersectionType, PartialType } from '@nestjs/swagger';
import { DateField, EnumField, IntegerField, RecordView, StringField, TextField } from '@estate/shared-kernel';
import { GOAL_CATEGORIES, GOAL_STATUSES } from '../../domain/case-vocabulary';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** `POST /v1/cases/{case_id}/goals` (contract-extensions §12.8): only `title` is required. */
export class CreateGoalBody {
  @StringField({ required: true, description: 'What is to be done.', example: 'Order ten certified death certificates' })
  title: string;

  @TextField({ description: 'More about it.', example: 'Banks, insurers and the DMV each keep one.' })
  description?: string | null;

  @EnumField(GOAL_CATEGORIES, { description: 'What the goal is about.', example: 'administrative' })
  category?: string | null;

  @EnumField(GOAL_STATUSES, {
    description: 'pending (the default), in_progress, completed or skipped; any move is allowed. Entering completed sets completed_at, leaving it clears it.',
    example: 'in_progress',
  })
  status?: string | null;

  @DateField({ description: 'When it should be done.', example: '2026-12-15' })
  due_date?: string | null;

  @StringField({
    min: 26,
    max: 26,
    pattern: ULID,
    description: "The user it is assigned to: a member of the case's organization, or a collaborator (or guest) of the case.",
    example: '01JBX8Q9W4M8Z7T3K2N5R6P0VS',
  })
  assigned_to?: string | null;

  @IntegerField({ description: 'Its place in the checklist (sort_by=order).', example: 3 })
  order?: number | null;

  @TextField({ description: 'Free-text notes.', example: 'The funeral home ordered five already.' })
  notes?: string | null;
}

/** A merge patch of the same fields. */
export class PatchGoalBody extends PartialType(CreateGoalBody, { skipNullProperties: false }) {}

export class GoalView extends IntersectionType(RecordView, CreateGoalBody) {
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'When the goal entered completed; null while it is not completed.', example: null })
  completed_at: string | null;

  @ApiProperty({ description: 'Computed: due_date is before today (UTC) and the goal is pending or in_progress.', example: false })
  is_overdue: boolean;
}
