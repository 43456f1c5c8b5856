import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Clock } from '../platform/clock/clock';
import { assertIfMatch } from './conditional/etag';
import { NotFoundError, PreconditionFailedError, ValidationFailedError } from '../platform/errors/domain-error';
import { ResourceEvents } from '../platform/events/resource-events';
import { plainRows } from '../platform/persistence/plain-query';
import { recordColumns } from '../platform/persistence/record-columns';
import { SingleResource } from './http/resource-response';
import { applyMergePatch, JsonObject } from './merge-patch/merge-patch';
import { UnitOfWork } from '../platform/transactions/unit-of-work';
import { toCamelCase } from './naming/naming';
import { referenceProblems } from './record-references';
import { writableDocument } from './record-serializer';
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
    return new SingleResource(this.view(resource, row), this.readsOf(resource).etag(row));
  }

  /** `fieldPrefix` names fields in errors when the body was nested in another (`deceased.date_of_death`). */
  replace<T extends SingletonRecord>(resource: SingletonResource<T>, caseId: string, body: JsonObject, ifMatch: string | undefined, fieldPrefix = ''): Promise<Replaced> {
    return this.uow.run(
      async (em) => {
        await this.checkRules(resource, body, em, caseId, fieldPrefix);
        const existing = await this.load(em, resource, caseId);
        if (existing) assertIfMatch(ifMatch, this.readsOf(resource).etag(existing.row));
        // If-Match on a record that does not exist yet can never hold, not even `*` (RFC 9110 §13.1.1).
        else if (ifMatch !== undefined) throw new PreconditionFailedError();
        const before = existing ? this.view(resource, existing.row) : undefined;
        const now = this.clock.now();
        const record = existing?.record ?? (em.create(resource.schema, { caseId, createdAt: now } as never) as T);
        return { presented: await this.save(em, resource, record, body, before, now), created: !existing };
      },
      { caseId },
    );
  }

  /** Merge patch (RFC 7396) of the writable fields; 404 while the case has none. */
  patch<T extends SingletonRecord>(resource: SingletonResource<T>, caseId: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    return this.uow.run(
      async (em) => {
        const existing = await this.load(em, resource, caseId);
        if (!existing) throw new NotFoundError(`${resource.name} record`);
        assertIfMatch(ifMatch, this.readsOf(resource).etag(existing.row));
        const { record } = existing;
        const before = this.view(resource, existing.row);
        const stored = writableDocument(record, resource.fields, toCamelCase);
        const merged = resource.mergedPatch?.(applyMergePatch(stored, patch), patch, stored) ?? applyMergePatch(stored, patch);
        await this.checkRules(resource, merged, em, caseId, '');
        return this.save(em, resource, record, merged, before, this.clock.now());
      },
      { caseId },
    );
  }

  /** `DELETE` of a `deletable` declaration: 404 while the case has none, conditional on `If-Match`; `{name}.deleted`. */
  remove<T extends SingletonRecord>(resource: SingletonResource<T>, caseId: string, ifMatch: string | undefined): Promise<void> {
    return this.uow.run(
      async (em) => {
        const existing = await this.load(em, resource, caseId);
        if (!existing) throw new NotFoundError(`${resource.name} record`);
        assertIfMatch(ifMatch, this.readsOf(resource).etag(existing.row));
        await resource.deleteRule?.({ today: this.clock.today(), em, caseId });
        const lastState = this.view(resource, existing.row);
        em.remove(existing.record);
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
   * The record as the unit of work's entity, for the write to change, and its row as the write found it (what the
   * ETag and the record before the write are made from); none while the case has none.
   */
  private async load<T extends SingletonRecord>(em: EntityManager, resource: SingletonResource<T>, caseId: string): Promise<{ record: T; row: Row } | undefined> {
    const row = await this.readRow(resource, caseId);
    if (!row) return undefined;
    // One already in the unit of work (a rule read it earlier in this transaction) is the one to change, as findOne's.
    const managed = em.getUnitOfWork().getById<T>(resource.schema, caseId as never);
    return { record: managed ?? (em.map(resource.schema, row as never) as T), row };
  }

  /**
   * Stores the document's fields (a field it lacks is `null`), tells the event, then the declaration's listener; the
   * record as flushed is the response. A write that leaves the representation as it was keeps `updated_at` (and so the
   * version and the ETag).
   */
  private async save<T extends SingletonRecord>(em: EntityManager, resource: SingletonResource<T>, record: T, document: JsonObject, before: Record<string, unknown> | undefined, now: Date): Promise<SingleResource> {
    // The stored values the representation is made of, unmasked: an SSN changed in its hidden digits is a change.
    const state = () => JSON.stringify(writableDocument(record, this.readsOf(resource).represented, (property) => property));
    const stateBefore = before === undefined ? undefined : state();
    const properties: Record<string, unknown> = {};
    for (const field of resource.fields) properties[toCamelCase(field)] = document[field] ?? null;
    Object.assign(record, properties);
    resource.derive?.(record);
    if (resource.derivedBy) await this.moduleRef.get(resource.derivedBy(), { strict: false }).derive(record);
    if (stateBefore === undefined || state() !== stateBefore) record.updatedAt = now;
    await em.flush();
    // The flushed row, read back on the write's transaction: the response and the event's record, as a GET presents it.
    const row = await this.readRow(resource, record.caseId);
    if (!row) throw new Error(`the ${resource.name} record of case ${record.caseId} was flushed but cannot be read back`);
    const presented = new SingleResource(this.view(resource, row), this.readsOf(resource).etag(row));
    const subject = { key: resource.manifest.events.key, caseId: record.caseId };
    if (before === undefined) await this.events.created(em, subject, presented.data);
    else await this.events.changed(em, subject, before, presented.data);
    if (resource.afterWriteBy) await this.moduleRef.get(resource.afterWriteBy(), { strict: false }).afterWrite(record);
    return presented;
  }

  private view(resource: SingletonResource<any>, row: Row): Record<string, unknown> {
    return this.readsOf(resource).view(row, this.context());
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
