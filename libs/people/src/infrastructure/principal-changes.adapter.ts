import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import { EntityManager as PgEntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { InvalidationFeed, PRINCIPALS_CHANGED } from '@estate/shared-kernel';
import { PrincipalChanges } from '../application/ports/principal-changes.port';

/** Announces `principals` locally after each transaction that changed one commits (nothing on a rollback). */
@Injectable()
export class PrincipalChangesAfterCommit extends PrincipalChanges implements EventSubscriber {
  private readonly pending = new WeakSet<object>();

  constructor(private readonly em: PgEntityManager) {
    super();
    em.getEventManager().registerSubscriber(this);
  }

  /** The running transaction is the ambient one (the injected entity manager answers its context's). */
  afterCommit(): void {
    const transaction = this.em.getTransactionContext() as object | undefined;
    if (transaction) this.pending.add(transaction);
    else InvalidationFeed.announceLocally(PRINCIPALS_CHANGED);
  }

  afterTransactionCommit(args: TransactionEventArgs): void {
    const transaction = args.transaction as object | undefined;
    if (!transaction || !this.pending.has(transaction)) return;
    this.pending.delete(transaction);
    InvalidationFeed.announceLocally(PRINCIPALS_CHANGED);
  }

  afterTransactionRollback(args: TransactionEventArgs): void {
    if (args.transaction) this.pending.delete(args.transaction as object);
  }
}
