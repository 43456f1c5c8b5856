import type { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { collaboratorResource } from '../../resources/collaborator.resource';
import { INVITATION_CODE, INVITATION_CODE_EXAMPLE } from './pro-user.dto';

/** The collaborator as its invitation answers it: the view the declaration builds, plus the one-time code. */
export class InvitedCollaboratorView extends (collaboratorResource.view as Type) {
  @ApiProperty({ ...INVITATION_CODE, description: 'The one-time invitation code, shown in this response only (the invitation e-mail carries it too).', example: INVITATION_CODE_EXAMPLE })
  invitation_code: string;
}

/** `POST …/collaborators/{collaborator_id}/resend`: the optional body has no fields. */
export class ResendCollaboratorBody {}
