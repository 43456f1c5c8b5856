import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Clock } from '../platform/clock/clock';
import { assertIfMatch, etagOfVersion } from './conditional/etag';
import { NotFoundError, PreconditionFailedError, ValidationFailedError } from '../platform/errors/domain-error';
import { ResourceEvents } from '../platform/events/resource-events';
import { plainRows } from '../platform/persistence/plain-query';
import { recordColumns } from '../platform/persistence/record-columns';
import { SingleResource } from './http/resource-response';
import { applyMergePatch, JsonObject } from './merge-patch/merge-patch';
import { UnitOfWork } from '../platform/transactions/unit-of-work';
import { toCamelCase } from './naming/naming';
import { referenceProblems } from './record-references';
import { serializeRecord, writableDocument } from './record-serializer';
import { ReadContext } from './pagination/list-query';
import { SingletonReads } from './singleton-reads';
import { declaredSingletonResources, SingletonRecord, SingletonResource } from './singleton-resource';

type Row = Record<string, unknown>;

/** What a create-or-replace did: the presented record, and whether it was created. */
export interface Replaced {
  presented: SingleResource;
  created: boolean;
}

/** Reads and writes one-per-case records for their generated routes and for use cases that nest them (case create). */
@Injectable()
export class SingletonRecords implements OnModuleInit {
  private readonly reads = new Map<SingletonResource<any>, SingletonReads<any>>();

  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly events: ResourceEvents,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** Every declaration's read, once: a declaration naming a column the table has not stops the start. */
  onModuleInit(): void {
    for (const resource of declaredSingletonResources()) this.readsOf(resource);
  }

  /** The record's response and ETag from its row, read as a case record's is (no entity): 404 while the case has none. */
  async get<T extends SingletonRecord>(resource: SingletonResource<T>, caseId: string): Promise<SingleResource> {
    const row = await this.readRow(resource, caseId);
    if (!row) throw new NotFoundError(`${resource.name} record`);
    const reads = this.readsOf(resource);
    return new SingleResource(reads.view(row, this.context()), reads.etag(row));
  }

  /** `fieldPrefix` names fields in errors when the body was nested in another (`deceased.date_of_death`). */
  replace<T extends SingletonRecord>(resource: SingletonResource<T>, caseId: string, body: JsonObject, ifMatch: string | undefined, fieldPrefix = ''): Promise<Replaced> {
    return this.uow.run(
      async (em) => {
        await this.checkRules(resource, body, em, caseId, fieldPrefix);
        const existing = (await em.findOne(resource.schema, { caseId } as never)) as T | null;
        if (existing) assertIfMatch(ifMatch, this.etag(resource, existing));
        // If-Match on a record that does not exist yet can never hold, not even `*` (RFC 9110 §13.1.1).
        else if (ifMatch !== undefined) throw new PreconditionFailedError();
        const before = existing ? this.view(resource, existing) : undefined;
        const now = this.clock.now();
        const record = existing ?? (em.create(resource.schema, { caseId, createdAt: now } as never) as T);
        await this.save(em, resource, record, body, before, now);
        return { presented: this.present(resource, record), created: !existing };
      },
      { caseId },
    );
  }

  /** Merge patch (RFC 7396) of the writable fields; 404 while the case has none. */
  patch<T extends SingletonRecord>(resource: SingletonResource<T>, caseId: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.uow.run(
      async (em) => {
        const record = (await em.findOne(resource.schema, { caseId } as never)) as T | null;
        if (!record) throw new NotFoundError(`${resource.name} record`);
        assertIfMatch(ifMatch, this.etag(resource, record));
        const before = this.view(resource, record);
        const stored = writableDocument(record, resource.fields, toCamelCase);
        const merged = resource.mergedPatch?.(applyMergePatch(stored, patch), patch, stored) ?? applyMergePatch(stored, patch);
        await this.checkRules(resource, merged, em, caseId, '');
        await this.save(em, resource, record, merged, before, this.clock.now());
        return this.present(resource, record);
      },
      { caseId },
    );
  }

  /** `DELETE` of a `deletable` declaration: 404 while the case has none, conditional on `If-Match`; `{name}.deleted`. */
  remove<T extends SingletonRecord>(resource: SingletonResource<T>, caseId: string, ifMatch: string | undefined): Promise<void> {
    return this.uow.run(
      async (em) => {
        const record = (await em.findOne(resource.schema, { caseId } as never)) as T | null;
        if (!record) throw new NotFoundError(`${resource.name} record`);
        assertIfMatch(ifMatch, this.etag(resource, record));
        await resource.deleteRule?.({ today: this.clock.today(), em, caseId });
        const lastState = this.view(resource, record);
        em.remove(record);
        await em.flush();
        await this.events.deleted(em, { key: resource.manifest.events.key, caseId }, lastState);
      },
      { caseId },
    );
  }

  /** The declaration's references (same case, else 422) and its own rules, all problems reported at once. */
  private async checkRules<T extends SingletonRecord>(resource: SingletonResource<T>, document: JsonObject, em: EntityManager, caseId: string, fieldPrefix: string): Promise<void> {
    const problems = [
      ...(await referenceProblems(resource.references, document, em, caseId)),
      ...((await resource.rules?.(document, { today: this.clock.today(), em, caseId })) ?? []),
    ];
    if (problems.length > 0) throw new ValidationFailedError(problems.map((problem) => ({ ...problem, field: fieldPrefix + problem.field })));
  }

  /**
   * Stores the document's fields (a field it lacks is `null`), tells the event, then the declaration's listener. A
   * write that leaves the representation as it was keeps `updated_at` (and so the version and the ETag).
   */
  private async save<T extends SingletonRecord>(em: EntityManager, resource: SingletonResource<T>, record: T, document: JsonObject, before: Record<string, unknown> | undefined, now: Date): Promise<void> {
    // Stored values unmasked (an SSN changed in its hidden digits is a change) and the view (derived fields).
    const state = () => JSON.stringify([writableDocument(record, resource.fields, toCamelCase), this.view(resource, record)]);
    const stateBefore = before === undefined ? undefined : state();
    const properties: Record<string, unknown> = {};
    for (const field of resource.fields) properties[toCamelCase(field)] = document[field] ?? null;
    Object.assign(record, properties);
    resource.derive?.(record);
    if (resource.derivedBy) await this.moduleRef.get(resource.derivedBy(), { strict: false }).derive(record);
    if (stateBefore === undefined || state() !== stateBefore) record.updatedAt = now;
    await em.flush();
    const subject = { key: resource.manifest.events.key, caseId: record.caseId };
    if (before === undefined) await this.events.created(em, subject, this.view(resource, record));
    else await this.events.changed(em, subject, before, this.view(resource, record));
    if (resource.afterWriteBy) await this.moduleRef.get(resource.afterWriteBy(), { strict: false }).afterWrite(record);
  }

  private present<T extends SingletonRecord>(resource: SingletonResource<T>, record: T): SingleResource {
    return new SingleResource(this.view(resource, record), this.etag(resource, record));
  }

  private view<T extends SingletonRecord>(resource: SingletonResource<T>, record: T): Record<string, unknown> {
    return serializeRecord(record, resource.schema, resource.shape, resource.maskedFields);
  }

  private etag<T extends SingletonRecord>(resource: SingletonResource<T>, record: T): string {
    // A deletable record can be created again: its creation time tells the new one's version 1 from the old one's.
    return etagOfVersion(resource.name, record.caseId, resource.deletable ? `${record.createdAt.getTime()}:${record.version}` : record.version);
  }

  /** The compiled read-one on the connection the caller holds: its transaction's when one is open, else a pooled one. */
  private async readRow(resource: SingletonResource<any>, caseId: string): Promise<Row | undefined> {
    const [row] = await plainRows<Row>(this.em, this.readsOf(resource).readOne, [caseId], { prepared: true });
    return row;
  }

  private context(): ReadContext {
    return { today: this.clock.today() };
  }

  private readsOf<T extends SingletonRecord>(resource: SingletonResource<T>): SingletonReads<T> {
    let reads = this.reads.get(resource);
    if (!reads) this.reads.set(resource, (reads = new SingletonReads(resource, recordColumns(this.em, resource.schema))));
    return reads as SingletonReads<T>;
  }
}
