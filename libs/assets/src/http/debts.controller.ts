import { Get, Query, Req } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiErrors, ApiList, CaseResourceController, ForeignCase, ResourceList } from '@estate/shared-kernel';
import { COLLECTION_DEBT_TYPES } from '../domain/debt-vocabulary';
import { COLLECTION_FILTERS, debtResource } from '../resources/debt.resource';

/** The standard debt routes (`#1`, `#3`, create, read, delete) and `#2`, the collection accounts. */
export class DebtsController extends CaseResourceController(debtResource) {
  @Get('type/collections')
  @ForeignCase('forbidden')
  @ApiOperation({
    operationId: 'listCollectionDebts',
    summary: 'List collection debts',
    description: 'The debts whose `debt_type` is `COL` or `48`, filtered by `condition` and `responsibility`.',
  })
  @ApiList(debtResource.view!, { filters: COLLECTION_FILTERS, sorts: debtResource.sorts })
  @ApiErrors(400, 403, 404)
  async collections(@Req() req: Request, @Query() query: Record<string, unknown>): Promise<ResourceList> {
    return this.reader.list(this.resource, await this.scope(req), query, {
      filters: COLLECTION_FILTERS,
      fixed: { debtType: { $in: [...COLLECTION_DEBT_TYPES] } },
    });
  }
}
