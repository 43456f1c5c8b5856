import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  ApiData,
  ApiDeleted,
  ApiErrors,
  ApiIdempotencyKey,
  ApiIfMatch,
  ApiList,
  CurrentPrincipal,
  etagOfBody,
  IfMatch,
  OrganizationManagersOnly,
  parseListQuery,
  Principal,
  ResourceList,
  ServesResources,
  SingleResource,
  ValidBody,
  WriteRoute,
  memberOrganizationOf,
} from '@estate/shared-kernel';
import { EventView } from '../resources/event.record';
import { WebhookQueries } from '../application/webhook-queries';
import { webhookEndpointManifest } from '../resources/webhook-endpoint.manifest';
import { WebhookEndpoints } from '../application/webhook-endpoints.service';
import type { CreateEndpointInput, EndpointPatch } from '../application/webhook-endpoints.service';
import { WEBHOOK_DELIVERY_LIST, webhookDeliveryRecord } from '../resources/webhook-delivery.record';
import { webhookEndpointRecord, WebhookEndpointWithSecretView } from '../resources/webhook-endpoint.record';

const ULID = { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' } as const;
const ROLES_NOTE = ' Organization-level: owners and admins only (a member is `403 forbidden`).';
const FORBIDDEN = { status: 403, code: 'forbidden', message: "Only the organization's owners and admins may do this." };

/** `/v1/webhook-endpoints` (contract §14.4, §14.6): the organization's endpoints and their delivery logs. */
@ApiTags(webhookEndpointManifest.tag)
@ServesResources(webhookEndpointManifest)
@Controller(`v1/${webhookEndpointRecord.path}`)
@UseGuards(OrganizationManagersOnly)
export class WebhookEndpointsController {
  constructor(
    private readonly endpoints: WebhookEndpoints,
    private readonly queries: WebhookQueries,
  ) {}

  @Post()
  @WriteRoute()
  @ApiOperation({
    summary: 'Create a webhook endpoint',
    description:
      'Registers a URL to receive the events whose types match `enabled_events`. The `secret` that signs deliveries is in this response only. ' +
      'The URL must be https and resolve to public addresses only (422 on `url`); at most 20 endpoints per organization (422).' +
      ROLES_NOTE,
  })
  @ApiBody({ type: webhookEndpointRecord.create })
  @ApiIdempotencyKey()
  @ApiData(WebhookEndpointWithSecretView, 201)
  @ApiErrors(FORBIDDEN, 400, 413, 415, 422)
  async create(@CurrentPrincipal() principal: Principal, @ValidBody(webhookEndpointRecord.create) body: CreateEndpointInput): Promise<SingleResource> {
    const created = await this.endpoints.create(memberOrganizationOf(principal), body);
    return new SingleResource(created.data, created.etag);
  }

  @Get()
  @ApiOperation({ summary: 'List webhook endpoints', description: "The organization's webhook endpoints, in page mode or cursor mode." + ROLES_NOTE })
  @ApiList(webhookEndpointRecord.view, webhookEndpointRecord.listRules)
  @ApiErrors(FORBIDDEN, 400)
  list(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>): Promise<ResourceList> {
    return this.queries.endpoints(memberOrganizationOf(principal), parseListQuery(query, webhookEndpointRecord.listRules, ['webhook endpoints', memberOrganizationOf(principal)]));
  }

  @Get(':endpoint_id')
  @ApiParam({ name: 'endpoint_id', description: 'the webhook endpoint', schema: ULID })
  @ApiOperation({ summary: 'Read a webhook endpoint', description: 'One endpoint of the organization, without its secret; another organization\'s is 404.' })
  @ApiData(webhookEndpointRecord.view)
  @ApiErrors(FORBIDDEN, 404)
  async read(@CurrentPrincipal() principal: Principal, @Param('endpoint_id') id: string): Promise<SingleResource> {
    const found = await this.endpoints.get(memberOrganizationOf(principal), id);
    return new SingleResource(found.data, found.etag);
  }

  @Patch(':endpoint_id')
  @WriteRoute()
  @ApiParam({ name: 'endpoint_id', description: 'the webhook endpoint', schema: ULID })
  @ApiOperation({
    summary: 'Update a webhook endpoint',
    description:
      'JSON Merge Patch (RFC 7396) of `url`, `description`, `enabled_events` and `status`. `enabled` clears `disabled_reason` (and the failure count); ' +
      '`disabled` by hand sets it to `manual`. A new `url` is checked like on creation.',
  })
  @ApiBody({ type: webhookEndpointRecord.patch! })
  @ApiIfMatch()
  @ApiData(webhookEndpointRecord.view)
  @ApiErrors(FORBIDDEN, 400, 404, 412, 413, 415, 422)
  async patch(
    @CurrentPrincipal() principal: Principal,
    @Param('endpoint_id') id: string,
    @ValidBody(webhookEndpointRecord.patch) body: EndpointPatch,
    @IfMatch() ifMatch?: string,
  ): Promise<SingleResource> {
    const patched = await this.endpoints.patch(memberOrganizationOf(principal), id, body, ifMatch);
    return new SingleResource(patched.data, patched.etag);
  }

  @Delete(':endpoint_id')
  @WriteRoute()
  @HttpCode(204)
  @ApiParam({ name: 'endpoint_id', description: 'the webhook endpoint', schema: ULID })
  @ApiOperation({ summary: 'Delete a webhook endpoint', description: 'Deletes the endpoint; its pending deliveries become `cancelled`. Answers 204 with no body.' })
  @ApiDeleted()
  @ApiIfMatch()
  @ApiErrors(FORBIDDEN, 404, 412)
  async remove(@CurrentPrincipal() principal: Principal, @Param('endpoint_id') id: string, @IfMatch() ifMatch?: string): Promise<void> {
    await this.endpoints.remove(memberOrganizationOf(principal), id, ifMatch);
  }

  @Post(':endpoint_id/rotate-secret')
  @WriteRoute()
  @HttpCode(200)
  @ApiParam({ name: 'endpoint_id', description: 'the webhook endpoint', schema: ULID })
  @ApiOperation({
    summary: "Rotate a webhook endpoint's secret",
    description: 'A new secret, shown in this response only. For 24 hours deliveries carry two signatures, one per secret, so receivers can switch without loss.',
  })
  @ApiIdempotencyKey()
  @ApiData(WebhookEndpointWithSecretView)
  @ApiErrors(FORBIDDEN, 400, 404)
  async rotateSecret(@CurrentPrincipal() principal: Principal, @Param('endpoint_id') id: string): Promise<SingleResource> {
    const rotated = await this.endpoints.rotateSecret(memberOrganizationOf(principal), id);
    return new SingleResource(rotated.data, rotated.etag);
  }

  @Post(':endpoint_id/ping')
  @WriteRoute()
  @ApiParam({ name: 'endpoint_id', description: 'the webhook endpoint', schema: ULID })
  @ApiOperation({ summary: 'Ping a webhook endpoint', description: 'Emits a `webhook_endpoint.ping` event, delivered to this endpoint only (whatever its `enabled_events`).' })
  @ApiIdempotencyKey()
  @ApiData(EventView, 201)
  @ApiErrors(FORBIDDEN, 400, 404)
  async ping(@CurrentPrincipal() principal: Principal, @Param('endpoint_id') id: string): Promise<SingleResource> {
    const event = await this.endpoints.ping(memberOrganizationOf(principal), id);
    return new SingleResource(event, etagOfBody(event));
  }

  @Get(':endpoint_id/deliveries')
  @ApiParam({ name: 'endpoint_id', description: 'the webhook endpoint', schema: ULID })
  @ApiOperation({ summary: 'List deliveries of a webhook endpoint', description: 'The delivery log, newest first by default; kept 30 days. Cursor mode recommended.' })
  @ApiList(webhookDeliveryRecord.view, WEBHOOK_DELIVERY_LIST)
  @ApiErrors(FORBIDDEN, 400, 404)
  deliveries(@CurrentPrincipal() principal: Principal, @Param('endpoint_id') id: string, @Query() query: Record<string, unknown>): Promise<ResourceList> {
    return this.queries.deliveries(memberOrganizationOf(principal), id, parseListQuery(query, WEBHOOK_DELIVERY_LIST, ['webhook deliveries', memberOrganizationOf(principal), id]));
  }

  @Get(':endpoint_id/deliveries/:delivery_id')
  @ApiParam({ name: 'endpoint_id', description: 'the webhook endpoint', schema: ULID })
  @ApiParam({ name: 'delivery_id', description: 'the delivery', schema: ULID })
  @ApiOperation({ summary: 'Read a webhook delivery', description: 'One delivery with every attempt (time, status answered, duration, error).' })
  @ApiData(webhookDeliveryRecord.view)
  @ApiErrors(FORBIDDEN, 404)
  async delivery(@CurrentPrincipal() principal: Principal, @Param('endpoint_id') id: string, @Param('delivery_id') deliveryId: string): Promise<SingleResource> {
    const found = await this.endpoints.delivery(memberOrganizationOf(principal), id, deliveryId);
    return new SingleResource(found.data, found.etag);
  }

  @Post(':endpoint_id/deliveries/:delivery_id/retry')
  @WriteRoute()
  @HttpCode(200)
  @ApiParam({ name: 'endpoint_id', description: 'the webhook endpoint', schema: ULID })
  @ApiParam({ name: 'delivery_id', description: 'the delivery', schema: ULID })
  @ApiOperation({
    summary: 'Retry a webhook delivery',
    description: 'A `failed`, `succeeded` or `cancelled` delivery goes back to `pending` and is tried at once; a `pending` one is `409 invalid_state`.',
  })
  @ApiIdempotencyKey()
  @ApiData(webhookDeliveryRecord.view)
  @ApiErrors(FORBIDDEN, 400, 404, { status: 409, code: 'invalid_state', message: 'The delivery is still pending; it will be attempted on its schedule.' })
  async retry(@CurrentPrincipal() principal: Principal, @Param('endpoint_id') id: string, @Param('delivery_id') deliveryId: string): Promise<SingleResource> {
    const delivery = await this.endpoints.retry(memberOrganizationOf(principal), id, deliveryId);
    return new SingleResource(delivery, etagOfBody(delivery));
  }
}
