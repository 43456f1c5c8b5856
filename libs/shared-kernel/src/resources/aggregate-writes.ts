import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Clock } from '../platform/clock/clock';
import { assertIfMatch } from './conditional/etag';
import { SingleResource } from './http/resource-response';
import { UnitOfWork } from '../platform/transactions/unit-of-work';
import { CaseRecord, CaseResource } from './case-resource';
import { CaseResourceReader, Scope } from './case-resource-reader';
import { ResourceEvents } from '../platform/events/resource-events';
import { subjectOf } from './record-writer';
import { recordStatements } from '../platform/transactions/record-statements';

/**
 * The plumbing every use case of an aggregate shares, so that a use case holds only its rule: the unit of work with the
 * case row held first, loading the aggregate in the route's scope, `If-Match` against its ETag, the save and the
 * presentation. The rule itself is one call of the aggregate's own method, passed in.
 */
@Injectable()
export class AggregateWrites {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
    private readonly clock: Clock,
    private readonly events: ResourceEvents,
  ) {}

  /** A new aggregate, built by the domain (`Deadline.create(…)`), saved and presented. */
  add<T extends CaseRecord>(resource: CaseResource<T>, scope: Scope | { caseId: string }, build: (clock: Clock, em: EntityManager) => T | Promise<T>): Promise<SingleResource> {
    return this.uow.run(
      async (em) => {
        const record = await build(this.clock, em);
        em.persist(record);
        return this.flushAndTell(em, resource, scope, record, (view) => this.events.created(em, subjectOf(resource, scope), view));
      },
      { caseId: scope.caseId },
    );
  }

  /**
   * One move of an existing aggregate (`deadline.update(…)`), conditional on `If-Match`, saved and presented. `lock`
   * holds the record's row `for update` (after the case row) before reading it: a move that races a background step
   * holding only that row (a provider step, contract-extensions §11.4) then waits for it and sees its result.
   */
  change<T extends CaseRecord>(
    resource: CaseResource<T>,
    scope: Scope | { caseId: string },
    id: string,
    ifMatch: string | undefined,
    move: (record: T, clock: Clock, em: EntityManager) => unknown,
    options: { lock?: boolean } = {},
  ): Promise<SingleResource> {
    return this.uow.run(
      async (em) => {
        if (options.lock) {
          const table = em.getMetadata().get(resource.schema).tableName;
          await em.execute(`select id from "${table}" where case_id = ? and id = ? for update`, [scope.caseId, id]);
        }
        const record = await this.reader.load(resource, scope as Scope, id);
        assertIfMatch(ifMatch, this.reader.etag(resource, record));
        const before = this.reader.view(resource, record);
        await move(record, this.clock, em);
        const statements = recordStatements<T>(em, resource.schema);
        if (statements?.loaded(em, record)) {
          // The aggregate's own row is written by its event's statement (issue 19); whatever else the move changed is
          // flushed first, the record's snapshot already its new state so the flush leaves it to that statement.
          const write = statements.updateOf(em, record);
          if (write) statements.written(em, record);
          await em.flush();
          const presented = this.reader.present(resource, record);
          await this.events.changed(em, subjectOf(resource, scope), before, presented.data as Record<string, unknown>, write);
          return presented;
        }
        return this.flushAndTell(em, resource, scope, record, (view) => this.events.changed(em, subjectOf(resource, scope), before, view));
      },
      { caseId: scope.caseId },
    );
  }

  /** Deletes an aggregate, conditional on `If-Match`; `before` may refuse or tidy what points at it. */
  remove<T extends CaseRecord>(
    resource: CaseResource<T>,
    scope: Scope | { caseId: string },
    id: string,
    ifMatch: string | undefined,
    before?: (record: T, em: EntityManager) => Promise<void>,
  ): Promise<void> {
    return this.uow.run(
      async (em) => {
        const record = await this.reader.load(resource, scope as Scope, id);
        assertIfMatch(ifMatch, this.reader.etag(resource, record));
        await before?.(record, em);
        const lastState = this.reader.view(resource, record);
        em.remove(record);
        await em.flush();
        await this.events.deleted(em, subjectOf(resource, scope), lastState);
      },
      { caseId: scope.caseId },
    );
  }

  /** Writes the change, presents the aggregate and tells its event (created or changed) in the same transaction. */
  private async flushAndTell<T extends CaseRecord>(
    em: EntityManager,
    resource: CaseResource<T>,
    scope: Scope | { caseId: string },
    record: T,
    tell: (view: Record<string, unknown>) => Promise<unknown>,
  ): Promise<SingleResource> {
    await em.flush();
    const presented = this.reader.present(resource, record);
    await tell(presented.data as Record<string, unknown>);
    return presented;
  }
}
