import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  ApiData,
  ApiDeleted,
  ApiErrors,
  ApiIdempotencyKey,
  ApiIfMatch,
  ApiList,
  CurrentPrincipal,
  ForeignCase,
  IfMatch,
  JsonObject,
  Principal,
  ResourceList,
  SingleResource,
} from '@estate/shared-kernel';
import { CASE_LIST_RULES, CasesService } from '../application/cases.service';
import { CaseView, CreateCaseBody, PatchCaseBody } from './dto/case.dto';
import { caseView, presentCase } from './presenters';

@ApiTags('cases')
@ForeignCase('not_found')
@Controller('v1/cases')
export class CasesController {
  constructor(private readonly cases: CasesService) {}

  @Get()
  @ApiList(CaseView, CASE_LIST_RULES)
  @ApiErrors(400)
  async list(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>): Promise<ResourceList> {
    const page = await this.cases.list(principal.organizationId, query);
    return new ResourceList((await this.cases.readings(page.rows)).map(caseView), page.meta);
  }

  @Post()
  @ApiIdempotencyKey()
  @ApiData(CaseView, 201)
  @ApiErrors(400, 409, 413, 415, 422)
  async create(@CurrentPrincipal() principal: Principal, @Body() body: CreateCaseBody): Promise<SingleResource> {
    return presentCase(await this.cases.create(principal.organizationId, body as unknown as JsonObject));
  }

  @Get(':case_id')
  @ApiData(CaseView)
  @ApiErrors(404)
  async get(@Param('case_id') caseId: string): Promise<SingleResource> {
    return presentCase(await this.cases.get(caseId));
  }

  /** #7 */
  @Patch(':case_id')
  @ApiIfMatch()
  @ApiData(CaseView)
  @ApiErrors(404, 412, 415, 422)
  async patch(@Param('case_id') caseId: string, @Body() patch: PatchCaseBody, @IfMatch() ifMatch?: string): Promise<SingleResource> {
    return presentCase(await this.cases.patch(caseId, patch as unknown as JsonObject, ifMatch));
  }

  /** #8: irreversible. */
  @Delete(':case_id')
  @HttpCode(204)
  @ApiDeleted()
  @ApiIfMatch()
  @ApiErrors(404, 409, 412)
  async delete(@Param('case_id') caseId: string, @IfMatch() ifMatch?: string): Promise<void> {
    await this.cases.delete(caseId, ifMatch);
  }
}
