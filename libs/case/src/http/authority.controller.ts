import { Body, Controller, Get, Param, Patch, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiData, ApiErrors, ApiIfMatch, ForeignCase, IfMatch, JsonObject, SingleResource } from '@estate/shared-kernel';
import { AuthorityService } from '../application/authority.service';
import { AuthorityBody, AuthorityView, PatchAuthorityBody } from './dto/authority.dto';
import { presentAuthority } from './presenters';

@ApiTags('authority')
@ForeignCase('not_found')
@Controller('v1/cases/:case_id/authority')
export class AuthorityController {
  constructor(private readonly authority: AuthorityService) {}

  @Get()
  @ApiData(AuthorityView)
  @ApiErrors(404)
  async get(@Param('case_id') caseId: string): Promise<SingleResource> {
    return presentAuthority(await this.authority.get(caseId));
  }

  /** #4: merge patch; 404 when the case has no authority record yet. */
  @Patch()
  @ApiIfMatch()
  @ApiData(AuthorityView)
  @ApiErrors(404, 412, 415, 422)
  async patch(@Param('case_id') caseId: string, @Body() patch: PatchAuthorityBody, @IfMatch() ifMatch?: string): Promise<SingleResource> {
    return presentAuthority(await this.authority.patch(caseId, patch as unknown as JsonObject, ifMatch));
  }

  /** #5: creates (201) or replaces (200); `level` and `types` required. */
  @Put()
  @ApiIfMatch()
  @ApiData(AuthorityView)
  @ApiData(AuthorityView, 201)
  @ApiErrors(404, 412, 415, 422)
  async put(
    @Param('case_id') caseId: string,
    @Body() body: AuthorityBody,
    @Res({ passthrough: true }) res: Response,
    @IfMatch() ifMatch?: string,
  ): Promise<SingleResource> {
    const result = await this.authority.put(caseId, body as unknown as JsonObject, ifMatch);
    res.status(result.created ? 201 : 200);
    return presentAuthority(result.record);
  }
}
