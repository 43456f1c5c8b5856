import { Injectable } from '@nestjs/common';
import { BankAccounts } from '@estate/assets';
import { ClosureTransferCancellation, ClosureTransferDesk as Desk, ClosureTransferRequest, RequestedClosureTransfer } from '@estate/closing';
import { centsOf, centsToNumber } from '@estate/shared-kernel/domain';
import { TransferNotAllowed } from '../domain/transfer.errors';
import { CancelTransfer } from './cancel-transfer.service';
import { TransferRepository } from './ports/transfer-repository.port';
import { RequestTransfer } from './request-transfer.service';

/** Statuses in which a transfer ended without moving money: a closure request has nothing of it to cancel. */
const ENDED_WITHOUT_MONEY: readonly string[] = ['cancelled', 'rejected', 'returned', 'failed'];

/**
 * The transfers context's answer to the closing context's `ClosureTransfers` port (contract-extensions §15.1): an
 * `instant_transfer` closure request's transfer, requested and cancelled by §8's own use cases in the caller's
 * transaction, so every §8 rule, audit event and `transfer.*` event applies as it does through the transfer routes.
 */
@Injectable()
export class ClosureTransferDesk implements Desk {
  constructor(
    private readonly requesting: RequestTransfer,
    private readonly cancelling: CancelTransfer,
    private readonly transfers: TransferRepository,
    private readonly accounts: BankAccounts,
  ) {}

  /** The amount still transferable: `max_transfer_amount` less what is in flight (§8); a refusal names `account_id`. */
  async request(request: ClosureTransferRequest): Promise<RequestedClosureTransfer> {
    try {
      const source = await this.accounts.ofCase(request.caseId, request.bankAccountId, { lock: true });
      const inFlight = source ? await this.transfers.inFlightAmount(source.id) : 0;
      const amount = source ? centsToNumber((centsOf(source.instantTransfer.max_transfer_amount) ?? 0n) - (centsOf(inFlight) ?? 0n)) : 0;
      if (source && amount <= 0 && source.instantTransfer.eligibility === 'eligible' && source.instantTransfer.active_transfer_id === null) {
        throw new TransferNotAllowed([{ field: 'amount', message: 'nothing is left to transfer: the account has reached the instant-transfer limit (max_transfer_amount 0.00)', reason: 'rule' }]);
      }
      const presented = await this.requesting.execute({ caseId: request.caseId }, { bank_account_id: request.bankAccountId, amount, memo: request.memo }, request.requestedBy);
      return { id: (presented.data as { id: string }).id, amount };
    } catch (error) {
      if (!(error instanceof TransferNotAllowed)) throw error;
      // The closure request's body names the account `account_id`.
      throw new TransferNotAllowed((error.details ?? []).map((detail) => (detail.field === 'bank_account_id' ? { ...detail, field: 'account_id' } : detail)));
    }
  }

  async cancel(caseId: string, transferId: string, actor: string, reason: string): Promise<ClosureTransferCancellation> {
    const transfer = await this.transfers.load(caseId, transferId, { lock: true });
    if (!transfer || ENDED_WITHOUT_MONEY.includes(transfer.status)) return 'ended';
    // Refused from `submitted` on (and once settled) with 409 transfer_not_cancellable, the transfer unchanged.
    await this.cancelling.execute({ caseId }, transferId, reason, actor, undefined, { byClosure: true });
    return 'cancelled';
  }
}
