import { Injectable } from '@nestjs/common';
import { BankAccounts } from '@estate/assets';
import { ClosureTransferOutcomes } from '@estate/closing';
import { assertIfMatch, CaseResource, CaseResourceReader, Clock, InjectResource, NotFoundError, ResourceEvents, SingleResource, subjectOf, UnitOfWork } from '@estate/shared-kernel';
import type { Transfer } from '../domain/transfer';
import { TransferRepository } from './ports/transfer-repository.port';
import { closureOutcomeOf } from './closure-outcomes';

/**
 * `#27`: cancel a transfer not yet submitted (`409 transfer_not_cancellable` otherwise); frees the source account. A
 * closure request's transfer cancelled through this route is told to the request (its deposit is then blocked);
 * cancelled by the request itself (`byClosure`), it is not.
 */
@Injectable()
export class CancelTransfer {
  constructor(
    @InjectResource('transfer') private readonly resource: CaseResource<Transfer>,
    private readonly transfers: TransferRepository,
    private readonly accounts: BankAccounts,
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
    private readonly clock: Clock,
    private readonly events: ResourceEvents,
    private readonly closures: ClosureTransferOutcomes,
  ) {}

  execute(scope: { caseId: string }, id: string, reason: string | null, actor: string, ifMatch: string | undefined, options: { byClosure?: boolean } = {}): Promise<SingleResource> {
    return this.uow.run(
      async (em) => {
        const transfer = await this.transfers.load(scope.caseId, id, { lock: true });
        if (!transfer) throw new NotFoundError('transfer');
        assertIfMatch(ifMatch, this.reader.etag(this.resource, transfer));
        const before = this.reader.view(this.resource, transfer);
        transfer.cancel(reason, actor, this.clock.now());
        await this.transfers.save(transfer);
        await releaseAccount(this.accounts, transfer.caseId, transfer.bankAccountId, transfer.id);
        const presented = this.reader.present(this.resource, transfer);
        await this.events.changed(em, subjectOf(this.resource, scope), before, presented.data as Record<string, unknown>);
        const outcome = closureOutcomeOf(transfer);
        if (outcome && !options.byClosure) await this.closures.tell(outcome);
        return presented;
      },
      { caseId: scope.caseId },
    );
  }
}

/** Clears the source's `active_transfer_id` if it still names this transfer (the account may be gone). */
export async function releaseAccount(accounts: BankAccounts, caseId: string, accountId: string, transferId: string): Promise<void> {
  const account = await accounts.ofCase(caseId, accountId);
  if (account?.instantTransfer.active_transfer_id === transferId) await accounts.setActiveTransfer(caseId, accountId, null);
}
