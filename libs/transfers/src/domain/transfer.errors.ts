import { ConflictError, DomainError, ErrorDetail } from '@estate/shared-kernel/domain';
import type { TransferOperation, TransferStatus } from './transfer-status';

/** `409 transfer_not_cancellable`: the transfer was submitted to the ACH network, or is already final. */
export class TransferNotCancellable extends ConflictError {
  constructor(status: TransferStatus) {
    super('transfer_not_cancellable', `A transfer in status ${status} can no longer be cancelled.`);
  }
}

/** A move the state machine does not allow (a processor bug, or a race lost): never reaches a client as such. */
export class IllegalTransferMove extends ConflictError {
  constructor(operation: TransferOperation, status: TransferStatus) {
    super('conflict', `A transfer in status ${status} cannot ${operation}.`);
  }
}

/** `422 transfer_not_allowed`: one detail per reason the request is refused. */
export class TransferNotAllowed extends DomainError {
  constructor(details: ErrorDetail[]) {
    super('transfer_not_allowed', 'The transfer is not allowed.', details);
  }
}
