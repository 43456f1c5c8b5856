import { ApiProperty, ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { eventTypeSchema } from '@estate/shared-kernel';

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

export class EventView {
  @ApiProperty({ description: 'Identifier of the event (ULID); the `webhook-id` of its deliveries.', example: '01JF7Q3Z8X5N2M4K6P9R0T1V3W' }) id: string;
  @ApiProperty({ ...(eventTypeSchema('types') as ApiPropertyOptions), description: 'The event type, e.g. `transfer.status_changed`; the `webhooks` section describes each.', example: 'case.created' })
  type: string;
  @ApiProperty({ type: String, nullable: true, description: 'The case the event concerns; `null` for organization-level events.', example: '01JF7Q2A0B1C2D3E4F5G6H7J8K' })
  case_id: string | null;
  @ApiProperty({ format: 'date-time', description: 'When the change was made (UTC).', example: '2026-01-01T00:00:00.000Z' }) created_at: string;
  @ApiProperty({ type: EventDataView, description: 'The resource and what changed.' }) data: EventDataView;
}
