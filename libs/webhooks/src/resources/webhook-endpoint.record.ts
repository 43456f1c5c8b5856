import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString } from 'class-validator';
import { EnumField, eventTypeSchema, field, OwnRecordOf, recordShape } from '@estate/shared-kernel';
import { DISABLED_REASONS, ENDPOINT_STATUSES } from '../domain/webhook-vocabulary';

const MAX_URL_LENGTH = 2048;
const MAX_ENABLED_EVENTS = 100;

/**
 * A list of event types, `prefix.*` patterns or `*`, documented as those that exist (gathered from the declarations at
 * start-up); the use case checks each item against them (a 422 naming each one that is none). The checks run in the
 * order the endpoint's body has always run them (the first failing one is the detail a client reads).
 */
function EventTypeList(): PropertyDecorator {
  return applyDecorators(
    IsString({ each: true, message: 'each item of $property must be a string' }),
    ArrayMaxSize(MAX_ENABLED_EVENTS, { message: `$property may have at most ${MAX_ENABLED_EVENTS} items` }),
    ArrayMinSize(1, { message: '$property must list at least one event type' }),
    IsArray({ message: '$property must be an array' }),
    ApiProperty({ type: 'array', items: eventTypeSchema(), minItems: 1, maxItems: MAX_ENABLED_EVENTS }),
  );
}

/**
 * A webhook endpoint (contract §14.4), a record of its organization, keyed by an id of its own. A client writes its
 * `url`, `description` and `enabled_events` (their views document what is stored, without the body's rules) and
 * moves its `status` by a merge patch; the rest is the server's: the reason it is disabled, and hidden, its
 * organization, its secrets (sealed by the field cipher; the current one is shown at creation and rotation only, by
 * `WebhookEndpointWithSecretView`), when the previous secret stops signing and the failures in a row.
 */
const endpointFields = {
  organizationId: field.string({ hidden: true, max: 26, column: { nullable: false } }),
  url: field.string({
    required: true,
    max: MAX_URL_LENGTH,
    description: 'Where events are POSTed: https, and a host whose every address is public.',
    example: 'https://hooks.example.com/estate-desk',
    ownView: true,
    view: { type: String, description: 'Where events are POSTed.' },
  }),
  description: field.string({
    max: 500,
    description: 'Free text for the organization.',
    example: 'Practice management sync',
    column: { type: 'text' },
    ownView: true,
    view: { type: String, nullable: true, description: 'Free text.' },
  }),
  enabledEvents: field.stringArray({
    required: true,
    body: EventTypeList(),
    description: 'Event types, `prefix.*` patterns or `*` (every event).',
    example: ['person.*', 'transfer.status_changed'],
    // Sent by every create, so no default (the kind's `[]`).
    column: { type: 'string[]', columnType: 'text[]', default: undefined },
    ownView: true,
    view: { type: 'array', items: { type: 'string' }, description: 'Event types, `prefix.*` patterns or `*`.', example: ['person.*'] },
  }),
  status: field.enum(ENDPOINT_STATUSES, {
    readOnly: true,
    required: true,
    description: 'Whether events are sent.',
    example: 'enabled',
    plainColumn: true,
    column: { length: 16 },
    patch: EnumField(ENDPOINT_STATUSES, { description: '`enabled` clears `disabled_reason`; `disabled` by hand sets it to `manual`.', example: 'disabled' }),
  }),
  disabledReason: field.enum(DISABLED_REASONS, {
    readOnly: true,
    description: 'Why it is disabled.',
    example: null,
    plainColumn: true,
    column: { length: 16 },
    view: { type: String, enum: [...DISABLED_REASONS], nullable: true },
  }),
  secret: field.text({
    hidden: true,
    encrypted: true,
    required: true,
    description: 'The signing secret (`whsec_` + base64 of 32 bytes); shown only now.',
    example: 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
  }),
  /** After a rotation, the former secret signs too until `previousSecretExpiresAt`. */
  previousSecret: field.text({ hidden: true, encrypted: true }),
  previousSecretExpiresAt: field.dateTime({ hidden: true }),
  consecutiveFailures: field.integer({ hidden: true, required: true }),
};

/** An endpoint as the application holds it: its secrets in clear (the column type seals them at rest), its version (the ETag's). */
export type WebhookEndpoint = OwnRecordOf<typeof endpointFields> & { version: number };

/** Its collection is `/v1/webhook-endpoints`; its list has no filters and is newest first by default. */
export const webhookEndpointRecord = recordShape<typeof endpointFields, WebhookEndpoint>({
  name: 'webhook endpoint',
  table: 'webhook_endpoints',
  key: 'own',
  path: 'webhook-endpoints',
  fields: endpointFields,
  sorts: ['created_at'],
});

/** The view of a creation and a rotation: the endpoint and its signing secret, shown then only. */
export class WebhookEndpointWithSecretView extends webhookEndpointRecord.view {
  @ApiProperty({ type: String, description: endpointFields.secret.description, example: endpointFields.secret.example }) secret: string;
}
