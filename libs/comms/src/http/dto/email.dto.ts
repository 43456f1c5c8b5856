import { ApiProperty } from '@nestjs/swagger';
import { EMAIL_STATUSES } from '../../domain/comms-vocabulary';

/** `#26`: the delivery receipt. */
export class EmailReceiptView {
  @ApiProperty({ description: 'The email this receipt is of.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0EM' }) email_id: string;
  @ApiProperty({ type: String, nullable: true, description: "The provider's message id; null until it accepted the message.", example: '<sim-01jbx8q9w4m8z7t3k2n5r6p0em@simulator.estatedesk.invalid>' })
  message_id: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The provider that carried the message; null until then.', example: 'simulator' })
  provider: string | null;
  @ApiProperty({ enum: EMAIL_STATUSES, description: 'Delivery status.', example: 'delivered' }) status: string;
  @ApiProperty({ type: String, nullable: true, description: "The provider's words on a bounce or failure.", example: null })
  status_detail: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the provider accepted the message.' }) sent_at: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it reached the mailbox.' }) delivered_at: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it was first opened.' }) opened_at: string | null;
}
