import { ApiProperty } from '@nestjs/swagger';
import { EnumField, RecordView, StringField, TextField } from '@estate/shared-kernel';
import { CLOSURE_ACCOUNT_TYPES, CLOSURE_METHODS, CLOSURE_REQUEST_STATUSES } from '../../domain/probate-vocabulary';

/** `POST …/closure/requests` (contract-extensions §15.1). */
export class CreateClosureRequestBody {
  @EnumField(CLOSURE_ACCOUNT_TYPES, { required: true, description: 'The kind of account to close.', example: 'bank_account' })
  account_type: string;

  @StringField({ required: true, max: 26, description: 'The account of that kind in this case (not the estate account, not closed).', example: '01JBX8Q9W4M8Z7T3K2N5R6P0BA' })
  account_id: string;

  @EnumField(CLOSURE_METHODS, {
    description: 'standard by default; instant_transfer (bank accounts only) also moves what is still transferable into the estate account by an instant transfer.',
    example: 'standard',
  })
  method?: string | null;

  @TextField({ description: 'Free notes.', example: 'The branch manager expects the letters by mail.' })
  notes?: string | null;
}

/** `PATCH …/closure/requests/{request_id}`: only `notes`. */
export class PatchClosureRequestBody {
  @TextField({ description: 'Free notes.', example: 'Statements to be sent to the executor from now on.' })
  notes?: string | null;
}

/** `POST …/closure/requests/{request_id}/cancel`: the optional body has no fields. */
export class CancelClosureRequestBody {}

const instant = (description: string) => ApiProperty({ type: String, format: 'date-time', nullable: true, description, example: null });

export class ClosureRequestView extends RecordView {
  @ApiProperty({ enum: CLOSURE_ACCOUNT_TYPES, description: 'The kind of account closed.', example: 'bank_account' }) account_type: string;
  @ApiProperty({ description: 'The account closed.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0BA' }) account_id: string;
  @ApiProperty({ description: 'The bank, custodian or carrier, copied from the account.', example: 'First Prairie Bank' }) institution_name: string;
  @ApiProperty({ enum: CLOSURE_METHODS, description: 'How the proceeds reach the estate account.', example: 'standard' }) method: string;
  @ApiProperty({
    enum: CLOSURE_REQUEST_STATUSES,
    description: 'requested until one of its steps starts, then in_progress, completed once every step is completed or skipped; cancelled by the cancel route.',
    example: 'requested',
  })
  status: string;
  @ApiProperty({ type: [String], description: 'Its five closure steps, in order (notify_institution … deposit_proceeds).', example: ['01JBX8Q9W4M8Z7T3K2N5R6P0S1'] })
  step_ids: string[];
  @ApiProperty({ nullable: true, type: String, description: 'The instant transfer of an instant_transfer request; null otherwise.', example: null })
  transfer_id: string | null;
  @ApiProperty({ description: 'The user who made the request.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0US' }) requested_by: string;
  @instant('When the request completed.') completed_at: string | null;
  @instant('When the request was cancelled.') cancelled_at: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Free notes.', example: null }) notes: string | null;
}
