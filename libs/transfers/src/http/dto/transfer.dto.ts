import { TextField } from '@estate/shared-kernel';

/** `#27` body. */
export class CancelTransferBody {
  @TextField({ description: 'Why it is cancelled; kept as the status reason.', example: 'Requested by mistake' })
  reason?: string | null;
}

/** The trail's event as its declaration presents it. */
export { TransferEventView } from '../../resources/transfer-event.record';
