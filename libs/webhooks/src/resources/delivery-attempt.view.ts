import { ApiProperty } from '@nestjs/swagger';
import { ATTEMPT_ERRORS, AttemptError, DeliveryAttempt } from '../domain/delivery-rules';

/** One attempt of a delivery as its log shows it (`attempts`, stored as the JSON the dispatcher wrote). */
export class DeliveryAttemptView implements DeliveryAttempt {
  @ApiProperty({ format: 'date-time', description: 'When the attempt started (UTC).' }) attempted_at: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'The HTTP status answered; null when there was no answer.', example: 200 })
  response_status: number | null;
  @ApiProperty({ type: 'integer', description: 'How long the attempt took.', example: 42 }) duration_ms: number;
  @ApiProperty({ type: String, nullable: true, enum: [...ATTEMPT_ERRORS], description: 'Why the attempt failed; null when it succeeded.', example: null })
  error: AttemptError | null;
}
