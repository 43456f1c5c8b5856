import { FlushMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { ExecutorIdentity, IdentityStatus } from '@estate/case';
import { CaseResource, InjectResource } from '@estate/shared-kernel';
import type { IdentityVerification } from '../domain/identity-verification';
import type { VerificationStatus } from '../domain/verification-vocabulary';

/** §10.5: the executor's `identity_status` for the status of its newest verification. */
const IDENTITY_OF: Readonly<Record<Exclude<VerificationStatus, 'cancelled'>, IdentityStatus>> = {
  pending: 'pending',
  processing: 'pending',
  verified: 'verified',
  failed: 'failed',
};

/**
 * Keeps the executor's `identity_status` (contract-extensions §10.5) on the newest executor verification of the case
 * that was not cancelled (a cancelled one verified nothing, so the one before it still stands; none: `unverified`).
 * Every write of an executor verification hands the status over in its own transaction, after the case row (creates
 * and cancels) or the verification's row (the processor's steps) is held; the executor record asks the same question
 * whenever it is written itself.
 */
@Injectable()
export class ExecutorIdentityProjection implements OnModuleInit {
  constructor(
    @InjectResource('identity verification') private readonly resource: CaseResource<IdentityVerification>,
    private readonly em: EntityManager,
    private readonly identity: ExecutorIdentity,
  ) {}

  onModuleInit(): void {
    this.identity.answerWith((caseId) => this.statusOf(caseId));
  }

  /** After `verification` changed (in memory, not yet flushed): the executor record shows the newest status. */
  async handOver(verification: IdentityVerification): Promise<void> {
    if (verification.subject !== 'executor') return;
    await this.identity.show(verification.caseId, await this.statusOf(verification.caseId, verification));
  }

  /** The newest of the stored verifications (all but `changed`) and `changed` as it now is. */
  private async statusOf(caseId: string, changed?: IdentityVerification): Promise<IdentityStatus> {
    const stored = (await this.em.findOne(
      this.resource.schema,
      { caseId, subject: 'executor', status: { $ne: 'cancelled' }, ...(changed ? { id: { $ne: changed.id } } : {}) } as never,
      { orderBy: { createdAt: 'desc', id: 'desc' } as never, flushMode: FlushMode.COMMIT },
    )) as IdentityVerification | null;
    const candidates = [stored, changed?.status === 'cancelled' ? null : changed].filter((one): one is IdentityVerification => !!one);
    const newest = candidates.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (b.id < a.id ? -1 : 1))[0];
    return newest ? IDENTITY_OF[newest.status as Exclude<VerificationStatus, 'cancelled'>] : 'unverified';
  }
}
