import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  AcceptsAnyQuery,
  ApiData,
  ApiDeleted,
  ApiErrors,
  ApiIdempotencyKey,
  ApiList,
  assertCaseAccessChecked,
  ErrorBody,
  etagOfBody,
  etagOfVersion,
  ForeignCase,
  ifNoneMatchHits,
  PublicRoute,
  ResourceList,
  SingleResource,
  WriteRoute,
} from '@estate/shared-kernel';
import { DeadlineFeed } from '../application/deadline-feed.service';
import { DeadlineFeedLinks } from '../application/deadline-feed-links.service';
import { createdDeadlineFeedLinkOf } from '../resources/deadline-feed-link.record';
import { deadlineCalendar } from './deadline-calendar';
import { CreatedDeadlineFeedLinkView, DeadlineFeedLinkView } from './dto/deadline-feed-link.dto';
import { DEADLINE_CALENDAR_EXAMPLE } from './deadline-calendar-example';

const ULID = { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' } as const;
const FEEDS_PATH = 'v1/deadline-feeds';

/** The calendar's absolute address, on the host the client reached this service by. */
function feedUrl(req: Request, token: string): string {
  return `${req.protocol}://${req.get('host')}/${FEEDS_PATH}/${token}.ics`;
}

/**
 * `…/probate/deadlines/feed-links`: the case's private calendar addresses. Registered before the deadlines' own
 * routes, so that `deadlines/feed-links` is never taken for `deadlines/{deadline_id}`.
 */
@ApiTags('probate')
@ForeignCase('not_found')
@Controller('v1/cases/:case_id/probate/deadlines/feed-links')
export class DeadlineFeedLinksController {
  constructor(private readonly links: DeadlineFeedLinks) {}

  @Post()
  @WriteRoute()
  @ApiOperation({
    operationId: 'createDeadlineFeedLink',
    summary: 'Make a private calendar address',
    description:
      "Makes an address of the case's deadline calendar that a calendar application can subscribe to without an Authorization header: " +
      'the same iCalendar document as `GET …/probate/deadlines.ics`, under a signed token. The `url` is shown only in this response; ' +
      'the address never expires and stops working (404) once revoked. Takes no body.',
  })
  @ApiParam({ name: 'case_id', description: 'the case', schema: ULID })
  @ApiIdempotencyKey()
  @ApiData(CreatedDeadlineFeedLinkView, 201)
  @ApiErrors(404)
  async create(@Req() req: Request): Promise<SingleResource> {
    assertCaseAccessChecked(req);
    const { link, token } = await this.links.create(req.params.case_id as string);
    return new SingleResource(createdDeadlineFeedLinkOf(link, feedUrl(req, token)), etagOfVersion('deadline feed link', link.id, 1));
  }

  @Get()
  @ApiOperation({
    operationId: 'listDeadlineFeedLinks',
    summary: 'List private calendar addresses',
    description: "The case's calendar addresses that have not been revoked, without their URLs.",
  })
  @ApiParam({ name: 'case_id', description: 'the case', schema: ULID })
  @ApiList(DeadlineFeedLinkView)
  @ApiErrors(400, 404)
  list(@Req() req: Request, @Query() query: Record<string, unknown>): Promise<ResourceList> {
    assertCaseAccessChecked(req);
    return this.links.list(req.params.case_id as string, query);
  }

  @Delete(':feed_link_id')
  @WriteRoute()
  @HttpCode(204)
  @ApiOperation({
    operationId: 'revokeDeadlineFeedLink',
    summary: 'Revoke a private calendar address',
    description: 'The address answers 404 from now on; calendars subscribed to it stop updating.',
  })
  @ApiParam({ name: 'case_id', description: 'the case', schema: ULID })
  @ApiParam({ name: 'feed_link_id', description: 'the calendar address', schema: ULID })
  @ApiDeleted()
  @ApiErrors(404)
  async revoke(@Req() req: Request, @Param('feed_link_id') id: string): Promise<void> {
    assertCaseAccessChecked(req);
    await this.links.revoke(req.params.case_id as string, id);
  }
}

/**
 * `GET /v1/deadline-feeds/{token}.ics`: a private calendar address, polled by calendar applications without a header
 * and with query parameters of their own. The token is the credential; anything but a live link's is 404.
 */
@ApiTags('probate')
@Controller(FEEDS_PATH)
export class DeadlineFeedsController {
  constructor(
    private readonly links: DeadlineFeedLinks,
    private readonly feed: DeadlineFeed,
  ) {}

  @Get(':token')
  @PublicRoute()
  @AcceptsAnyQuery()
  @ApiOperation({
    // Public: the token in the path is the credential (no bearer token, so no 401 and no per-organization limit).
    security: [],
    operationId: 'getPrivateDeadlineCalendar',
    summary: 'Read a private deadline calendar',
    description:
      'The address `POST …/probate/deadlines/feed-links` made: the case\'s deadlines as iCalendar, without an Authorization header. ' +
      'Calendar applications may add query parameters of their own; they are ignored. Carries an ETag and honours If-None-Match.',
  })
  @ApiParam({ name: 'token', description: 'The signed token of the address, followed by `.ics`.', schema: { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}\\.[A-Za-z0-9_-]{43}(\\.ics)?$' } })
  @ApiProduces('text/calendar')
  @ApiResponse({
    status: 200,
    description: 'The iCalendar (RFC 5545) document.',
    headers: { ETag: { description: 'Entity tag of the calendar; send it back in `If-None-Match`.', schema: { type: 'string' } } },
    content: { 'text/calendar': { schema: { type: 'string' }, example: DEADLINE_CALENDAR_EXAMPLE } },
  })
  @ApiResponse({ status: 304, description: 'Not modified since the ETag sent in If-None-Match.' })
  @ApiResponse({ status: 404, description: 'not_found: no such address, or it was revoked, or its case deleted.', type: ErrorBody })
  async calendar(@Param('token') token: string, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<string | undefined> {
    const caseId = await this.links.caseOf(token.endsWith('.ics') ? token.slice(0, -'.ics'.length) : token);
    const { deadlines, today } = await this.feed.of(caseId);
    const body = deadlineCalendar(caseId, deadlines, today);
    const etag = etagOfBody(body);
    // Set here, once the address is known to be live: a refusal stays a JSON error.
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', 'inline; filename="probate-deadlines.ics"');
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('ETag', etag);
    if (ifNoneMatchHits(req.headers['if-none-match'], etag)) {
      res.status(304);
      return undefined;
    }
    return body;
  }
}
