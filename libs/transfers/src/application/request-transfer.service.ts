import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { BankAccounts } from '@estate/assets';
import { CaseResource, CaseResourceReader, Clock, CreateUseCase, ErrorDetail, InjectResource, JsonObject, ResourceEvents, SingleResource, subjectOf, UnitOfWork, ValidationFailedError } from '@estate/shared-kernel';
import { Transfer } from '../domain/transfer';
import { TransferNotAllowed } from '../domain/transfer.errors';
import { TransferRepository } from './ports/transfer-repository.port';
import { TransferStepQueue } from './transfer-step-queue';
import { ineligibilityDetails, overLimitDetail } from './transfer-refusals';

interface RequestTransferBody {
  bank_account_id: string;
  amount: number;
  currency?: string | null;
  memo?: string | null;
}

const cents = (amount: number) => Math.round(amount * 100);

/**
 * `#29`: request an instant transfer. In one transaction (the case row, then the source account row `for update`):
 * the source must be eligible, the amount within `max_transfer_amount` minus what is in flight, the case
 * must have an estate account and the source no active transfer — else `422 transfer_not_allowed`, one detail per
 * reason. The new transfer becomes the source's `active_transfer_id`.
 */
@Injectable()
export class RequestTransfer implements CreateUseCase {
  constructor(
    @InjectResource('transfer') private readonly resource: CaseResource<Transfer>,
    private readonly transfers: TransferRepository,
    private readonly accounts: BankAccounts,
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
    private readonly clock: Clock,
    private readonly events: ResourceEvents,
    private readonly steps: TransferStepQueue,
  ) {}

  execute(scope: { caseId: string } & Record<string, string>, body: JsonObject, actor?: string): Promise<SingleResource> {
    if (!actor) throw new Error('RequestTransfer needs the requesting user');
    const input = body as unknown as RequestTransferBody;
    return this.uow.run(
      async (em) => {
        const source = await this.accounts.ofCase(scope.caseId, input.bank_account_id, { lock: true });
        if (!source) throw new ValidationFailedError([{ field: 'bank_account_id', message: 'bank_account_id must name a bank account of this case', reason: 'rule' }]);
        const estate = await this.accounts.estateAccountOf(scope.caseId);
        const reasons: ErrorDetail[] = [];
        const eligible = source.instantTransfer.eligibility === 'eligible';
        if (!eligible) reasons.push(...ineligibilityDetails(source, await this.accounts.ineligibilityOf(source)));
        const inFlight = await this.transfers.inFlightAmount(source.id);
        const remaining = (cents(source.instantTransfer.max_transfer_amount) - cents(inFlight)) / 100;
        if (cents(input.amount) > cents(remaining)) reasons.push(overLimitDetail(input.amount, source, inFlight, remaining));
        if (!estate) reasons.push({ field: 'estate_account_id', message: 'the case has no estate account (a bank account with is_estate_account true)', reason: 'rule' });
        const active = source.instantTransfer.active_transfer_id;
        if (active !== null || (await this.transfers.hasActive(source.id))) {
          const which = active !== null ? ` (transfer ${active})` : '';
          reasons.push({ field: 'bank_account_id', message: `the source account already has an active transfer${which}; one transfer at a time leaves an account`, reason: 'conflict' });
        }
        if (reasons.length > 0 || !estate) throw new TransferNotAllowed(reasons);
        const transfer = Transfer.request(
          {
            id: ulid(),
            caseId: scope.caseId,
            bankAccountId: source.id,
            estateAccountId: estate.id,
            amount: input.amount,
            currency: input.currency ?? 'USD',
            memo: input.memo ?? null,
            requestedBy: actor,
          },
          this.clock.now(),
        );
        await this.transfers.save(transfer);
        await this.steps.scheduleNext(transfer);
        await this.accounts.setActiveTransfer(scope.caseId, source.id, transfer.id);
        const presented = this.reader.present(this.resource, transfer);
        await this.events.created(em, subjectOf(this.resource, scope), presented.data as Record<string, unknown>);
        return presented;
      },
      { caseId: scope.caseId },
    );
  }
}
