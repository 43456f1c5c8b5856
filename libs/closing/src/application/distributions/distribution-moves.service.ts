import { Injectable } from '@nestjs/common';
import { LedgerEntries, DistributableAssets, type DistributableAssetKind } from '@estate/assets';
import { AggregateWrites, CaseResource, currentActor, InjectResource, RemoveUseCase, SingleResource, ValidationFailedError } from '@estate/shared-kernel';
import type { Distribution } from '../../domain/distribution';
import { EstateHoldingsCheck } from './estate-holdings';

/**
 * The action routes of a distribution (contract-extensions §12.7): approve and pay check what the estate holds (under
 * the estate accounts' row locks) before moving; pay writes the ledger debit and lowers the balances, or records the gift
 * on the asset, in the same transaction. A move the status forbids is `409 invalid_state` before anything is read.
 */
@Injectable()
export class DistributionMoves implements RemoveUseCase {
  constructor(
    @InjectResource('distribution') private readonly distributions: CaseResource<Distribution>,
    private readonly writes: AggregateWrites,
    private readonly holdings: EstateHoldingsCheck,
    private readonly ledger: LedgerEntries,
    private readonly assets: DistributableAssets,
  ) {}

  approve(scope: { caseId: string }, id: string, ifMatch: string | undefined): Promise<SingleResource> {
    return this.writes.change(this.distributions, scope, id, ifMatch, async (distribution, clock) => {
      distribution.assertMove('approved', 'approved', 'only a planned one can');
      await this.holdings.assertAllowed(distribution);
      const actor = currentActor();
      distribution.approve(actor.type === 'user' ? actor.id : null, clock.now());
    });
  }

  pay(scope: { caseId: string }, id: string, paidDate: string | null, ifMatch: string | undefined): Promise<SingleResource> {
    return this.writes.change(this.distributions, scope, id, ifMatch, async (distribution, clock) => {
      distribution.assertMove('paid', 'paid', 'only an approved one can');
      const date = paidDate ?? clock.today();
      if (date > clock.today()) throw new ValidationFailedError([{ field: 'paid_date', message: 'paid_date must not be after today (UTC)', reason: 'range' }]);
      await this.holdings.assertAllowed(distribution);
      let transactionId: string | null = null;
      if (distribution.kind === 'cash') {
        transactionId = await this.ledger.postDistributionPayment({
          caseId: scope.caseId,
          bankAccountId: distribution.sourceAccountId!,
          date,
          amount: distribution.amount!,
          description: `Distribution to ${distribution.recipientName}`,
          distributionId: distribution.id,
        });
      } else if (distribution.assetId) {
        await this.assets.giveTo(scope.caseId, distribution.assetType as DistributableAssetKind, distribution.assetId, distribution.recipientName);
      }
      distribution.pay(date, transactionId, clock.now());
    });
  }

  cancel(scope: { caseId: string }, id: string, ifMatch: string | undefined): Promise<SingleResource> {
    return this.writes.change(this.distributions, scope, id, ifMatch, (distribution, clock) => distribution.cancel(clock.now()));
  }

  /** `DELETE`: only a planned or cancelled distribution (`409 invalid_state` otherwise). */
  execute(scope: { caseId: string }, id: string, ifMatch: string | undefined): Promise<void> {
    return this.writes.remove(this.distributions, scope, id, ifMatch, async (distribution) => distribution.assertDeletable());
  }
}
