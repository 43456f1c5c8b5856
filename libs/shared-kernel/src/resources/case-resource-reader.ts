import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { etagOfVersion } from '../conditional/etag';
import { NotFoundError } from '../errors/domain-error';
import { ResourceList, SingleResource } from '../http/resource-response';
import { Clock } from '../clock/clock';
import { FilterSpecs, parseListQuery, ReadContext } from '../pagination/list-query';
import { runListQuery } from '../pagination/list-runner';
import { CaseRecord, CaseResource } from './case-resource';
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
 * depth) and the strong ETag.
 */
@Injectable()
export class CaseResourceReader {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

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
    const found = await this.em.count(parent.schema, { ...parentScope, id: parentId } as never);
    if (found === 0) throw new NotFoundError(parent.name);
    scope[resource.parent.property] = parentId;
    return scope;
  }

  async list<T extends CaseRecord>(resource: CaseResource<T>, scope: Scope, rawQuery: Record<string, unknown>, variant: ListVariant = {}): Promise<ResourceList> {
    const query = parseListQuery(rawQuery, { filters: variant.filters ?? resource.filters, sorts: resource.sorts });
    const where = variant.fixed ? { ...scope, ...variant.fixed } : scope;
    const context = this.context();
    const page = await runListQuery<T>(this.em, resource.schema, where, query, context);
    return new ResourceList(
      page.rows.map((row) => this.view(resource, row, context)),
      page.meta,
    );
  }

  async load<T extends CaseRecord>(resource: CaseResource<T>, scope: Scope, id: string): Promise<T> {
    const found = await this.em.findOne(resource.schema, { ...scope, id } as never);
    if (!found) throw new NotFoundError(resource.name);
    return found as T;
  }

  async get<T extends CaseRecord>(resource: CaseResource<T>, scope: Scope, id: string): Promise<SingleResource> {
    return this.present(resource, await this.load(resource, scope, id));
  }

  present<T extends CaseRecord>(resource: CaseResource<T>, record: T): SingleResource {
    return new SingleResource(this.view(resource, record), this.etag(resource, record));
  }

  etag<T extends CaseRecord>(resource: CaseResource<T>, record: T): string {
    const state = resource.readTimeState?.(record, this.context());
    return etagOfVersion(resource.name, record.id, state === undefined ? record.version : `${record.version}:${state}`);
  }

  view<T extends CaseRecord>(resource: CaseResource<T>, record: T, context: ReadContext = this.context()): Record<string, unknown> {
    const view = serializeRecord(record, resource.schema, resource.shape, resource.masked);
    return resource.present ? resource.present(record, view, context) : view;
  }
}
