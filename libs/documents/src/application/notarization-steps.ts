import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CaseResource, InjectResource, PROVIDER_UNREACHABLE, ProviderProcessor, ProviderProcessorSteps, ProviderSteps } from '@estate/shared-kernel';
import type { StoredDocument } from '../domain/document';
import { MAX_DOCUMENT_BYTES } from '../domain/document-vocabulary';
import { notarizedFileName } from '../domain/file-name';
import { Notarization, NotarizationProgress } from '../domain/notarization';
import { CaseProbateState } from '../ports';
import { DocumentStorage } from './document-storage.port';
import { NotaryProvider, TrackedNotarization } from './notary-provider.port';
import { removeSpooled, spool, SpooledFile } from './spooled-file';
import { UploadDocument } from './upload-document';

export const NOTARIZATION_STEP_QUEUE = 'notarization-step';

/**
 * Advances notarizations through the notary provider in the background (contract-extensions §11.4, §11.6), one job of
 * the `notarization-step` queue per step (the kernel's `ProviderSteps`): `open` a new notarization at the provider,
 * then `track` it until it is final; on `completed` the notarized PDF is fetched and stored as a new document of the
 * case in the step's transaction. A provider that cannot be reached is asked again after 1, 2, 4 and 8 s, then the
 * notarization fails with `provider_unavailable`. Expiry needs no loop of its own: every open notarization has a step
 * due no later than its `expires_at` (a quiet provider is asked again at the expiry, not before), and a step that finds
 * the expiry passed moves the notarization to `expired` without asking the provider.
 */
@Injectable()
export class NotarizationSteps extends ProviderProcessor<Notarization> {
  constructor(
    @InjectResource('notarization') private readonly resource: CaseResource<Notarization>,
    @InjectResource('document') private readonly documents: CaseResource<StoredDocument>,
    private readonly provider: NotaryProvider,
    providerSteps: ProviderSteps,
    private readonly storage: DocumentStorage,
    private readonly uploads: UploadDocument,
    private readonly probateState: CaseProbateState,
    private readonly em: EntityManager,
  ) {
    super(providerSteps);
  }

  protected describeSteps(): ProviderProcessorSteps<Notarization> {
    return { queue: NOTARIZATION_STEP_QUEUE, resource: this.resource, actor: 'notary_processor', firstStatus: 'pending_signers', logAs: { provider: 'notary', id: 'notarization_id' } };
  }

  /** One provider call on the held notarization; false when the provider had nothing new to report. */
  protected async advance(notarization: Notarization, now: Date): Promise<boolean> {
    if (notarization.expireIfDue(now)) return true;
    const tracked = await this.trackedOf(notarization);
    const step = await this.callProvider(
      notarization,
      async () => {
        if (notarization.providerTransactionId === null) {
          const opened = await this.provider.open({ ...tracked, document: () => this.storage.open(notarization.documentId) });
          notarization.opened(opened.transactionId, opened.sessionUrl, now, opened.quietUntil, opened.expiresAt);
          return 'opened' as const;
        }
        const transactionId = notarization.providerTransactionId;
        const progress = await this.provider.track({ ...tracked, transactionId, status: notarization.status });
        if (!progress) return null;
        const notarized =
          progress.status === 'completed' ? await spool(await this.provider.notarizedDocument({ id: notarization.id, transactionId, original: () => this.storage.open(notarization.documentId) })) : null;
        return { progress, notarized };
      },
      () => notarization.providerUnavailable(now),
    );
    if (step === null) return false;
    if (step === 'opened' || step === PROVIDER_UNREACHABLE) return true;
    return this.recordProgress(notarization, step.progress, step.notarized, now);
  }

  /** What the provider reported, with the notarized PDF of a completed notarization stored as a document first. */
  private async recordProgress(notarization: Notarization, progress: NotarizationProgress, notarized: SpooledFile | null, now: Date): Promise<boolean> {
    try {
      if (notarized && notarized.sizeBytes > MAX_DOCUMENT_BYTES) notarization.failWith('notarized_document_too_large', now);
      else notarization.record(progress, now, notarized ? (await this.storeNotarized(notarization, notarized)).id : null);
    } finally {
      if (notarized) await removeSpooled(notarized.path);
    }
    return true;
  }

  private async trackedOf(notarization: Notarization): Promise<Omit<TrackedNotarization, 'transactionId' | 'status'>> {
    return {
      id: notarization.id,
      title: notarization.title,
      actType: notarization.actType,
      signers: notarization.signers.map((signer) => ({ name: signer.name, email: signer.email, phone: signer.phone })),
      createdAt: notarization.createdAt,
      expiresAt: notarization.expiresAt,
      commissionState: await this.probateState.stateOf(notarization.caseId),
    };
  }

  /** The notarized PDF as a new document of the case (`notarized_document`, related to the notarization), in the step's transaction. */
  private async storeNotarized(notarization: Notarization, file: SpooledFile): Promise<StoredDocument> {
    const original = await this.em.findOneOrFail(this.documents.schema, { id: notarization.documentId, caseId: notarization.caseId } as never);
    return this.uploads.createWithin(
      notarization.caseId,
      { ...file, fileName: notarizedFileName(original.fileName), contentType: 'application/pdf' },
      { type: 'notarized_document', title: notarization.title, relatedType: 'notarization', relatedId: notarization.id, uploadedBy: notarization.initiatedBy },
    );
  }
}
