import { Inject, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiData, ApiErrors, ApiIdempotencyKey, CaseResourceController, CollaboratorWrites, RecordActionRoute, ForeignCase, IfMatch, JsonObject, SingleResource, ValidBody, WriteRoute } from '@estate/shared-kernel';
import { CreateCollaborator, ResendCollaboratorInvitation } from '../application/collaborators/collaborator-writes';
import { collaboratorResource } from '../resources/collaborator.resource';
import { InvitedCollaboratorView, ResendCollaboratorBody } from './dto/collaborator.dto';

const ULID = { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' } as const;
const ALREADY_INVITED = {
  status: 409,
  code: 'already_invited',
  message: 'The address already belongs to a member of the organization that owns the case, or to a collaborator of the case who has neither declined nor expired.',
};

/**
 * Collaborators of a case: the standard routes of the declaration; the invitation restated (it answers the one-time
 * code), and the resend action. Who may write is the kernel's case access check: organization members and, declared
 * here, collaborator owners only (contract-extensions §13.1).
 */
@CollaboratorWrites('owner_role')
export class CollaboratorsController extends CaseResourceController(collaboratorResource) {
  @Inject(ResendCollaboratorInvitation) private readonly resending: ResendCollaboratorInvitation;

  @Post()
  @WriteRoute()
  @ForeignCase('not_found')
  @ApiParam({ name: 'case_id', description: 'the case', schema: ULID })
  @ApiOperation({
    summary: 'Invite a collaborator',
    description:
      'Invites an outside person onto this case as `owner`, `editor` or `viewer`: the collaborator is `pending`, the answer carries the one-time ' +
      '`invitation_code` (shown here only) and the invitation e-mail carries it too. Only members of the organization that owns the case and ' +
      'collaborator owners invite.',
  })
  @ApiBody({ type: collaboratorResource.create, examples: { editor: { summary: 'an editor', value: { email: 'sam.lee@example.com', role: 'editor', first_name: 'Sam', message: 'Could you review the inventory?' } } } })
  @ApiIdempotencyKey()
  @ApiData(InvitedCollaboratorView, 201)
  @ApiErrors(400, 404, ALREADY_INVITED, 413, 415, 422)
  async create(@Req() req: Request, @ValidBody(collaboratorResource.create) body: JsonObject): Promise<SingleResource> {
    return this.useCase(CreateCollaborator).execute(await this.scope(req), body as never);
  }

  @RecordActionRoute({
    path: ':collaborator_id/resend',
    record: 'the collaborator',
    summary: 'Resend a collaborator invitation',
    description:
      'Sends a `pending` or `expired` collaborator a new one-time code with a new expiry (the previous code stops working); the answer carries the ' +
      'code once. From any other status `409 invalid_state`.',
    body: ResendCollaboratorBody,
    view: InvitedCollaboratorView,
    refusals: [{ status: 409, code: 'invalid_state', message: "An accepted collaborator's invitation cannot be sent again; only a pending or expired one can." }],
  })
  async resend(@Req() req: Request, @ValidBody() _body: ResendCollaboratorBody, @IfMatch() ifMatch?: string): Promise<SingleResource> {
    return this.resending.execute(await this.scope(req), (req.params as Record<string, string>).collaborator_id, ifMatch);
  }
}
