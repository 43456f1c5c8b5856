import { transferEventRecord } from '../../resources/transfer-event.record';

/** The trail's `transfer_events` table as its declaration maps it. */
export const TransferEventSchema = transferEventRecord.schema;
