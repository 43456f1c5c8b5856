import { Controller, Get, Header, HttpCode, Post, Req, Res } from '@nestjs/common';
import { DEADLINE_CALENDAR_EXAMPLE } from './deadline-calendar-example';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  ApiErrors,
  ApiIdempotencyKey,
  assertCaseAccessChecked,
  CaseResourceController,
  etagOfBody,
  ForeignCase,
  ifNoneMatchHits,
  ResourceList,
  ValidBody,
  WriteRoute,
} from '@estate/shared-kernel';
import { DeadlineFeed } from '../application/deadline-feed.service';
import { GenerateDeadlines } from '../application/generate-deadlines.service';
import { probateDeadlineResource } from '../resources/probate-deadline.resource';
import { deadlineCalendar } from './deadline-calendar';
import { GenerateDeadlinesBody, GeneratedDeadlinesMeta } from './dto/deadline.dto';

/** The view of a deadline (DeadlineView), built from the declaration's fields. */
const DeadlineView = probateDeadlineResource.view!;

/** Probate deadlines: the standard routes (`#14` is their merge patch) and the deadline generator. */
export class ProbateDeadlinesController extends CaseResourceController(probateDeadlineResource) {
  @Post('generate')
  @WriteRoute()
  @HttpCode(200)
  @ForeignCase('not_found')
  @ApiOperation({
    summary: 'Generate the standard deadlines',
    description:
      'Creates the estate\'s standard deadlines (Forms 706, 1040 and 1041, the ' +
      'creditor claim period and bar, the inventory, the domicile\'s estate and inheritance tax returns) from the committed jurisdiction rules, each with the rule it came from; a due date on a ' +
      'weekend or federal holiday rolls to the next business day. A state\'s own rule counts from its own start (California\'s claim period from ' +
      'the letters, Prob. Code §9100); the Uniform Probate Code\'s stands in only where the state records none, and its deadline says so. ' +
      'A deadline whose start date is not known yet (the letters, a first publication) is left out and named in `meta.skipped` with the date it ' +
      'needs. Form 706 is made only when the gross estate (the inventory\'s probate and non-probate assets at the date of death) reaches the ' +
      'basic exclusion amount of the year of death, or, below it, to elect portability when a person with kinship `spouse` survives (its title ' +
      'says so). The domicile (`state`, else the probate case\'s, else the deceased\'s address\'s) adds its estate tax return when the gross ' +
      'estate reaches its exemption for the date of death, and its inheritance tax return when a living beneficiary is outside the exempt ' +
      'classes (with the early-payment discount date where the state gives one). A return not made is named in `meta.skipped` with the reason. ' +
      'Running it again creates no duplicates; changed inputs reschedule the generated deadlines that are not completed, and drop the tax ' +
      'returns no longer due unless completed. Answers every generated deadline of the case, by due date.',
  })
  @ApiBody({ type: GenerateDeadlinesBody })
  @ApiIdempotencyKey()
  @ApiExtraModels(DeadlineView, GeneratedDeadlinesMeta)
  @ApiOkResponse({
    description: "The case's generated deadlines, and in `meta.skipped` those left out.",
    schema: {
      type: 'object',
      required: ['data', 'meta'],
      properties: { data: { type: 'array', items: { $ref: getSchemaPath(DeadlineView) } }, meta: { $ref: getSchemaPath(GeneratedDeadlinesMeta) } },
    },
  })
  @ApiErrors(400, 404, 409, 413, 415, 422)
  async generate(@Req() req: Request, @ValidBody() body: GenerateDeadlinesBody): Promise<ResourceList> {
    const scope = await this.scope(req);
    return this.useCase(GenerateDeadlines).execute(scope, body);
  }
}

/**
 * `GET /v1/cases/{case_id}/probate/deadlines.ics`: the case's deadlines as an iCalendar feed a calendar app can
 * subscribe to. Its own controller, since the path is a sibling of `deadlines` rather than below it (and so is never
 * taken for `deadlines/{deadline_id}`).
 */
@ApiTags('probate')
@ForeignCase('not_found')
@Controller('v1/cases/:case_id/probate')
export class ProbateDeadlineCalendarController {
  constructor(private readonly feed: DeadlineFeed) {}

  @Get('deadlines.ics')
  @Header('Content-Type', 'text/calendar; charset=utf-8')
  @Header('Content-Disposition', 'inline; filename="probate-deadlines.ics"')
  @ApiOperation({
    summary: 'Deadlines as an iCalendar feed',
    description:
      'One all-day VEVENT per deadline with a stable UID, a display VALARM `reminder_days_before` days ahead for ' +
      'open deadlines, waived deadlines STATUS:CANCELLED and completed ones marked [Completed] (free time). Carries an ETag and honours If-None-Match.',
  })
  @ApiOkResponse({
    description: 'The iCalendar (RFC 5545) document.',
    headers: { ETag: { description: 'Entity tag of the feed; send it back in `If-None-Match`.', schema: { type: 'string' } } },
    content: {
      'text/calendar': { schema: { type: 'string' }, example: DEADLINE_CALENDAR_EXAMPLE },
    },
  })
  @ApiErrors(404)
  async calendar(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<string | undefined> {
    assertCaseAccessChecked(req);
    const caseId = req.params.case_id as string;
    const { deadlines, today } = await this.feed.of(caseId);
    const body = deadlineCalendar(caseId, deadlines, today);
    const etag = etagOfBody(body);
    res.setHeader('ETag', etag);
    if (ifNoneMatchHits(req.headers['if-none-match'], etag)) {
      res.status(304);
      return undefined;
    }
    return body;
  }
}
