import { ApiProperty } from '@nestjs/swagger';
import { EnumField, MoneyField, RecordView, StringField, TextField } from '@estate/shared-kernel';
import { TRANSFER_STATUSES } from '../../domain/transfer-status';

/** `#29` body: pull `amount` from an eligible account of the case into the case's estate account. */
export class CreateTransferBody {
  @StringField({ required: true, max: 26, description: 'The source: a bank account of this case.', example: '01JD8X6Q6B7J5V3K2M1N0P9R8S' })
  bank_account_id: string;

  @MoneyField({ required: true, min: 0.01, description: 'Amount to transfer, more than 0.', example: 12500.5 })
  amount: number;

  @EnumField(['USD'], { description: 'Currency; USD when unset.', example: 'USD' })
  currency?: string | null;

  @TextField({ description: 'Free memo.', example: 'Checking balance to the estate account' })
  memo?: string | null;
}

/** `#27` body. */
export class CancelTransferBody {
  @TextField({ description: 'Why it is cancelled; kept as the status reason.', example: 'Requested by mistake' })
  reason?: string | null;
}

export class TransferView extends RecordView {
  @ApiProperty({ description: "The case.", example: '01JF7Q2A0B1C2D3E4F5G6H7J8K' }) case_id: string;
  @ApiProperty({ description: 'Source account.', example: '01JF7Q4B6C8D0E2F4G6H8J0K2M' }) bank_account_id: string;
  @ApiProperty({ description: "The case's estate account (destination).", example: '01JF7Q4E1S2T3A4T5E6A7C8C9T' }) estate_account_id: string;
  @ApiProperty({ example: 'ach_debit', description: 'How the funds are pulled.' }) method: string;
  @ApiProperty({ example: 12500.5, description: 'Amount requested.' }) amount_requested: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Amount settled; null until settlement.', example: null }) amount_settled: number | null;
  @ApiProperty({ example: 'USD', description: 'Currency.' }) currency: string;
  @ApiProperty({ type: String, nullable: true, description: 'Free memo.', example: 'Checking balance to the estate account' }) memo: string | null;
  @ApiProperty({ enum: TRANSFER_STATUSES, description: 'Where the transfer stands: `requested`, `verifying`, `approved`, `submitted`, `in_transit`, `settled`; or one of the ends `cancelled`, `rejected`, `returned`, `failed` (processing stopped after repeated failures; `status_reason` says why).' }) status: string;
  @ApiProperty({ type: String, nullable: true, description: 'Why it was cancelled, rejected or returned.', example: null }) status_reason: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'ACH return code of a returned transfer (`R15` for a deceased account holder); null otherwise.' }) return_code: string | null;
  @ApiProperty({ description: 'The requesting user.', example: '01JF7PZZ0000000000000000AB' }) requested_by: string;
  @ApiProperty({ format: 'date-time', description: 'When it was requested.' }) requested_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it was submitted to the ACH network.', example: null }) submitted_at: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it settled.', example: null }) settled_at: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      "When the settled money becomes available in the estate account: settlement raises the estate account's current_balance at once and its " +
      'available_balance only from this moment, once a return of the transfer can no longer come (two banking days after settlement; with the ' +
      'simulator, its return delay). Null before settlement, and for a transfer returned while its money was held.',
    example: null,
  })
  funds_available_at: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'The next banking day after submission.', example: null }) expected_settlement_date: string | null;
  @ApiProperty({ type: String, nullable: true, description: '15-digit ACH trace number, set on submission.', example: null }) trace_number: string | null;
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
