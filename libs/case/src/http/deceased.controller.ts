import { Controller, Get, Param, Put, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiData, ApiErrors, ApiIfMatch, asJsonObject, ForeignCase, IfMatch, ServesResources, SingleResource, ValidBody, WriteRoute } from '@estate/shared-kernel';
import { deceasedManifest } from '../resources/case-manifests';
import { DeceasedService } from '../application/deceased.service';
import { DeceasedBody, DeceasedView } from './dto/deceased.dto';
import { PUT_DECEASED_EXAMPLES } from './dto/examples';
import { presentDeceased } from './presenters';

@ApiTags(deceasedManifest.tag)
@ServesResources(deceasedManifest)
@ForeignCase('not_found')
@Controller('v1/cases/:case_id/deceased')
export class DeceasedController {
  constructor(private readonly deceased: DeceasedService) {}

  /** #6: the SSN comes back masked. */
  @Get()
  @ApiOperation({ summary: 'Read the deceased', description: 'Specification route #6. The SSN comes back masked; 404 while the case has no deceased record.' })
  @ApiData(DeceasedView)
  @ApiErrors(404)
  async get(@Param('case_id') caseId: string): Promise<SingleResource> {
    return presentDeceased(await this.deceased.get(caseId));
  }

  /** Creates (201) or replaces (200) the record. */
  @Put()
  @WriteRoute()
  @ApiOperation({
    summary: 'Create or replace the deceased',
    description: 'Creates the record (201) or replaces it whole (200) (contract §3). `first_name`, `last_name` and `date_of_death` are required; the SSN is accepted in full.',
  })
  @ApiBody({ type: DeceasedBody, examples: PUT_DECEASED_EXAMPLES })
  @ApiIfMatch()
  @ApiData(DeceasedView)
  @ApiData(DeceasedView, 201)
  @ApiErrors(404, 412, 415, 422)
  async put(
    @Param('case_id') caseId: string,
    @ValidBody() body: DeceasedBody,
    @Res({ passthrough: true }) res: Response,
    @IfMatch() ifMatch?: string,
  ): Promise<SingleResource> {
    const result = await this.deceased.put(caseId, asJsonObject(body), ifMatch);
    res.status(result.created ? 201 : 200);
    return presentDeceased(result.record);
  }
}
