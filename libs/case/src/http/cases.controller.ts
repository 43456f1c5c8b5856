import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiData,
  ApiDeleted,
  ApiErrors,
  ApiIdempotencyKey,
  ApiIfMatch,
  ApiList,
  asJsonObject,
  JsonObject,
  CollaboratorWrites,
  CurrentPrincipal,
  ForeignCase,
  GuestReads,
  IfMatch,
  Principal,
  ResourceList,
  ServesResources,
  SingleResource,
  ValidBody,
  WriteRoute,
  memberOrganizationOf,
} from '@estate/shared-kernel';
import { CasesService } from '../application/cases.service';
import { caseManifest } from '../resources/case-manifests';
import { caseRecord } from '../resources/case-record';
import { CREATE_CASE_EXAMPLES, PATCH_CASE_EXAMPLES } from '../resources/examples';
import { caseView, presentCase } from './presenters';

@ApiTags(caseManifest.tag)
@ServesResources(caseManifest)
@ForeignCase('not_found')
@Controller(`v1/${caseRecord.path}`)
export class CasesController {
  constructor(private readonly cases: CasesService) {}

  @Get()
  @GuestReads()
  @ApiOperation({
    summary: 'List cases',
    description:
      "The cases of the caller's organization and those shared with the caller as a collaborator (filter `access`: `member`, `collaborator`), in page mode or keyset cursor mode; filters may repeat to match any of several values.",
  })
  @ApiList(caseRecord.view, caseRecord.listRules)
  @ApiErrors(400)
  async list(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>): Promise<ResourceList> {
    const page = await this.cases.list(principal, query);
    return new ResourceList(page.rows.map(caseView), page.meta);
  }

  @Post()
  @WriteRoute()
  @ApiOperation({
    summary: 'Create a case',
    description: 'Opens a case for the caller\'s organization; the body may nest the deceased (SSN in full) and the authority, created in the same transaction.',
  })
  @ApiBody({ type: caseRecord.create, examples: CREATE_CASE_EXAMPLES })
  @ApiIdempotencyKey()
  @ApiData(caseRecord.view, 201)
  @ApiErrors(400, { status: 403, code: 'forbidden', message: 'A guest reaches only the cases shared with it.' }, 409, 413, 415, 422)
  async create(@CurrentPrincipal() principal: Principal, @ValidBody(caseRecord.create) body: JsonObject): Promise<SingleResource> {
    return presentCase(await this.cases.create(memberOrganizationOf(principal), asJsonObject(body)));
  }

  @Get(':case_id')
  @ApiOperation({ summary: 'Read a case', description: 'One case with its ETag; 304 when `If-None-Match` still matches.' })
  @ApiData(caseRecord.view)
  @ApiErrors(404)
  async get(@Param('case_id') caseId: string): Promise<SingleResource> {
    return presentCase(await this.cases.get(caseId));
  }

  /** #7 */
  @Patch(':case_id')
  @WriteRoute()
  @ApiOperation({
    summary: 'Update a case (merge patch)',
    description: 'JSON Merge Patch of the writable fields; unknown or read-only fields are 422, `null` clears a field.',
  })
  @ApiBody({ type: caseRecord.patch!, examples: PATCH_CASE_EXAMPLES })
  @ApiIfMatch()
  @ApiData(caseRecord.view)
  @ApiErrors(404, 412, 415, 422)
  async patch(@Param('case_id') caseId: string, @ValidBody(caseRecord.patch) patch: JsonObject, @IfMatch() ifMatch?: string): Promise<SingleResource> {
    return presentCase(await this.cases.patch(caseId, asJsonObject(patch), ifMatch));
  }

  /** #8: irreversible. */
  @Delete(':case_id')
  @WriteRoute()
  // Only the organization that owns the case deletes it, never a collaborator (contract-extensions §13.1).
  @CollaboratorWrites('no_collaborator')
  @ApiOperation({
    summary: 'Delete a case',
    description: 'Irreversible: the case and its records disappear from the API. Refused with 409 `case_has_active_transfer` while a transfer is in progress.',
  })
  @HttpCode(204)
  @ApiDeleted()
  @ApiIfMatch()
  @ApiErrors(404, { status: 409, code: 'case_has_active_transfer', message: 'The case has a transfer in progress and cannot be deleted.' }, 412)
  async delete(@Param('case_id') caseId: string, @IfMatch() ifMatch?: string): Promise<void> {
    await this.cases.delete(caseId, ifMatch);
  }
}
