import { HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiData, ApiErrors, ApiIdempotencyKey, ApiIfMatch, CaseResourceController, ForeignCase, IfMatch, SingleResource, ValidBody, WriteRoute } from '@estate/shared-kernel';
import { CancelFax } from '../application/cancel-fax';
import { faxResource } from '../resources/fax.resource';
import { CancelFaxBody, FaxView } from './dto/fax.dto';

const ULID = { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' } as const;

/** Faxes: the standard routes the declaration has (no DELETE), and the cancel action route. */
export class FaxesController extends CaseResourceController(faxResource) {
  @Inject(CancelFax) private readonly cancelling: CancelFax;

  @Post(':fax_id/cancel')
  @WriteRoute()
  @HttpCode(200)
  @ForeignCase('not_found')
  @ApiParam({ name: 'case_id', description: 'the case', schema: ULID })
  @ApiParam({ name: 'fax_id', description: 'the fax', schema: ULID })
  @ApiOperation({
    summary: 'Cancel a fax',
    description: 'Cancels a `queued` fax (it is never sent); from any other status `409 invalid_state` and the fax is unchanged.',
  })
  @ApiBody({ type: CancelFaxBody, required: false })
  @ApiIdempotencyKey()
  @ApiIfMatch()
  @ApiData(FaxView)
  @ApiErrors(400, 404, { status: 409, code: 'invalid_state', message: 'A sending fax cannot be cancelled; only a queued one can.' }, 412, 413, 415, 422)
  async cancel(@Req() req: Request, @ValidBody() _body: CancelFaxBody, @IfMatch() ifMatch?: string): Promise<SingleResource> {
    return this.cancelling.execute(await this.scope(req), (req.params as Record<string, string>).fax_id, ifMatch);
  }
}
