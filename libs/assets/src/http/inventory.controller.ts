import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { stringify } from 'csv-stringify/sync';
import { ApiErrors, assertCaseAccessChecked, BadRequestError, calendarDateProblem, DescribedTag, ErrorDetail, ForeignCase, QueryParameter } from '@estate/shared-kernel';
import { EstateInventoryService } from '../application/estate-inventory.service';
import { INVENTORY_CSV_HEADER, inventoryCsvRows, inventoryJson } from '../domain/estate-inventory';
import { InventoryView } from './dto/inventory.dto';

const CSV = 'text/csv';

function single(raw: unknown): string | undefined {
  if (raw === undefined) return undefined;
  return Array.isArray(raw) ? String(raw[raw.length - 1]) : String(raw);
}

/**
 * Spreadsheets run a cell that starts with `=`, `+`, `-`, `@` (or a tab or carriage return) as a formula: free text
 * (descriptions, references) gets a leading apostrophe so a creditor named `=HYPERLINK(…)` stays text. Amounts are
 * written by us and are left as numbers.
 */
const FREE_TEXT_COLUMNS = new Set(['description', 'reference']);
function neutralised(rows: string[][]): string[][] {
  const freeText = INVENTORY_CSV_HEADER.map((column) => FREE_TEXT_COLUMNS.has(column));
  return rows.map((row) => row.map((cell, index) => (freeText[index] && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)));
}

/** CSV when asked by `?format=csv`, or by an `Accept` that prefers `text/csv` to JSON. */
function wantsCsv(req: Request, format: string | undefined): boolean {
  if (format !== undefined) return format === 'csv';
  return req.accepts(['application/json', CSV]) === CSV;
}

/**
 * `GET /v1/cases/{case_id}/inventory` (beyond the specification, issue 8): the inventory and appraisal of the estate,
 * as JSON or CSV. 404 for a foreign case, as every route beyond the specification (contract §3.2).
 */
@DescribedTag('inventory', 'The inventory and appraisal of the estate: every asset and liability of the case with the value used and its source, and the totals, as JSON or CSV.')
@ForeignCase('not_found')
@Controller('v1/cases/:case_id/inventory')
export class InventoryController {
  constructor(private readonly inventories: EstateInventoryService) {}

  @Get()
  @ApiOperation({
    summary: 'Read the estate inventory',
    description:
      'Every asset and liability of the case grouped by kind with the value used and its source; the assets passing outside probate listed apart; ' +
      'totals (gross probate assets, non-probate assets, liabilities, net estate) summed exactly; and the estate_value bracket the figures imply next to the case’s own. ' +
      'An inventory is as of the date of death: without `as_of` it is taken at the deceased’s `date_of_death` (and `as_of` reads that date). ' +
      'A bank account is valued at the sum of its transactions dated on or before `as_of` (`transactions_through_as_of`); only an account with no ' +
      'transaction at all stands at its `current_balance`, as does every account while neither `as_of` nor a date of death is known (`as_of` null). ' +
      '`Accept: text/csv` or `format=csv` gives the same lines as CSV.',
  })
  @QueryParameter({
    name: 'as_of',
    required: false,
    description: "YYYY-MM-DD: value bank accounts by their transactions up to this date; by default the deceased's date_of_death.",
    schema: { type: 'string', format: 'date' },
  })
  @QueryParameter({ name: 'format', required: false, description: 'csv for CSV, json (default) for JSON.', schema: { type: 'string', enum: ['json', 'csv'] } })
  @ApiExtraModels(InventoryView)
  @ApiResponse({
    status: 200,
    description: 'The inventory: `{data}` as JSON, or CSV with a header row, one line per item and the totals.',
    content: {
      'application/json': { schema: { type: 'object', required: ['data'], properties: { data: { $ref: getSchemaPath(InventoryView) } } } },
      [CSV]: {
        schema: { type: 'string', description: `Header: ${INVENTORY_CSV_HEADER.join(',')}` },
        example: `${INVENTORY_CSV_HEADER.join(',')}\nassets,bank_account,01JF7Q4B6C8D0E2F4G6H8J0K2M,First Bank checking,****6789,18000.00,balance,estate\n`,
      },
    },
  })
  @ApiErrors(400, 404)
  async read(
    @Param('case_id') caseId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<unknown> {
    assertCaseAccessChecked(req);
    const asOf = single(query.as_of);
    const format = single(query.format);
    const problems: ErrorDetail[] = [];
    const asOfProblem = asOf === undefined ? undefined : calendarDateProblem('as_of', asOf);
    if (asOfProblem) problems.push(asOfProblem);
    if (format !== undefined && format !== 'csv' && format !== 'json') problems.push({ field: 'format', message: 'format must be json or csv', reason: 'enum' });
    if (problems.length > 0) throw new BadRequestError('Invalid query parameters.', problems);

    const inventory = await this.inventories.inventoryOf(caseId, asOf ?? null);
    res.setHeader('Vary', 'Accept');
    if (wantsCsv(req, format)) {
      res.setHeader('Content-Type', `${CSV}; charset=utf-8`);
      res.setHeader('Content-Disposition', `attachment; filename="inventory-${caseId}${inventory.asOf ? `-${inventory.asOf}` : ''}.csv"`);
      return stringify([[...INVENTORY_CSV_HEADER], ...neutralised(inventoryCsvRows(inventory))]);
    }
    return { data: { case_id: caseId, ...inventoryJson(inventory) } };
  }
}
