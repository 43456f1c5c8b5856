import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { etagOfVersion } from './conditional/etag';
import { NotFoundError } from '../platform/errors/domain-error';
import { ResourceList, SingleResource } from './http/resource-response';
import { Clock } from '../platform/clock/clock';
import { FilterSpecs, parseListQuery, ReadContext } from './pagination/list-query';
import { listRows } from './pagination/list-runner';
import { plainRows } from '../platform/persistence/plain-query';
import { transactionRows } from '../platform/transactions/transaction-rows';
import { UnitOfWork } from '../platform/transactions/unit-of-work';
import { recordColumns, RecordFields } from '../platform/persistence/record-columns';
import { CaseRecord, CaseResource, declaredCaseResources } from './case-resource';
import { ResourceReads } from './resource-reads';
import { serializeRecord } from './record-serializer';

/** Which rows a route may touch: always the case, sometimes a parent record too (`{caseId, bankAccountId}`). */
export type Scope = { caseId: string } & Record<string, string>;

/** A list of a resource narrowed by the route (`#2` collections: only `debt_type` COL or 48, its own filters). */
export interface ListVariant {
  filters?: FilterSpecs;
  /** Conditions on record properties every row of this list meets, e.g. `{ debtType: { $in: ['COL', '48'] } }`. */
  fixed?: Record<string, unknown>;
}

/**
 * The shared read side of every declared case-scoped resource, plain records and aggregates alike: the scope of a
 * route (case, parent), list (filters, sort, page and cursor), read one, present (masking, `null` for unset at every
 * depth) and the strong ETag. Reads are one path (issue 17): the declaration's statements, compiled at start-up, run
 * on the connection the request holds and their rows become the response from the column map. Writes hand their
 * entities to `present`/`view` (the same serializer's rules), and load them with `load` (the unit of work's).
 */
@Injectable()
export class CaseResourceReader implements OnModuleInit {
  private readonly reads = new Map<CaseResource<any>, ResourceReads<any>>();

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly uow: UnitOfWork,
  ) {}

  /** Every declaration's statements, once: a declaration naming a column the table has not stops the start. */
  onModuleInit(): void {
    for (const resource of declaredCaseResources()) this.readsOf(resource);
  }

  /** What reads may depend on besides the rows: today by the clock port. */
  context(): ReadContext {
    return { today: this.clock.today() };
  }

  /** The rows a route may touch; a nested resource's parent must exist in the same case, else 404. */
  async scopeOf(resource: CaseResource<any>, params: Record<string, string>): Promise<Scope> {
    const scope: Scope = { caseId: params.case_id };
    if (!resource.parent) return scope;
    const parent = resource.parent.resource();
    const parentId = params[resource.parent.param];
    const parentScope = await this.scopeOf(parent, params);
    if (!(await this.readRow(parent, parentScope, parentId))) throw new NotFoundError(parent.name);
    scope[resource.parent.property] = parentId;
    return scope;
  }

  async list<T extends CaseRecord>(resource: CaseResource<T>, scope: Scope, rawQuery: Record<string, unknown>, variant: ListVariant = {}): Promise<ResourceList> {
    // The list is the resource's route in this scope (case, parent record), and a variant's fixed narrowing (`#2`).
    const list = [resource.path, scope, variant.fixed ?? null];
    const query = parseListQuery(rawQuery, { filters: variant.filters ?? resource.filters, sorts: resource.sorts }, list);
    const reads = this.readsOf(resource);
    const context = this.context();
    const page = await listRows(this.em, reads.columns, variant.fixed ? [scope, variant.fixed] : [scope], query, context);
    return new ResourceList(
      page.rows.map((row) => reads.view(row, context)),
      page.meta,
    );
  }

  /**
   * The record as an entity of the unit of work, for a write to change. When the write deferred its case's hold to
   * this read (`caseHeldByFirstRead`), the read holds the case in the same statement.
   */
  async load<T extends CaseRecord>(resource: CaseResource<T>, scope: Scope, id: string): Promise<T> {
    const deferred = this.uow.deferredCaseOf(this.em);
    // One already in the unit of work (loaded or changed earlier in this transaction) is the one to change.
    const managed = this.em.getUnitOfWork().getById<T>(resource.schema, id as never);
    if (managed || (deferred !== undefined && deferred !== scope.caseId)) await this.uow.holdDeferredCase(this.em);
    if (managed) {
      if (Object.entries(scope).some(([property, value]) => (managed as Record<string, unknown>)[property] !== value)) throw new NotFoundError(resource.name);
      return managed;
    }
    // The compiled read-one statement on the write's connection, its row handed to the ORM as findOne would hand it
    // (issue 19: findOne's query building was a tenth of a merge patch's CPU).
    const row = deferred === scope.caseId ? await this.readRowHoldingCase(resource, scope, id) : await this.readRow(resource, scope, id);
    if (!row) throw new NotFoundError(resource.name);
    return this.em.map(resource.schema, row as never) as T;
  }

  private async readRowHoldingCase(resource: CaseResource<any>, scope: Scope, id: string): Promise<Record<string, unknown> | undefined> {
    const reads = this.readsOf(resource);
    const [row] = await transactionRows<Record<string, unknown>>(this.em, reads.readOneHoldingCase(this.uow.caseRow()), reads.readOneValues(scope, id));
    if (row) this.uow.caseHeldAlong(this.em, scope.caseId);
    // No row: the case is gone (404 of the case, as a hold on its own answers) or only the record is.
    else await this.uow.holdDeferredCase(this.em);
    return row;
  }

  /** The record's response and ETag, from its row (inside a write, what the write has flushed). */
  async get<T extends CaseRecord>(resource: CaseResource<T>, scope: Scope, id: string): Promise<SingleResource> {
    const row = await this.readRow(resource, scope, id);
    if (!row) throw new NotFoundError(resource.name);
    const reads = this.readsOf(resource);
    const context = this.context();
    return new SingleResource(reads.view(row, context), etagOfVersion(resource.name, id, reads.versionOf(row, context)));
  }

  /** The record's stored fields (no entity), for a read route that answers something of its own from them; else 404. */
  async fields<T extends CaseRecord>(resource: CaseResource<T>, scope: Scope, id: string): Promise<RecordFields<T>> {
    const row = await this.readRow(resource, scope, id);
    if (!row) throw new NotFoundError(resource.name);
    return this.readsOf(resource).columns.fieldsOf(row);
  }

  /** An entity a write holds, presented with its ETag. */
  present<T extends CaseRecord>(resource: CaseResource<T>, record: T): SingleResource {
    return new SingleResource(this.view(resource, record), this.etag(resource, record));
  }

  etag<T extends CaseRecord>(resource: CaseResource<T>, record: T): string {
    const state = resource.readTimeState?.(record, this.context());
    return etagOfVersion(resource.name, record.id, state === undefined ? record.version : `${record.version}:${state}`);
  }

  /** An entity a write holds (or is about to delete), as its response: events carry it before and after a change. */
  view<T extends CaseRecord>(resource: CaseResource<T>, record: T, context: ReadContext = this.context()): Record<string, unknown> {
    const view = serializeRecord(record, resource.schema, resource.shape, resource.masked);
    return resource.present ? resource.present(record, view, context) : view;
  }

  private async readRow(resource: CaseResource<any>, scope: Scope, id: string): Promise<Record<string, unknown> | undefined> {
    const reads = this.readsOf(resource);
    const [row] = await plainRows<Record<string, unknown>>(this.em, reads.readOne.text, reads.readOneValues(scope, id));
    return row;
  }

  private readsOf<T extends CaseRecord>(resource: CaseResource<T>): ResourceReads<T> {
    let reads = this.reads.get(resource);
    if (!reads) this.reads.set(resource, (reads = new ResourceReads(resource, recordColumns(this.em, resource.schema))));
    return reads as ResourceReads<T>;
  }
}
