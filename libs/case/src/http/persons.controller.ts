import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  ApiData,
  ApiDeleted,
  ApiErrors,
  ApiIdempotencyKey,
  ApiIfMatch,
  ApiList,
  CaseResources,
  ForeignCase,
  IfMatch,
  JsonObject,
  ResourceList,
  SingleResource,
} from '@estate/shared-kernel';
import { personResource } from '../persons/person.resource';
import { CreatePersonBody, PatchPersonBody, PersonView } from './dto/person.dto';

@ApiTags('persons')
@ForeignCase('not_found')
@Controller('v1/cases/:case_id/persons')
export class PersonsController {
  constructor(private readonly resources: CaseResources) {}

  @Get()
  @ApiList(PersonView, personResource)
  @ApiErrors(400, 404)
  list(@Param('case_id') caseId: string, @Query() query: Record<string, unknown>): Promise<ResourceList> {
    return this.resources.list(personResource, { caseId }, query);
  }

  @Post()
  @ApiIdempotencyKey()
  @ApiData(PersonView, 201)
  @ApiErrors(400, 404, 409, 415, 422)
  create(@Param('case_id') caseId: string, @Body() body: CreatePersonBody): Promise<SingleResource> {
    return this.resources.create(personResource, { caseId }, body as unknown as JsonObject);
  }

  @Get(':person_id')
  @ApiData(PersonView)
  @ApiErrors(404)
  get(@Param('case_id') caseId: string, @Param('person_id') personId: string): Promise<SingleResource> {
    return this.resources.get(personResource, { caseId }, personId);
  }

  /** #9 */
  @Patch(':person_id')
  @ApiIfMatch()
  @ApiData(PersonView)
  @ApiErrors(404, 412, 415, 422)
  patch(
    @Param('case_id') caseId: string,
    @Param('person_id') personId: string,
    @Body() patch: PatchPersonBody,
    @IfMatch() ifMatch?: string,
  ): Promise<SingleResource> {
    return this.resources.patch(personResource, { caseId }, personId, patch as unknown as JsonObject, ifMatch);
  }

  @Delete(':person_id')
  @HttpCode(204)
  @ApiDeleted()
  @ApiIfMatch()
  @ApiErrors(404, 412)
  async delete(@Param('case_id') caseId: string, @Param('person_id') personId: string, @IfMatch() ifMatch?: string): Promise<void> {
    await this.resources.remove(personResource, { caseId }, personId, ifMatch);
  }
}
