import { ApiProperty, PartialType, PickType } from '@nestjs/swagger';
import { EmailField, EnumField, RecordView, StringField } from '@estate/shared-kernel';
import { ORG_ROLE_VALUES, PRO_USER_STATUSES } from '../../domain/org-roles';

export const INVITATION_CODE = { type: 'string', pattern: '^inv_[A-Za-z0-9_-]{43}$' } as const;
export const INVITATION_CODE_EXAMPLE = 'inv_q5Xo0mY8mJk3bN2v7cWZ1aP4dR6tL9sE0hGfKjU3wYe';

export class CreateProUserBody {
  @EmailField({ required: true, description: 'Where the invitation is sent; the member signs in as this address.', example: 'pat.rivera@example.com' })
  email: string;

  @StringField({ max: 100, description: 'Given name.', example: 'Pat' })
  first_name?: string | null;

  @StringField({ max: 100, description: 'Family name.', example: 'Rivera' })
  last_name?: string | null;

  @EnumField(ORG_ROLE_VALUES, { description: 'The role in the organization; `member` when omitted. Only owners invite owners.', example: 'member' })
  role?: 'owner' | 'admin' | 'member';
}

export class PatchProUserBody extends PartialType(PickType(CreateProUserBody, ['first_name', 'last_name', 'role'] as const), { skipNullProperties: false }) {}

export class ProUserView extends RecordView {
  @ApiProperty({ format: 'email', description: 'The member\'s address.', example: 'pat.rivera@example.com' }) email: string;
  @ApiProperty({ type: String, nullable: true, description: 'Given name.', example: 'Pat' }) first_name: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Family name.', example: 'Rivera' }) last_name: string | null;
  @ApiProperty({ enum: ORG_ROLE_VALUES, description: 'The role in the organization.', example: 'member' }) role: string;
  @ApiProperty({ enum: PRO_USER_STATUSES, description: '`invited` until the invitation is accepted; `deactivated` members keep their record.', example: 'active' })
  status: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the member last called the API (to the minute).', example: '2026-09-02T08:30:00.000Z' })
  last_seen_at: string | null;
}

export class InvitedProUserView extends ProUserView {
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

export class MeView {
  @ApiProperty({ description: 'The caller\'s user id.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AB' }) id: string;
  @ApiProperty({ format: 'email', description: 'The caller\'s address.', example: 'pat.rivera@example.com' }) email: string;
  @ApiProperty({ type: String, nullable: true, description: 'Given name.', example: 'Pat' }) first_name: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Family name.', example: 'Rivera' }) last_name: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The caller\'s organization (null for a guest).', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AC' }) organization_id: string | null;
  @ApiProperty({ type: String, enum: ORG_ROLE_VALUES, nullable: true, description: 'The caller\'s role in it (null for a guest).', example: 'owner' }) org_role: string | null;
  @ApiProperty({ type: String, enum: ['pro', 'enterprise'], nullable: true, description: 'The organization\'s tier (null for a guest).', example: 'enterprise' }) tier: string | null;
}
