import { Injectable } from '@nestjs/common';
import { CaseIdentitySubjects, IdentitySubject } from '@estate/case';
import { CaseResource, InjectResource, ProviderProcessor, ProviderProcessorSteps, ProviderSteps } from '@estate/shared-kernel';
import { IdentityVerification } from '../domain/identity-verification';
import { CHECKS_OF_METHOD } from '../domain/verification-vocabulary';
import { ExecutorIdentityProjection } from './executor-identity-projection';
import { IdentityVerificationProvider, IdentityVerificationRequest } from './ports/identity-verification-provider.port';
import { VerificationDocuments } from './ports/verification-documents.port';

export const IDENTITY_VERIFICATION_STEP_QUEUE = 'identity-verification-step';

/**
 * Advances identity verifications through the provider in the background (contract-extensions §11.4, §11.7), one job
 * of the `identity-verification-step` queue per step (the kernel's `ProviderSteps`): `start` a pending verification
 * (it becomes `processing`, with its `session_url`), then ask for the `outcome` until the provider has decided
 * (`verified` or `failed`). The subject's facts are read from their record at each step, never stored here. A provider
 * that cannot be reached is retried after 1, 2, 4 and 8 s, then the verification fails with `provider_unavailable`. Each
 * move of an executor verification is handed to the executor's `identity_status` in the same transaction. Nothing of
 * the subject (and nothing a provider says in an error) is logged.
 */
@Injectable()
export class IdentityVerificationProcessor extends ProviderProcessor<IdentityVerification> {
  constructor(
    @InjectResource('identity verification') private readonly resource: CaseResource<IdentityVerification>,
    private readonly provider: IdentityVerificationProvider,
    providerSteps: ProviderSteps,
    private readonly subjects: CaseIdentitySubjects,
    private readonly documents: VerificationDocuments,
    private readonly projection: ExecutorIdentityProjection,
  ) {
    super(providerSteps);
  }

  protected describeSteps(): ProviderProcessorSteps<IdentityVerification> {
    return { queue: IDENTITY_VERIFICATION_STEP_QUEUE, resource: this.resource, actor: 'identity_verification_processor', firstStatus: 'pending', logAs: { provider: 'identity', id: 'verification_id' } };
  }

  /** One provider call; false when the provider had nothing new to report. */
  protected async advance(verification: IdentityVerification, now: Date): Promise<boolean> {
    const request = await this.requestOf(verification);
    if (request === null) {
      // The subject's record was deleted while the verification ran: there is no one left to match.
      verification.recordOutcome(
        {
          status: 'failed',
          checks: CHECKS_OF_METHOD[verification.method].map((check) => ({ check, status: 'not_checked' as const })),
          failureCode: verification.subject === 'executor' ? 'identity_mismatch' : 'no_death_record',
        },
        now,
      );
    } else {
      const moved = await this.callProvider(
        verification,
        async () => {
          if (verification.status === 'pending') {
            const started = await this.provider.start(request);
            verification.recordStarted(this.provider.name, started.reference, started.sessionUrl, now);
            return true;
          }
          const outcome = await this.provider.outcome({ ...request, reference: verification.providerReference ?? '' });
          if (!outcome) return false;
          verification.recordOutcome(outcome, now);
          return true;
        },
        () => verification.recordProviderUnavailable(now),
      );
      if (moved === false) return false;
    }
    await this.projection.handOver(verification);
    return true;
  }

  private async requestOf(verification: IdentityVerification): Promise<IdentityVerificationRequest | null> {
    const person: IdentitySubject | null =
      verification.subject === 'executor' ? await this.subjects.executorOf(verification.caseId) : await this.subjects.deceasedOf(verification.caseId);
    if (person === null) return null;
    const types = await this.documents.typesOf(verification.caseId, verification.documentIds);
    return {
      verificationId: verification.id,
      subject: verification.subject,
      method: verification.method,
      person,
      documents: [...types].map(([id, type]) => ({ id, type })),
    };
  }
}
