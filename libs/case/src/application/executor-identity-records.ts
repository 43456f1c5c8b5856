import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { SingletonDerivation, UnitOfWork } from '@estate/shared-kernel';
import type { IdentityStatus } from '../domain/case-vocabulary';
import { Executor } from '../domain/executor';
import { ExecutorIdentity, ExecutorIdentitySource } from './ports/executor-identity.port';

/**
 * The case context's side of `ExecutorIdentity`: the source the verifications context names, asked whenever the
 * executor record is written (the declaration's `derivedBy`: a record created again after a `DELETE` still mirrors the
 * newest verification), and the hand-over of each new status onto the record.
 */
@Injectable()
export class ExecutorIdentityRecords extends ExecutorIdentity implements SingletonDerivation<Executor> {
  private source: ExecutorIdentitySource | undefined;

  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
  ) {
    super();
  }

  answerWith(source: ExecutorIdentitySource): void {
    if (this.source) throw new Error('the executor identity source is named twice');
    this.source = source;
  }

  /**
   * On the unit of work of the verification's write, flushed with it: the version moves (the record's ETag follows its
   * representation), `updated_at` does not (none of the executor's own fields changed).
   */
  async show(caseId: string, status: IdentityStatus): Promise<void> {
    if (!this.uow.active) throw new Error("the executor's identity status is handed over inside the verification's transaction");
    const executor = await this.em.findOne(Executor, { caseId });
    if (executor && executor.identityStatus !== status) executor.identityStatus = status;
  }

  async derive(executor: Executor): Promise<void> {
    executor.identityStatus = this.source ? await this.source(executor.caseId) : 'unverified';
  }
}
