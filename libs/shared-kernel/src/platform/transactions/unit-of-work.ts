import { OptimisticLockError, TransactionPropagation } from '@mikro-orm/core';
import { currentTransaction } from '../context/request-scope';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, SetMetadata } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CaseOwnership } from '../access/case-access';
import { ConflictError, NotFoundError } from '../errors/domain-error';

export const CASE_HELD_BY_FIRST_READ = 'estate:case-held-by-first-read';

/**
 * On a write route whose handler's first statement is `CaseResourceReader.load` of the record it changes (the
 * kernel's generated merge patch and delete of a plain record): the request's transaction holds the case with that
 * read instead of ahead of it (`caseHeldByFirstRead`).
 */
export const CaseHeldByFirstRead = () => SetMetadata(CASE_HELD_BY_FIRST_READ, true);

/** How often a transaction that lost an optimistic-lock race is run again before the client is told to retry. */
const ATTEMPTS = 3;

export interface UnitOfWorkOptions {
  /**
   * Hold this case's row first. The one lock order of the service: the case row, then the resource's rows. Writes to
   * one case then run one at a time, and none lands on a case deleted meanwhile.
   */
  caseId?: string;
  /**
   * Runs first in the transaction, before the case row is held (the request's idempotency key: its claim, whose lock
   * lasts as long as the transaction).
   */
  first?: (em: EntityManager) => Promise<void>;
  /**
   * The first statement (of `first`, else of the work) is a read that holds the case row itself, in the same statement
   * (`CaseResourceReader.load`, the idempotency key's claim; issue 19): the case is not held ahead of it. The lock
   * order stays the case row, then the record. Should the work end without that read, it fails (nothing commits).
   */
  caseHeldByFirstRead?: boolean;
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
  /** The case a transaction will hold with its first read (`caseHeldByFirstRead`), until that read runs. */
  private readonly deferred = new WeakMap<object, string>();

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
        const { caseId } = options;
        const deferring = caseId !== undefined && options.caseHeldByFirstRead === true && (await this.defer(em, caseId));
        await options.first?.(em);
        if (caseId !== undefined && !options.caseHeldByFirstRead) await this.holdCase(em, caseId);
        const result = await work(em);
        if (deferring && this.deferredCaseOf(em) === caseId) throw new Error(`the work ended without the read that was to hold case ${caseId}`);
        return result;
      },
      { propagation: TransactionPropagation.REQUIRED },
    );
  }

  /** Defers the case's hold to the first read; false when the transaction already holds it. */
  private async defer(em: EntityManager, caseId: string): Promise<boolean> {
    const transaction = em.getTransactionContext() as object;
    if (this.held.get(transaction)?.has(caseId)) return false;
    const outer = this.deferred.get(transaction);
    if (outer !== undefined && outer !== caseId) await this.holdCase(em, outer);
    this.deferred.set(transaction, caseId);
    return true;
  }

  /** The case this transaction is to hold with its first read, if that read has not run yet. */
  deferredCaseOf(em: EntityManager): string | undefined {
    const transaction = em.getTransactionContext() as object | undefined;
    return transaction === undefined ? undefined : this.deferred.get(transaction);
  }

  /** The first read held the deferred case (its statement found the live case row and locked it). */
  caseHeldAlong(em: EntityManager, caseId: string): void {
    const transaction = em.getTransactionContext() as object;
    if (this.deferred.get(transaction) === caseId) this.deferred.delete(transaction);
    this.held.set(transaction, (this.held.get(transaction) ?? new Set<string>()).add(caseId));
  }

  /** Holds the deferred case now, on its own statement: 404 when the case is gone. */
  async holdDeferredCase(em: EntityManager): Promise<void> {
    const caseId = this.deferredCaseOf(em);
    if (caseId !== undefined) await this.holdCase(em, caseId);
  }

  /** Where the case row is (the case context's answer), for a read that holds it. */
  caseRow() {
    return this.caseOwnership().caseRow;
  }

  private async holdCase(em: EntityManager, caseId: string): Promise<void> {
    const transaction = em.getTransactionContext() as object;
    // A case deferred to a first read that has not run is held now, on its own: nothing may run before it.
    const deferred = this.deferred.get(transaction);
    if (deferred !== undefined) {
      this.deferred.delete(transaction);
      if (deferred !== caseId) await this.holdCase(em, deferred);
    }
    if (!(await this.holdLiveCase(em, caseId))) throw new NotFoundError('case');
  }

  /**
   * Holds a case's row now, in the running transaction, for work that learns its case from a record it has not
   * locked yet (a provider step): the lock order stays the case row, then the record. The case context holds it (the
   * kernel names no table of a context); false when the case no longer lives.
   */
  async holdLiveCase(em: EntityManager, caseId: string): Promise<boolean> {
    const transaction = em.getTransactionContext() as object;
    if (this.held.get(transaction)?.has(caseId)) return true;
    if (!(await this.caseOwnership().holdForWrite(caseId))) return false;
    this.held.set(transaction, (this.held.get(transaction) ?? new Set<string>()).add(caseId));
    return true;
  }

  private caseOwnership(): CaseOwnership {
    return (this.ownership ??= this.moduleRef.get(CaseOwnership, { strict: false }));
  }
}
