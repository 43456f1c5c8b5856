/** The §8 transfer a closure request asks for: the bank account to empty into the estate account, on whose behalf. */
export interface ClosureTransferRequest {
  caseId: string;
  bankAccountId: string;
  /** The user who made the closure request: the transfer's `requested_by`. */
  requestedBy: string;
  memo: string;
}

/** The transfer made: its id and the amount it moves (what was still transferable). */
export interface RequestedClosureTransfer {
  id: string;
  amount: number;
}

/** What cancelling a closure request's transfer did: cancelled it, or found it already ended without money moved. */
export type ClosureTransferCancellation = 'cancelled' | 'ended';

/** What the transfers context answers for a closure request (it registers one in its module's `onModuleInit`). */
export interface ClosureTransferDesk {
  /**
   * Requests the §8 transfer of the amount still transferable (`max_transfer_amount` less what is in flight), in the
   * caller's transaction. A §8 refusal throws `422 transfer_not_allowed`, its details naming the closure request's
   * fields (`account_id`).
   */
  request(request: ClosureTransferRequest): Promise<RequestedClosureTransfer>;
  /**
   * Cancels the transfer under §8, in the caller's transaction. A transfer already cancelled, rejected, returned or
   * failed moved no money and answers `ended`; one submitted, in transit or settled throws `409 transfer_not_cancellable`.
   */
  cancel(caseId: string, transferId: string, actor: string, reason: string): Promise<ClosureTransferCancellation>;
}

/**
 * Where a closure request reaches §8's transfers (contract-extensions §15.1, `instant_transfer`). The closing context
 * owns this port and the transfers context answers it (`answerWith`): transfers already depends on the contexts below
 * it, so closing never imports transfers and there is no cycle.
 */
export abstract class ClosureTransfers {
  abstract answerWith(desk: ClosureTransferDesk): void;
  abstract request(request: ClosureTransferRequest): Promise<RequestedClosureTransfer>;
  abstract cancel(caseId: string, transferId: string, actor: string, reason: string): Promise<ClosureTransferCancellation>;
}

/** The closing context's side of the port: the desk the transfers context registered. */
export class AnsweredClosureTransfers extends ClosureTransfers {
  private desk?: ClosureTransferDesk;

  answerWith(desk: ClosureTransferDesk): void {
    this.desk = desk;
  }

  request(request: ClosureTransferRequest): Promise<RequestedClosureTransfer> {
    return this.answered().request(request);
  }

  cancel(caseId: string, transferId: string, actor: string, reason: string): Promise<ClosureTransferCancellation> {
    return this.answered().cancel(caseId, transferId, actor, reason);
  }

  private answered(): ClosureTransferDesk {
    if (!this.desk) throw new Error('no transfers context answers closure transfers (TransfersModule is not loaded)');
    return this.desk;
  }
}
