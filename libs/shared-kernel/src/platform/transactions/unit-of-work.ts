import { OptimisticLockError, TransactionPropagation } from '@mikro-orm/core';
import { currentTransaction } from '../context/request-scope';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CaseOwnership } from '../access/case-access';
import { ConflictError, NotFoundError } from '../errors/domain-error';

/** How often a transaction that lost an optimistic-lock race is run again before the client is told to retry. */
const ATTEMPTS = 3;

export interface UnitOfWorkOptions {
  /**
   * Hold this case's row first. The one lock order of the service: the case row, then the resource's rows. Writes to
   * one case then run one at a time, and none lands on a case deleted meanwhile.
   */
  caseId?: string;
  /**
   * Runs first in the transaction, before the case row is held (the request's idempotency key: its row is held for
   * the whole transaction, so another process can tell a running request from one whose process died).
   */
  first?: (em: EntityManager) => Promise<void>;
}

/**
 * The transaction of a use case. A use case calls `run` around its work whoever invokes it — the HTTP request (whose
 * interceptor already opened one: the use case joins it), the worker or the CLI (the use case's own). Only the
 * outermost run owns the transaction, so only it retries a lost optimistic-lock race: the work is then read again
 * under the case lock, and a stale `If-Match` still answers 412 from the work's own check, never from the race.
 */
@Injectable()
export class UnitOfWork {
  private ownership?: CaseOwnership;
  /** Cases already held by a transaction, so a use case joining the request's transaction does not lock twice. */
  private readonly held = new WeakMap<object, Set<string>>();

  constructor(
    private readonly em: EntityManager,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** True while the calling code runs inside a transaction (the request's or a use case's). */
  get active(): boolean {
    return currentTransaction(this.em) !== undefined;
  }

  async run<T>(work: (em: EntityManager) => Promise<T>, options: UnitOfWorkOptions = {}): Promise<T> {
    if (this.active) return this.attempt(work, options);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(work, options);
      } catch (error) {
        if (!(error instanceof OptimisticLockError)) throw error;
        if (attempt >= ATTEMPTS) {
          throw new ConflictError('conflict', 'The resource was changed by another request while this one ran; retry.');
        }
      }
    }
  }

  private attempt<T>(work: (em: EntityManager) => Promise<T>, options: UnitOfWorkOptions): Promise<T> {
    return this.em.transactional(
      async (em) => {
        await options.first?.(em);
        if (options.caseId !== undefined) await this.holdCase(em, options.caseId);
        return work(em);
      },
      { propagation: TransactionPropagation.REQUIRED },
    );
  }

  private async holdCase(em: EntityManager, caseId: string): Promise<void> {
    const transaction = em.getTransactionContext() as object;
    const held = this.held.get(transaction) ?? new Set<string>();
    if (held.has(caseId)) return;
    this.ownership ??= this.moduleRef.get(CaseOwnership, { strict: false });
    if (!(await this.ownership.holdForWrite(caseId))) throw new NotFoundError('case');
    held.add(caseId);
    this.held.set(transaction, held);
  }
}
