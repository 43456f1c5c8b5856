import { applyDecorators, Controller, Get, HttpCode, Param, Patch, Post, Query, Type } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  ApiData,
  ApiErrors,
  ApiIdempotencyKey,
  ApiIfMatch,
  ApiList,
  CurrentPrincipal,
  ErrorBody,
  etagOfBody,
  GuestReads,
  IfMatch,
  JsonObject,
  parseListQuery,
  PerAddressLimit,
  Principal,
  PublicRoute,
  ResourceList,
  ServesResources,
  SingleResource,
  ValidBody,
  WriteRoute,
} from '@estate/shared-kernel';
import { Invitations } from '../application/invitations.service';
import { ProUsers } from '../application/pro-users.service';
import type { InviteInput, ProUserPatch } from '../application/pro-users.service';
import { proUserRecord } from '../resources/pro-user-record';
import { proUserManifest } from '../resources/pro-user.manifest';
import { AcceptedInvitationView, DeclinedInvitationView, InvitationCodeBody, InvitedProUserView, MeView } from './dto/pro-user.dto';

const ULID = { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' } as const;
const FORBIDDEN = { status: 403, code: 'forbidden', message: 'Only owners and admins invite pro users.' };
const LAST_OWNER = { status: 409, code: 'last_owner', message: 'The organization must keep at least one active owner; make someone else an owner first.' };

/** `/v1/pro-users` (contract-extensions §13.2): the organization's members. */
@ApiTags(proUserManifest.tag)
@ServesResources(proUserManifest)
@Controller(`v1/${proUserRecord.path}`)
export class ProUsersController {
  constructor(private readonly proUsers: ProUsers) {}

  @Get()
  @ApiOperation({ summary: 'List pro users', description: "The organization's members, any role or status; any member may read them." })
  @ApiList(proUserRecord.view, proUserRecord.listRules)
  @ApiErrors(400)
  async list(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>): Promise<ResourceList> {
    const page = await this.proUsers.list(principal, parseListQuery(query, proUserRecord.listRules, ['pro users', principal.organizationId]));
    return new ResourceList(page.data, page.meta);
  }

  @Post()
  @WriteRoute()
  @ApiOperation({
    summary: 'Invite a pro user',
    description:
      'Creates an `invited` member and a one-time `invitation_code` (in this response only; the invitation e-mail carries it too), valid for ' +
      '`INVITATION_TTL_SECONDS` (7 days). Owners and admins only (an admin invites members and admins); an address already `active` or `invited` ' +
      '(or belonging to another organization) is `409 already_invited`. A `deactivated` member invited again is the same user, `invited` once more.',
  })
  @ApiBody({ type: proUserRecord.create })
  @ApiIdempotencyKey()
  @ApiData(InvitedProUserView, 201)
  @ApiErrors(400, FORBIDDEN, { status: 409, code: 'already_invited', message: 'pat.rivera@example.com is already invited in this organization.' }, 413, 415, 422)
  async invite(@CurrentPrincipal() principal: Principal, @ValidBody(proUserRecord.create) body: JsonObject): Promise<SingleResource> {
    const invited = await this.proUsers.invite(principal, body as unknown as InviteInput);
    return new SingleResource(invited.data, invited.etag);
  }

  @Get(':user_id')
  @ApiParam({ name: 'user_id', description: 'the pro user', schema: ULID })
  @ApiOperation({ summary: 'Read a pro user', description: 'One member of the organization; another organization\'s is 404.' })
  @ApiData(proUserRecord.view)
  @ApiErrors(404)
  async read(@CurrentPrincipal() principal: Principal, @Param('user_id') id: string): Promise<SingleResource> {
    const found = await this.proUsers.get(principal, id);
    return new SingleResource(found.data, found.etag);
  }

  @Patch(':user_id')
  @WriteRoute()
  @ApiParam({ name: 'user_id', description: 'the pro user', schema: ULID })
  @ApiOperation({
    summary: 'Update a pro user',
    description:
      'JSON Merge Patch of `first_name` and `last_name` (by the user themself, an owner or an admin) and `role` (by an owner; an admin moves ' +
      'someone between `member` and `admin` only): otherwise `403 forbidden`. Demoting the last active owner is `409 last_owner`.',
  })
  @ApiBody({ type: proUserRecord.patch! })
  @ApiIfMatch()
  @ApiData(proUserRecord.view)
  @ApiErrors(400, { status: 403, code: 'forbidden', message: 'Only owners change roles.' }, 404, LAST_OWNER, 412, 413, 415, 422)
  async patch(@CurrentPrincipal() principal: Principal, @Param('user_id') id: string, @ValidBody(proUserRecord.patch) body: JsonObject, @IfMatch() ifMatch?: string): Promise<SingleResource> {
    const patched = await this.proUsers.patch(principal, id, body as ProUserPatch, ifMatch);
    return new SingleResource(patched.data, patched.etag);
  }

  @Post(':user_id/deactivate')
  @WriteRoute()
  @HttpCode(200)
  @ApiParam({ name: 'user_id', description: 'the pro user', schema: ULID })
  @ApiOperation({
    summary: 'Deactivate a pro user',
    description:
      'The member becomes `deactivated` and every token of theirs is refused at once, on every API process; the record stays for the audit trail ' +
      '(there is no DELETE). Owners and admins only (only an owner deactivates an owner); the last active owner is `409 last_owner`.',
  })
  @ApiIdempotencyKey()
  @ApiData(proUserRecord.view)
  @ApiErrors(400, { status: 403, code: 'forbidden', message: 'Only owners and admins deactivate pro users.' }, 404, LAST_OWNER)
  async deactivate(@CurrentPrincipal() principal: Principal, @Param('user_id') id: string): Promise<SingleResource> {
    const done = await this.proUsers.deactivate(principal, id);
    return new SingleResource(done.data, done.etag);
  }
}

/** `GET /v1/me` (contract-extensions §13.4). */
@ApiTags(proUserManifest.tag)
@Controller('v1/me')
export class MeController {
  constructor(private readonly proUsers: ProUsers) {}

  @Get()
  @GuestReads()
  @ApiOperation({ summary: 'Who am I', description: 'The caller: user, organization, role in it and tier.' })
  @ApiData(MeView)
  @ApiErrors()
  async me(@CurrentPrincipal() principal: Principal): Promise<SingleResource> {
    const me = await this.proUsers.me(principal);
    return new SingleResource(me, etagOfBody(me));
  }
}

const NO_CODE = { status: 404, description: 'not_found: the code is unknown, already used or expired.', type: ErrorBody };
const PER_ADDRESS = { status: 429, description: 'rate_limit_exceeded: this address used its invitation requests of this minute (`INVITATION_RATE_LIMIT`, 10).', type: ErrorBody };
const UNAUTHENTICATED =
  ' Takes no `Authorization` (the code is the credential); limited to 10 requests a minute per client address across both invitation routes; `Idempotency-Key` is ignored.';

/** A route of an invitation code: no token, the per-address window, `{code}` in, `view` out. */
function InvitationRoute(path: string, summary: string, description: string, view: Type) {
  return applyDecorators(
    Post(path),
    PublicRoute(),
    PerAddressLimit('invitations'),
    WriteRoute(),
    HttpCode(200),
    ApiOperation({ security: [], summary, description: description + UNAUTHENTICATED }),
    ApiBody({ type: InvitationCodeBody }),
    ApiData(view),
    ApiResponse(NO_CODE),
    ApiResponse(PER_ADDRESS),
  );
}

/** `/v1/invitations/accept|decline` (contract-extensions §13.4): the code is the credential. */
@ApiTags(proUserManifest.tag)
@Controller('v1/invitations')
export class InvitationsController {
  constructor(private readonly invitations: Invitations) {}

  @InvitationRoute(
    'accept',
    'Accept an invitation',
    'The invited pro user becomes `active` and receives an access token, shown in this response only. A collaborator invitation grants the case to ' +
      'the existing user with the invited address (`token` null) or creates a guest user (no organization) with a token; the collaborator becomes `accepted`.',
    AcceptedInvitationView,
  )
  async accept(@ValidBody() body: InvitationCodeBody): Promise<SingleResource> {
    const accepted = await this.invitations.accept(body.code);
    return new SingleResource(accepted, etagOfBody({ user_id: accepted.user_id }));
  }

  @InvitationRoute('decline', 'Decline an invitation', 'The code is used up and the invited pro user becomes `deactivated` (a collaborator `declined`); the address may be invited again.', DeclinedInvitationView)
  async decline(@ValidBody() body: InvitationCodeBody): Promise<SingleResource> {
    await this.invitations.decline(body.code);
    const data = { status: 'declined' };
    return new SingleResource(data, etagOfBody(data));
  }
}
