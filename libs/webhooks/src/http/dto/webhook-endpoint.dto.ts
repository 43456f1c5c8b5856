import { ApiProperty, PartialType } from '@nestjs/swagger';
import { ArrayMinSize, ArrayMaxSize, IsArray, IsString } from 'class-validator';
import { EnumField, eventTypeSchema, RecordView, StringField } from '@estate/shared-kernel';

const MAX_URL_LENGTH = 2048;

export class CreateWebhookEndpointBody {
  @StringField({
    required: true,
    max: MAX_URL_LENGTH,
    description: 'Where events are POSTed: https, and a host whose every address is public.',
    example: 'https://hooks.example.com/estate-desk',
  })
  url: string;

  @StringField({ max: 500, description: 'Free text for the organization.', example: 'Practice management sync' })
  description?: string | null;

  @ApiProperty({
    type: 'array',
    // The enum is the types that exist, gathered from the resources' declarations at start-up (checked by the use case).
    items: eventTypeSchema(),
    minItems: 1,
    maxItems: 100,
    required: true,
    description: 'Event types, `prefix.*` patterns or `*` (every event).',
    example: ['person.*', 'transfer.status_changed'],
  })
  @IsArray({ message: '$property must be an array' })
  @ArrayMinSize(1, { message: '$property must list at least one event type' })
  @ArrayMaxSize(100, { message: '$property may have at most 100 items' })
  @IsString({ each: true, message: 'each item of $property must be a string' })
  enabled_events: string[];
}

export class PatchWebhookEndpointBody extends PartialType(CreateWebhookEndpointBody, { skipNullProperties: false }) {
  @EnumField(['enabled', 'disabled'], { description: '`enabled` clears `disabled_reason`; `disabled` by hand sets it to `manual`.', example: 'disabled' })
  status?: 'enabled' | 'disabled';
}

export class WebhookEndpointView extends RecordView {
  @ApiProperty({ description: 'Where events are POSTed.', example: 'https://hooks.example.com/estate-desk' }) url: string;
  @ApiProperty({ type: String, nullable: true, description: 'Free text.', example: 'Practice management sync' }) description: string | null;
  @ApiProperty({ type: 'array', items: { type: 'string' }, description: 'Event types, `prefix.*` patterns or `*`.', example: ['person.*'] })
  enabled_events: string[];
  @ApiProperty({ enum: ['enabled', 'disabled'], description: 'Whether events are sent.', example: 'enabled' }) status: string;
  @ApiProperty({ type: String, enum: ['manual', 'gone', 'failing'], nullable: true, description: 'Why it is disabled.', example: null })
  disabled_reason: string | null;
}

export class WebhookEndpointWithSecretView extends WebhookEndpointView {
  @ApiProperty({ description: 'The signing secret (`whsec_` + base64 of 32 bytes); shown only now.', example: 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=' })
  secret: string;
}

export class DeliveryAttemptView {
  @ApiProperty({ format: 'date-time', description: 'When the attempt started (UTC).' }) attempted_at: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'The HTTP status answered; null when there was no answer.', example: 200 })
  response_status: number | null;
  @ApiProperty({ type: 'integer', description: 'How long the attempt took.', example: 42 }) duration_ms: number;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['timeout', 'connection_error', 'redirect', 'http_status', 'destination_not_allowed'],
    description: 'Why the attempt failed; null when it succeeded.',
    example: null,
  })
  error: string | null;
}

export class WebhookDeliveryView extends RecordView {
  @ApiProperty({ description: 'The endpoint.', example: '01JF7Q5W3E2R1T0Y9V8H7N6P5A' }) endpoint_id: string;
  @ApiProperty({ description: 'The event (also the `webhook-id` header).', example: '01JF7Q3Z8X5N2M4K6P9R0T1V3W' }) event_id: string;
  @ApiProperty({ description: 'The event type.', example: 'person.created' }) event_type: string;
  @ApiProperty({ enum: ['pending', 'succeeded', 'failed', 'cancelled'], description: 'Where the delivery stands.', example: 'succeeded' }) status: string;
  @ApiProperty({ type: [DeliveryAttemptView], description: 'Every attempt, oldest first.' }) attempts: DeliveryAttemptView[];
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the next attempt is due; null once finished.' })
  next_attempt_at: string | null;
}
