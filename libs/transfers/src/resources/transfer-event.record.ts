import { ApiProperty } from '@nestjs/swagger';
import { field, recordShape, serializeRecord } from '@estate/shared-kernel';
import { TransferEvent } from '../domain/transfer-event';
import { TRANSFER_STATUSES } from '../domain/transfer-status';

/**
 * One event of a transfer's audit trail (`GET …/transfers/{transfer_id}/events`), its fields declared once: appended
 * with every state change by the aggregate, never updated nor deleted (`timestamps: false`, `versioned: false`): its
 * `occurred_at` is a field of its own. Every field is the server's; `case_id` is kept, not presented.
 */
const TRANSFER_EVENT_FIELDS = {
  transferId: field.string({ readOnly: true, required: true, max: 26, description: 'The transfer.', example: '01JF7Q5T1R2A3N4S5F6E7R8X9Y', view: { type: String } }),
  sequence: field.integer({ readOnly: true, required: true, description: 'Position in the trail: 1, 2, 3…', example: 1, view: { type: Number } }),
  fromStatus: field.enum(TRANSFER_STATUSES, {
    readOnly: true,
    plainColumn: true,
    column: { length: 20 },
    description: 'State before; null for the request itself.',
    view: { type: String, nullable: true, enum: TRANSFER_STATUSES },
  }),
  toStatus: field.enum(TRANSFER_STATUSES, { readOnly: true, required: true, plainColumn: true, column: { length: 20 }, description: 'State after.', view: { enum: TRANSFER_STATUSES } }),
  actor: field.string({ readOnly: true, required: true, max: 60, description: 'User id, or system:processor.', example: '01JF7PZZ0000000000000000AB', view: { type: String } }),
  reason: field.text({
    readOnly: true,
    column: { type: 'text', length: undefined },
    description: 'Reason given, if any.',
    example: null,
    view: { type: String, nullable: true, example: null },
  }),
  occurredAt: field.dateTime({ readOnly: true, required: true, description: 'When it happened (UTC).', view: { type: String, format: 'date-time' } }),
};

/** `transfer_events`: the trail's rows, made by the aggregate (`TransferEvent`), read a page at a time. */
export const transferEventRecord = recordShape<typeof TRANSFER_EVENT_FIELDS, TransferEvent>({
  name: 'transfer event',
  table: 'transfer_events',
  entity: TransferEvent,
  timestamps: false,
  versioned: false,
  patchable: false,
  fields: TRANSFER_EVENT_FIELDS,
});

/** `TransferEventView`: the declaration's view, its id said as an event's. */
ApiProperty({ description: 'Identifier of the event (ULID).', example: '01JF7Q6A1V2D3H4T5E6V7E8N9T' })(transferEventRecord.view.prototype, 'id');
export const TransferEventView = transferEventRecord.view;

/** A trail event as `GET …/events` lists it: its visible fields. */
export function transferEventOf(event: TransferEvent): Record<string, unknown> {
  return serializeRecord(event, transferEventRecord.schema);
}
