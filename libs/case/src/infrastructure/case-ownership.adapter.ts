import type { EntityName, EventArgs, EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CaseOwnership, InvalidatedCache, InvalidationFeed, PlainQuery, transactionRows } from '@estate/shared-kernel';
import { EstateCase } from '../domain/estate-case';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const CASE_GONE = 'case:';
const OWNER_OF_LIVE_CASE = 'select organization_id from cases where id = $1 and deleted_at is null';
const HOLD_LIVE_CASE = 'select id from cases where id = $1 and deleted_at is null for no key update';

/**
 * Binds the kernel's CaseOwnership port: a deleted case has no owner any more.
 *
 * A case never changes organization, so its owner is kept in memory for as long as the case lives (issue 7): the
 * access guard then costs no database round trip. Deletion ends that on every process at once — a trigger notifies
 * `case:<id>` when the deleting transaction commits (migration 20261123100000) and the InvalidationFeed drops the
 * entry; nothing is served from memory while the feed is not listening. On this process the entry is also dropped
 * when the transaction that deleted the case commits, before its response is sent, without waiting for the
 * notification to come back. Other writes keep it (issue 19): a person's write does not change who owns its case,
 * and forgetting it cost the next write of the case a round trip before its transaction.
 */
@Injectable()
export class CaseOwnershipAdapter extends CaseOwnership implements EventSubscriber<EstateCase> {
  readonly caseRow = { table: 'cases', idColumn: 'id', deletedAtColumn: 'deleted_at', organizationColumn: 'organization_id' };
  private readonly owners: InvalidatedCache<string>;
  /** Cases each open transaction deleted, dropped from the cache when it ends. */
  private readonly deletedBy = new WeakMap<object, string[]>();

  constructor(
    private readonly em: EntityManager,
    private readonly sql: PlainQuery,
    feed: InvalidationFeed,
  ) {
    super();
    this.owners = new InvalidatedCache<string>(feed, {
      maxEntries: 100_000,
      // Asked inside a write (the event outbox, say), the answer is not kept: the transaction may yet roll back.
      em,
      keyOf: (payload) => (payload.startsWith(CASE_GONE) ? payload.slice(CASE_GONE.length) : undefined),
    });
    em.getEventManager().registerSubscriber(this);
  }

  knownOrganizationOf(caseId: string): string | undefined {
    return ULID.test(caseId) ? this.owners.get(caseId) : undefined;
  }

  async organizationOf(caseId: string): Promise<string | undefined> {
    if (!ULID.test(caseId)) return undefined;
    // On the connection the caller holds: inside a write, its transaction's, never a second one from the pool — a
    // transaction holding the case row while waiting for a free connection, and every pooled connection waiting for
    // that row, deadlocked the write mix at 20 connections (issue 12 bench).
    return this.owners.through(caseId, async () => {
      const [row] = await this.sql.rows<{ organization_id: string }>(OWNER_OF_LIVE_CASE, [caseId], { prepared: true });
      return row?.organization_id;
    });
  }

  /** `for no key update`: conflicts with the same lock and with deletion, not with foreign-key checks of inserts. */
  async holdForWrite(caseId: string): Promise<boolean> {
    const rows = await transactionRows(this.em, HOLD_LIVE_CASE, [caseId]);
    return rows.length === 1;
  }

  /** Only a case's own rows wake this subscriber: every other entity's flush runs no hook here. */
  getSubscribedEntities(): Array<EntityName<EstateCase>> {
    return [EstateCase];
  }

  afterUpdate(args: EventArgs<EstateCase>): void {
    if (args.entity.deletedAt === null || args.entity.deletedAt === undefined) return;
    const transaction = args.em.getTransactionContext() as object | undefined;
    if (transaction) this.deletedBy.set(transaction, [...(this.deletedBy.get(transaction) ?? []), args.entity.id]);
    else this.owners.forget(args.entity.id);
  }

  afterTransactionCommit(args: TransactionEventArgs): void {
    this.release(args.transaction as object | undefined);
  }

  afterTransactionRollback(args: TransactionEventArgs): void {
    this.release(args.transaction as object | undefined);
  }

  private release(transaction: object | undefined): void {
    if (!transaction) return;
    const deleted = this.deletedBy.get(transaction);
    if (!deleted) return;
    this.deletedBy.delete(transaction);
    for (const caseId of deleted) this.owners.forget(caseId);
  }
}
