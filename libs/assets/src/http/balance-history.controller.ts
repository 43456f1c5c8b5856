import { Controller, Delete, Get, HttpCode, Param, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  ApiData,
  ApiDeleted,
  ApiErrors,
  ApiIfMatch,
  ApiList,
  assertCaseAccessChecked,
  ForeignCase,
  IfMatch,
  QueryParameter,
  ResourceList,
  SingleResource,
  ValidBody,
  WriteRoute,
} from '@estate/shared-kernel';
import { BalanceHistory } from '../application/balance-history.service';
import { BALANCE_INTERVALS, DEFAULT_BALANCE_INTERVAL } from '../domain/balance-history';
import { BalancePointView, RecordBalanceBody } from './dto/balance-history.dto';

const ULID = { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' } as const;
const CASE_PARAM = ApiParam({ name: 'case_id', description: 'the case', schema: ULID });
const ACCOUNT_PARAM = ApiParam({ name: 'account_id', description: 'the bank account', schema: ULID });
const DATE_PARAM = ApiParam({ name: 'date', description: 'the day (YYYY-MM-DD), not after today (UTC)', schema: { type: 'string', format: 'date' } });

/**
 * `…/bank-accounts/{account_id}/balance-history` (contract §12.3): the account's balance at each period end, and the
 * points recorded by hand. Thin: every rule is the `BalanceHistory` use case's.
 */
@ApiTags('bank-accounts')
@ForeignCase('not_found')
@Controller('v1/cases/:case_id/bank-accounts/:account_id/balance-history')
export class BalanceHistoryController {
  constructor(private readonly history: BalanceHistory) {}

  @Get()
  @ApiOperation({
    operationId: 'listBalanceHistory',
    summary: 'List the balance history of a bank account',
    description:
      'One point per period end — every day, Sundays (`weekly`) or month ends (`monthly`, the default) — and `date_to` as the last. ' +
      "A point takes the balance recorded for that day (`recorded`), else the closing balance of the account's statement ending that day (`statement`), " +
      'else the running balance of the last transaction on or before that day (`computed`); a day with none of them is left out. ' +
      'Sorted by date, newest first unless `sort_order=asc`; page mode or keyset cursor mode (recommended).',
  })
  @CASE_PARAM
  @ACCOUNT_PARAM
  @ApiList(BalancePointView, { filters: {}, sorts: ['date'], defaultSort: 'date' })
  @QueryParameter({ name: 'interval', required: false, description: 'The spacing of the points.', schema: { type: 'string', enum: [...BALANCE_INTERVALS], default: DEFAULT_BALANCE_INTERVAL } })
  @QueryParameter({
    name: 'date_from',
    required: false,
    description: "The first day of the range; by default the account's first known date (its first transaction, statement or recorded point).",
    schema: { type: 'string', format: 'date' },
  })
  @QueryParameter({ name: 'date_to', required: false, description: 'The last day of the range, always the last point; by default today (UTC).', schema: { type: 'string', format: 'date' } })
  @ApiErrors(400, 404)
  list(@Req() req: Request, @Query() query: Record<string, unknown>): Promise<ResourceList> {
    assertCaseAccessChecked(req);
    return this.history.list(req.params.case_id as string, req.params.account_id as string, query);
  }

  @Put(':date')
  @WriteRoute()
  @ApiOperation({
    operationId: 'recordBalance',
    summary: 'Record the balance of a day',
    description:
      'Records the balance (and optionally the available balance) at the end of a day: 201 when the day had none recorded, 200 when it replaces it. ' +
      'A recorded point wins over a statement and the ledger for that day. A day after today is refused (422). No event is sent.',
  })
  @CASE_PARAM
  @ACCOUNT_PARAM
  @DATE_PARAM
  @ApiBody({ type: RecordBalanceBody })
  @ApiIfMatch()
  @ApiData(BalancePointView)
  @ApiData(BalancePointView, 201)
  @ApiErrors(404, 412, 415, 422)
  async record(
    @Req() req: Request,
    @Param('date') date: string,
    @ValidBody() body: RecordBalanceBody,
    @Res({ passthrough: true }) res: Response,
    @IfMatch() ifMatch?: string,
  ): Promise<SingleResource> {
    assertCaseAccessChecked(req);
    const values = { balance: body.balance, availableBalance: body.available_balance ?? null };
    const result = await this.history.record(req.params.case_id as string, req.params.account_id as string, date, values, ifMatch);
    res.status(result.created ? 201 : 200);
    return result.presented;
  }

  @Delete(':date')
  @WriteRoute()
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteRecordedBalance',
    summary: 'Delete the balance recorded for a day',
    description: 'The day then takes its balance from a statement or the ledger again. 404 when no balance was recorded that day.',
  })
  @CASE_PARAM
  @ACCOUNT_PARAM
  @DATE_PARAM
  @ApiDeleted()
  @ApiIfMatch()
  @ApiErrors(404, 412, 422)
  async remove(@Req() req: Request, @Param('date') date: string, @IfMatch() ifMatch?: string): Promise<void> {
    assertCaseAccessChecked(req);
    await this.history.remove(req.params.case_id as string, req.params.account_id as string, date, ifMatch);
  }
}
