import { Controller, Get, Param, Patch, Put, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiData, ApiErrors, ApiIfMatch, asJsonObject, ForeignCase, IfMatch, ServesResources, SingleResource, ValidBody, WriteRoute } from '@estate/shared-kernel';
import { authorityManifest } from '../resources/case-manifests';
import { AuthorityService } from '../application/authority.service';
import { AuthorityBody, AuthorityView, PatchAuthorityBody } from './dto/authority.dto';
import { PATCH_AUTHORITY_EXAMPLES, PUT_AUTHORITY_EXAMPLES } from './dto/examples';
import { presentAuthority } from './presenters';

@ApiTags(authorityManifest.tag)
@ServesResources(authorityManifest)
@ForeignCase('not_found')
@Controller('v1/cases/:case_id/authority')
export class AuthorityController {
  constructor(private readonly authority: AuthorityService) {}

  @Get()
  @ApiOperation({ summary: 'Read the authority', description: 'The authority to act for the estate; 404 while the case has none.' })
  @ApiData(AuthorityView)
  @ApiErrors(404)
  async get(@Param('case_id') caseId: string): Promise<SingleResource> {
    return presentAuthority(await this.authority.get(caseId));
  }

  /** #4: merge patch; 404 when the case has no authority record yet. */
  @Patch()
  @WriteRoute()
  @ApiOperation({
    summary: 'Update the authority (merge patch)',
    description: 'Specification route #4. JSON Merge Patch of `level` and `types`; 404 when the case has no authority record yet.',
  })
  @ApiBody({ type: PatchAuthorityBody, examples: PATCH_AUTHORITY_EXAMPLES })
  @ApiIfMatch()
  @ApiData(AuthorityView)
  @ApiErrors(404, 412, 415, 422)
  async patch(@Param('case_id') caseId: string, @ValidBody() patch: PatchAuthorityBody, @IfMatch() ifMatch?: string): Promise<SingleResource> {
    return presentAuthority(await this.authority.patch(caseId, asJsonObject(patch), ifMatch));
  }

  /** #5: creates (201) or replaces (200); `level` and `types` required. */
  @Put()
  @WriteRoute()
  @ApiOperation({
    summary: 'Create or replace the authority',
    description: 'Specification route #5. `level` and `types` are required; answers 201 when it created the record and 200 when it replaced one.',
  })
  @ApiBody({ type: AuthorityBody, examples: PUT_AUTHORITY_EXAMPLES })
  @ApiIfMatch()
  @ApiData(AuthorityView)
  @ApiData(AuthorityView, 201)
  @ApiErrors(404, 412, 415, 422)
  async put(
    @Param('case_id') caseId: string,
    @ValidBody() body: AuthorityBody,
    @Res({ passthrough: true }) res: Response,
    @IfMatch() ifMatch?: string,
  ): Promise<SingleResource> {
    const result = await this.authority.put(caseId, asJsonObject(body), ifMatch);
    res.status(result.created ? 201 : 200);
    return presentAuthority(result.record);
  }
}
