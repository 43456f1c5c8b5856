import { ApiProperty } from '@nestjs/swagger';
import { TextField } from '@estate/shared-kernel';
import { TRANSFER_STATUSES } from '../../domain/transfer-status';

/** `#27` body. */
export class CancelTransferBody {
  @TextField({ description: 'Why it is cancelled; kept as the status reason.', example: 'Requested by mistake' })
  reason?: string | null;
}

export class TransferEventView {
  @ApiProperty({ description: 'Identifier of the event (ULID).', example: '01JF7Q6A1V2D3H4T5E6V7E8N9T' }) id: string;
  @ApiProperty({ description: 'The transfer.', example: '01JF7Q5T1R2A3N4S5F6E7R8X9Y' }) transfer_id: string;
  @ApiProperty({ description: 'Position in the trail: 1, 2, 3…', example: 1 }) sequence: number;
  @ApiProperty({ type: String, nullable: true, enum: TRANSFER_STATUSES, description: 'State before; null for the request itself.' }) from_status: string | null;
  @ApiProperty({ enum: TRANSFER_STATUSES, description: 'State after.' }) to_status: string;
  @ApiProperty({ description: 'User id, or system:processor.', example: '01JF7PZZ0000000000000000AB' }) actor: string;
  @ApiProperty({ type: String, nullable: true, description: 'Reason given, if any.', example: null }) reason: string | null;
  @ApiProperty({ format: 'date-time', description: 'When it happened (UTC).' }) occurred_at: string;
}
