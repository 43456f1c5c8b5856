import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiParam } from '@nestjs/swagger';
import { ApiData, ApiErrors, ApiList, CurrentPrincipal, DescribedTag, ForeignCase, GuestReads, Principal, QueryParameter, ResourceList, SingleResource, checkedCaseOwnerOf, etagOfVersion, eventTypeSchema, managesOrganization } from '@estate/shared-kernel';
import { eventRecord, EventView } from '../resources/event.record';
import { audienceOfCase, EventAudience, EventReader } from '../application/event-reader';
import { presentEvent } from '../application/presentation';

const FILTERS = [
  QueryParameter({
    name: 'type',
    required: false,
    description: 'Only events of these types: an exact type (`transfer.status_changed`), a prefix pattern (`transfer.*`) or `*`; repeat to give several.',
    schema: { type: 'array', items: eventTypeSchema() },
    style: 'form',
    explode: true,
  }),
  QueryParameter({ name: 'created_after', required: false, description: 'Only events created after this instant (ISO 8601).', schema: { type: 'string', format: 'date-time' } }),
  QueryParameter({ name: 'created_before', required: false, description: 'Only events created before this instant (ISO 8601).', schema: { type: 'string', format: 'date-time' } }),
];

function decorate(decorators: MethodDecorator[]): MethodDecorator {
  return (target, key, descriptor) => decorators.forEach((decorator) => decorator(target, key, descriptor));
}

/** Who reads what (contract-extensions §14.3): the cases it reaches, its own or shared with it, and its organization's own events if it manages it. */
function audienceOf(principal: Principal): EventAudience {
  return { organizationId: principal.organizationId, organizationLevel: managesOrganization(principal), sharedCases: Object.keys(principal.collaborations) };
}

/** Contract §14.3: the events of the cases the caller reaches, newest first; an unknown or unreachable event is 404. */
@DescribedTag('events', 'What changed, as events: every create, update, delete and state change of the records of the cases a token reaches, newest first, the same objects webhooks deliver.')
@Controller('v1')
export class EventsController {
  constructor(private readonly events: EventReader) {}

  @Get('events')
  @GuestReads()
  @ApiOperation({ summary: 'List events', description: "The events of every case the caller reaches (its organization's, and those shared with it as a collaborator), newest first, in page or cursor mode. Organization-level events (`case_id` null) are listed to the organization's owners and admins only." })
  @ApiList(EventView, eventRecord.listRules)
  @decorate([...FILTERS, QueryParameter({ name: 'case_id', required: false, description: 'Only the events of this case (its id).', schema: { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' } })])
  @ApiErrors(400)
  list(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>): Promise<ResourceList> {
    return this.events.list(audienceOf(principal), query);
  }

  @Get('events/:event_id')
  @GuestReads()
  @ApiOperation({ summary: 'Read an event', description: 'One event, as its webhook deliveries carry it. An organization-level event is 404 to a member who is neither owner nor admin.' })
  @ApiParam({ name: 'event_id', description: 'Identifier of the event.' })
  @ApiData(EventView)
  @ApiErrors(404)
  async get(@CurrentPrincipal() principal: Principal, @Param('event_id') eventId: string): Promise<SingleResource> {
    const event = await this.events.get(audienceOf(principal), eventId);
    return new SingleResource(presentEvent(event), etagOfVersion('event', event.id, 1));
  }

  @Get('cases/:case_id/events')
  @ForeignCase('not_found')
  @ApiOperation({ summary: "List a case's events", description: 'The events of one case, newest first, with the filters of `GET /v1/events` but `case_id`.' })
  @ApiParam({ name: 'case_id', description: 'Identifier of the case.' })
  @ApiList(EventView, eventRecord.listRules)
  @decorate(FILTERS)
  @ApiErrors(400, 404)
  listOfCase(
    @CurrentPrincipal() principal: Principal,
    @Param('case_id') caseId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: { params?: Record<string, unknown> },
  ): Promise<ResourceList> {
    // The case's owner, not the caller's organization: a collaborator reads the case's events too (contract-extensions §13.1).
    const owner = checkedCaseOwnerOf(req);
    const { case_id: _ignored, ...rest } = query;
    return this.events.list(audienceOfCase(owner), rest, caseId);
  }
}
