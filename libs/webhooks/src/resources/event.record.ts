import { ApiProperty, ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { eventTypeSchema, field, recordShape, type FieldValues, type StoredEvent } from '@estate/shared-kernel';

export class EventActorView {
  @ApiProperty({ enum: ['user', 'system'], description: 'A user acting with a token, or the service itself.', example: 'user' }) type: 'user' | 'system';
  @ApiProperty({ description: "The user's id, or the service component that acted (`transfer_processor`).", example: '01JF7PZZ0000000000000000AB' }) id: string;
}

export class EventDataView {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The resource as its `GET` returned it at that moment, masked; for `*.deleted`, its last state.',
    example: { id: '01JF7Q2A0B1C2D3E4F5G6H7J8K' },
  })
  object: Record<string, unknown>;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Absent except on `*.updated` and `*.status_changed`: the former values of the fields that changed, masked.',
    example: { status: 'requested' },
  })
  previous_attributes?: Record<string, unknown>;

  @ApiProperty({ type: EventActorView, description: 'Who made the change.' }) actor: EventActorView;
}

/**
 * An event (contract §14.2–§14.3), a row of the kernel's outbox (`events`), which every context writes in the
 * transaction of the change it tells and this context reads (the feed) and pushes (deliveries). Every field is the
 * server's, and a row never changes (`timestamps: false`, `versioned: false`): its `created_at` is a field of its own.
 * The view is what `GET /v1/events/{event_id}` answers and a delivery's body carries.
 */
const eventFields = {
  type: field.string({
    readOnly: true,
    required: true,
    max: 80,
    description: 'The event type, e.g. `transfer.status_changed`; the `webhooks` section describes each.',
    example: 'case.created',
    ownView: true,
    view: { ...(eventTypeSchema('types') as ApiPropertyOptions) },
  }),
  organizationId: field.string({ hidden: true, max: 26, column: { nullable: false } }),
  caseId: field.string({
    readOnly: true,
    max: 26,
    description: 'The case the event concerns; `null` for organization-level events.',
    example: '01JF7Q2A0B1C2D3E4F5G6H7J8K',
    ownView: true,
    view: { type: String, nullable: true },
  }),
  // The outbox's column keeps microseconds (`timestamptz`); every writer stores a JS Date, so it holds whole milliseconds.
  createdAt: field.dateTime({ readOnly: true, required: true, column: { columnType: 'timestamptz' }, description: 'When the change was made (UTC).', example: '2026-01-01T00:00:00.000Z' }),
  data: field.object(() => EventDataView, { readOnly: true, required: true, description: 'The resource and what changed.' }),
  /** The key that makes an event told once (a deadline's overdue notice), unique where set. */
  onceKey: field.string({ hidden: true, max: 120 }),
};

/** An event row as the feed reads it: the stored event and its once-key. */
export type EventRecord = StoredEvent & FieldValues<Pick<typeof eventFields, 'onceKey'>>;

/**
 * Its collection is `/v1/events`, newest first by default and sorted by `created_at` alone. Its filters are the reader's
 * own (`EventReader`), as no kernel kind reads them: `type` takes exact types and `prefix.*` patterns of the catalog,
 * `case_id` one case, `created_after` and `created_before` instants; the routes state their query parameters.
 */
export const eventRecord = recordShape<typeof eventFields, EventRecord>({
  name: 'event',
  table: 'events',
  key: 'own',
  path: 'events',
  filters: { type: { kind: 'own' }, case_id: { kind: 'own' }, created_after: { kind: 'own' }, created_before: { kind: 'own' } },
  sorts: ['created_at'],
  timestamps: false,
  versioned: false,
  patchable: false,
  fields: eventFields,
});

/** `EventView`: the declaration's view, its id said as an event's. */
ApiProperty({ description: 'Identifier of the event (ULID); the `webhook-id` of its deliveries.', example: '01JF7Q3Z8X5N2M4K6P9R0T1V3W' })(eventRecord.view.prototype, 'id');
export const EventView = eventRecord.view;
