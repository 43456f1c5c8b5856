import type { ClosureTransferOutcome } from '@estate/closing';
import type { Transfer } from '../domain/transfer';

/**
 * How a transfer that ended (or settled) reads to the closure request that made it (contract-extensions §15.1): the
 * return code of a return, the reason of a rejection, a failure or a cancellation. Null while it is under way.
 */
export function closureOutcomeOf(transfer: Transfer): ClosureTransferOutcome | null {
  const outcome = (settled: boolean, reason: string | null): ClosureTransferOutcome => ({ caseId: transfer.caseId, transferId: transfer.id, settled, reason });
  switch (transfer.status) {
    case 'settled':
      return outcome(true, null);
    case 'returned':
      return outcome(false, transfer.returnCode);
    case 'rejected':
    case 'failed':
      return outcome(false, transfer.statusReason);
    case 'cancelled':
      return outcome(false, `cancelled${transfer.statusReason ? `: ${transfer.statusReason}` : ''}`);
    default:
      return null;
  }
}

