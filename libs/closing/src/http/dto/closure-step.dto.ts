import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';
import { BooleanField, StringField } from '@estate/shared-kernel';

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

export class SubTaskView {
  @ApiProperty({ description: 'Identifier of the sub-task.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0ST' }) id: string;
  @ApiProperty({ description: 'What to do.', example: 'Send the death certificate' }) title: string;
  @ApiProperty({ description: 'Whether it is done.', example: false }) completed: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'The institution contact it concerns.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0HC' }) institution_contact_id: string | null;
}
