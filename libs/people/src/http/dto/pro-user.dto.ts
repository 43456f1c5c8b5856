import type { Type } from '@nestjs/common';
import { ApiProperty, PickType } from '@nestjs/swagger';
import { StringField } from '@estate/shared-kernel';
import { ORG_ROLES } from '../../domain/org-roles';
import { ME_USER_FIELDS, proUserRecord } from '../../resources/pro-user-record';

export const INVITATION_CODE = { type: 'string', pattern: '^inv_[A-Za-z0-9_-]{43}$' } as const;
export const INVITATION_CODE_EXAMPLE = 'inv_q5Xo0mY8mJk3bN2v7cWZ1aP4dR6tL9sE0hGfKjU3wYe';

type UserView = Type<Record<string, unknown>>;

/** `POST /v1/pro-users`'s answer: the pro user's view and, this once, its invitation code. */
export class InvitedProUserView extends (proUserRecord.view as UserView) {
  @ApiProperty({ ...INVITATION_CODE, description: 'The one-time invitation code, shown in this response only (the invitation e-mail carries it too).', example: INVITATION_CODE_EXAMPLE })
  invitation_code: string;
}

export class InvitationCodeBody {
  @StringField({ required: true, max: 100, description: 'The invitation code (`inv_…`).', example: INVITATION_CODE_EXAMPLE })
  code: string;
}

export class AcceptedInvitationView {
  @ApiProperty({ description: 'The invited user.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AB' }) user_id: string;
  @ApiProperty({ type: String, nullable: true, description: 'The organization joined; for a collaborator, the organization of its user (null for a guest).', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AC' })
  organization_id: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'A new access token, shown once (null when a collaborator invitation is accepted by an existing user, who keeps its tokens).', example: 'edk_q5Xo0mY8mJk3bN2v7cWZ1aP4dR6tL9sE0hGfKjU3wYe' }) token: string | null;
}

export class DeclinedInvitationView {
  @ApiProperty({ enum: ['declined'], description: 'The invitation is used up.', example: 'declined' }) status: string;
}

/** `GET /v1/me`: the caller's own fields of the pro user's view, then its organization, role there and tier. */
export class MeView extends PickType(proUserRecord.view as UserView, ME_USER_FIELDS) {
  @ApiProperty({ description: 'The caller\'s user id.' }) id: string;
  @ApiProperty({ description: 'The caller\'s address.' }) email: string;
  @ApiProperty({ type: String, nullable: true, description: 'The caller\'s organization (null for a guest).', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AC' }) organization_id: string | null;
  @ApiProperty({ type: String, enum: ORG_ROLES, nullable: true, description: 'The caller\'s role in it (null for a guest).', example: 'owner' }) org_role: string | null;
  @ApiProperty({ type: String, enum: ['pro', 'enterprise'], nullable: true, description: 'The organization\'s tier (null for a guest).', example: 'enterprise' }) tier: string | null;
}
