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
  @ApiProperty({ description: "The case." }) case_id: string;
  @ApiProperty({ description: 'Source account.' }) bank_account_id: string;
  @ApiProperty({ description: "The case's estate account (destination)." }) estate_account_id: string;
  @ApiProperty({ example: 'ach_debit', description: 'How the funds are pulled.' }) method: string;
  @ApiProperty({ example: 12500.5, description: 'Amount requested.' }) amount_requested: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Amount settled; null until settlement.' }) amount_settled: number | null;
  @ApiProperty({ example: 'USD', description: 'Currency.' }) currency: string;
  @ApiProperty({ type: String, nullable: true, description: 'Free memo.' }) memo: string | null;
  @ApiProperty({ enum: TRANSFER_STATUSES, description: 'Where the transfer stands: `requested`, `verifying`, `approved`, `submitted`, `in_transit`, `settled`; or one of the ends `cancelled`, `rejected`, `returned`, `failed` (processing stopped after repeated failures; `status_reason` says why).' }) status: string;
  @ApiProperty({ type: String, nullable: true, description: 'Why it was cancelled, rejected or returned.' }) status_reason: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'R15', description: 'ACH return code of a returned transfer.' }) return_code: string | null;
  @ApiProperty({ description: 'The requesting user.' }) requested_by: string;
  @ApiProperty({ format: 'date-time', description: 'When it was requested.' }) requested_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it was submitted to the ACH network.' }) submitted_at: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it settled.' }) settled_at: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'The next banking day after submission.' }) expected_settlement_date: string | null;
  @ApiProperty({ type: String, nullable: true, description: '15-digit ACH trace number, set on submission.' }) trace_number: string | null;
}

export class TransferEventView {
  @ApiProperty({ description: 'Identifier of the event (ULID).' }) id: string;
  @ApiProperty({ description: 'The transfer.' }) transfer_id: string;
  @ApiProperty({ description: 'Position in the trail: 1, 2, 3…' }) sequence: number;
  @ApiProperty({ type: String, nullable: true, enum: TRANSFER_STATUSES, description: 'State before; null for the request itself.' }) from_status: string | null;
  @ApiProperty({ enum: TRANSFER_STATUSES, description: 'State after.' }) to_status: string;
  @ApiProperty({ description: 'User id, or system:processor.' }) actor: string;
  @ApiProperty({ type: String, nullable: true, description: 'Reason given, if any.' }) reason: string | null;
  @ApiProperty({ format: 'date-time', description: 'When it happened (UTC).' }) occurred_at: string;
}
