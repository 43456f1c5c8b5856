/** The statuses of a transfer (contract §8) and the moves between them, as data. */
export const TRANSFER_STATUSES = ['requested', 'verifying', 'approved', 'submitted', 'in_transit', 'settled', 'cancelled', 'rejected', 'returned', 'failed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** One intent method of the aggregate per operation. */
export const TRANSFER_OPERATIONS = ['startVerification', 'approve', 'reject', 'submit', 'markInTransit', 'settle', 'returned', 'cancel', 'fail'] as const;
export type TransferOperation = (typeof TRANSFER_OPERATIONS)[number];

/** From which statuses each operation may run, and where it leads. Anything not listed is refused. */
export const ALLOWED_TRANSITIONS: Readonly<Record<TransferOperation, { from: readonly TransferStatus[]; to: TransferStatus }>> = {
  startVerification: { from: ['requested'], to: 'verifying' },
  approve: { from: ['verifying'], to: 'approved' },
  reject: { from: ['verifying'], to: 'rejected' },
  submit: { from: ['approved'], to: 'submitted' },
  markInTransit: { from: ['submitted'], to: 'in_transit' },
  settle: { from: ['in_transit'], to: 'settled' },
  returned: { from: ['in_transit', 'settled'], to: 'returned' },
  cancel: { from: ['requested', 'verifying', 'approved'], to: 'cancelled' },
  // The processor's terminal state when a step kept failing (its retries exhausted): visible, and the account freed.
  fail: { from: ['requested', 'verifying', 'approved', 'submitted', 'in_transit'], to: 'failed' },
};

/** A transfer in one of these holds its source account (`active_transfer_id`) and blocks case deletion. */
export const ACTIVE_TRANSFER_STATUSES: readonly TransferStatus[] = ['requested', 'verifying', 'approved', 'submitted', 'in_transit'];

export function isActive(status: TransferStatus): boolean {
  return ACTIVE_TRANSFER_STATUSES.includes(status);
}
