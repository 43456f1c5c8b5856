import { Injectable, Logger } from '@nestjs/common';
import { CaseResource, InjectResource, ProviderProcessor, ProviderProcessorSteps, ProviderSteps } from '@estate/shared-kernel';
import type { Fax } from '../domain/fax';
import { FaxProvider } from './ports/fax-provider.port';

export const FAX_STEP_QUEUE = 'fax-step';

/**
 * Sends faxes through their provider in the background (contract-extensions §11.4), one job of the `fax-step` queue
 * per step (the kernel's `ProviderSteps`): `send` a queued fax (→ `sending`, or `failed` when the provider refuses it),
 * `track` one being sent (→ `delivered` or `failed`). Each step holds the fax's row, so a cancel racing the first step
 * waits for it (or the step finds the fax cancelled and does nothing). A provider that cannot be reached is retried
 * after 1, 2, 4 and 8 s, then the fax fails with `provider_unavailable`.
 */
@Injectable()
export class FaxTransmissionProcessor extends ProviderProcessor<Fax> {
  private readonly logger = new Logger('FaxTransmissionProcessor');

  constructor(
    @InjectResource('fax') private readonly resource: CaseResource<Fax>,
    private readonly provider: FaxProvider,
    providerSteps: ProviderSteps,
  ) {
    super(providerSteps);
  }

  protected describeSteps(): ProviderProcessorSteps<Fax> {
    return { queue: FAX_STEP_QUEUE, resource: this.resource, actor: 'fax_processor', firstStatus: 'queued' };
  }

  /** One provider call; false when the provider had nothing new to report. */
  protected async advance(fax: Fax, now: Date): Promise<boolean> {
    try {
      if (fax.status === 'queued') {
        const submission = await this.provider.send({
          id: fax.id,
          toNumber: fax.toNumber,
          fromNumber: fax.fromNumber,
          documentIds: fax.documentIds,
          coverPage: fax.coverPage,
          coverPageNote: fax.coverPageNote,
          pages: fax.pages,
        });
        if (submission.accepted) fax.startSending(submission.providerFaxId, now);
        else fax.fail(submission.failureReason, 0, now, submission.providerFaxId);
        return true;
      }
      const outcome = await this.provider.track({ id: fax.id, providerFaxId: fax.providerFaxId ?? '', toNumber: fax.toNumber, pages: fax.pages });
      if (!outcome) return false;
      if (outcome.status === 'delivered') fax.deliver(outcome.pagesSent, outcome.confirmationNumber, now);
      else fax.fail(outcome.failureReason, outcome.pagesSent, now);
    } catch (error) {
      this.logger.warn({ err: error, fax_id: fax.id }, 'fax provider unreachable; will retry');
      fax.providerUnreachable(now);
    }
    return true;
  }
}
