import { ApiProperty, PickType } from '@nestjs/swagger';
import { EmailField, EnumField, RecordView, StringField, TextField } from '@estate/shared-kernel';
import { COLLABORATOR_ROLES } from '@estate/shared-kernel/domain';
import { COLLABORATOR_STATUSES } from '../../domain/collaborator';
import { INVITATION_CODE, INVITATION_CODE_EXAMPLE } from './pro-user.dto';

/** `POST …/collaborators` (contract-extensions §13.3). */
export class CreateCollaboratorBody {
  @EmailField({ required: true, description: 'Where the invitation is sent; the collaborator signs in as this address.', example: 'sam.lee@example.com' })
  email: string;

  @EnumField(COLLABORATOR_ROLES, { required: true, description: '`viewer` reads; `editor` also writes; a collaborator `owner` also manages the collaborators.', example: 'editor' })
  role: 'owner' | 'editor' | 'viewer';

  @StringField({ max: 100, description: 'Given name.', example: 'Sam' })
  first_name?: string | null;

  @StringField({ max: 100, description: 'Family name.', example: 'Lee' })
  last_name?: string | null;

  @TextField({ description: 'A note for the invitation.', example: 'Could you review the inventory before Friday?' })
  message?: string | null;
}

/** `PATCH …/collaborators/{collaborator_id}`: the role only. */
export class PatchCollaboratorBody extends PickType(CreateCollaboratorBody, ['role'] as const) {}

export class CollaboratorView extends RecordView {
  @ApiProperty({ format: 'email', description: 'The invited address.', example: 'sam.lee@example.com' }) email: string;
  @ApiProperty({ type: String, nullable: true, description: 'Given name.', example: 'Sam' }) first_name: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Family name.', example: 'Lee' }) last_name: string | null;
  @ApiProperty({ enum: COLLABORATOR_ROLES, description: 'The role on this case.', example: 'editor' }) role: string;
  @ApiProperty({
    enum: COLLABORATOR_STATUSES,
    description: '`pending` until the invitation is accepted or declined; `expired` when it lapsed unanswered (a resend makes it `pending` again).',
    example: 'pending',
  })
  status: string;
  @ApiProperty({ type: String, nullable: true, description: 'The user who accepted the invitation.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AB' }) user_id: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The user who sent the invitation.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AC' }) invited_by: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The note sent with the invitation.', example: 'Could you review the inventory before Friday?' }) message: string | null;
  @ApiProperty({ format: 'date-time', description: 'When the current invitation code stops working.', example: '2026-09-08T12:00:00.000Z' }) invitation_expires_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the invitation was accepted.', example: '2026-09-02T08:30:00.000Z' }) accepted_at: string | null;
}

export class InvitedCollaboratorView extends CollaboratorView {
  @ApiProperty({ ...INVITATION_CODE, description: 'The one-time invitation code, shown in this response only (the invitation e-mail carries it too).', example: INVITATION_CODE_EXAMPLE })
  invitation_code: string;
}

/** `POST …/collaborators/{collaborator_id}/resend`: the optional body has no fields. */
export class ResendCollaboratorBody {}
