import type { TransferStatus } from './transfer-status';

/** One audit event of a transfer: appended with every state change, never updated or deleted. */
export class TransferEvent {
  id: string;
  transferId: string;
  caseId: string;
  /** 1, 2, 3…: the position in the transfer's trail (unique per transfer, so no gap or duplicate goes unseen). */
  sequence: number;
  fromStatus: TransferStatus | null;
  toStatus: TransferStatus;
  /** A user id, or `system:processor`. */
  actor: string;
  reason: string | null;
  occurredAt: Date;
}
