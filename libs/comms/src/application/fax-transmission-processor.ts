import { Injectable } from '@nestjs/common';
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
  constructor(
    @InjectResource('fax') private readonly resource: CaseResource<Fax>,
    private readonly provider: FaxProvider,
    providerSteps: ProviderSteps,
  ) {
    super(providerSteps);
  }

  protected describeSteps(): ProviderProcessorSteps<Fax> {
    return { queue: FAX_STEP_QUEUE, resource: this.resource, actor: 'fax_processor', firstStatus: 'queued', logAs: { provider: 'fax', id: 'fax_id' } };
  }

  /** One provider call; false when the provider had nothing new to report. */
  protected async advance(fax: Fax, now: Date): Promise<boolean> {
    const moved = await this.callProvider(
      fax,
      async () => {
        if (fax.status === 'queued') {
          const { id, toNumber, fromNumber, documentIds, coverPage, coverPageNote, pages } = fax;
          const submission = await this.provider.send({ id, toNumber, fromNumber, documentIds, coverPage, coverPageNote, pages });
          if (submission.accepted) fax.startSending(submission.providerFaxId, now);
          else fax.fail(submission.failureReason, 0, now, submission.providerFaxId);
          return true;
        }
        const outcome = await this.provider.track({ id: fax.id, providerFaxId: fax.providerFaxId ?? '', toNumber: fax.toNumber, pages: fax.pages });
        if (!outcome) return false;
        if (outcome.status === 'delivered') fax.deliver(outcome.pagesSent, outcome.confirmationNumber, now);
        else fax.fail(outcome.failureReason, outcome.pagesSent, now);
        return true;
      },
      () => fax.providerUnreachable(now),
    );
    return moved !== false;
  }
}
