import { EntityManager } from '@mikro-orm/postgresql';
import { raw, type EntityProperty, type EntitySchema } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ulid } from 'ulid';
import { pooledRandom } from '../platform/transactions/pooled-random';
import { recordStatements, RecordStatements } from '../platform/transactions/record-statements';
import { Clock } from '../platform/clock/clock';
import { assertIfMatch } from './conditional/etag';
import { SingleResource } from './http/resource-response';
import { applyMergePatch, JsonObject } from './merge-patch/merge-patch';
import { UnitOfWork } from '../platform/transactions/unit-of-work';
import { validateAgainst } from './validation/body-validation.pipe';
import { ErrorDetail, NotFoundError, ValidationFailedError } from '../platform/errors/domain-error';
import { caseRowHold } from '../platform/access/case-access';
import { CaseRecord, CaseResource, declaredCaseResources, WriteContext } from './case-resource';
import { CaseResourceReader, Scope } from './case-resource-reader';
import { RecordDeletionVetoes } from './record-deletion-vetoes';
import { EventSubject, ResourceEvents } from '../platform/events/resource-events';
import { toCamelCase } from './naming/naming';
import { writableDocument } from './record-serializer';
import { referencedKinds, referenceProblems } from './record-references';
import { declaredSingletonResources } from './singleton-resource';

/** A declared resource of kind `record`: the only kind the generic write path accepts. */
export type PlainRecordResource<T extends CaseRecord> = CaseResource<T> & { readonly kind: 'record' };

function assertPlainRecord<T extends CaseRecord>(resource: CaseResource<T>): void {
  // An aggregate's rules live in its methods; writing its rows generically would bypass them.
  if (resource.kind !== 'record') throw new Error(`${resource.name} is an aggregate: change it through its own use cases`);
}

export function subjectOf(resource: CaseResource<any>, scope: { caseId: string }): EventSubject {
  return { key: resource.eventKey, caseId: scope.caseId };
}

/**
 * Generic create, merge patch and delete for plain records (a vehicle, a person). Bodies arrive validated by the
 * DTOs; each write runs in the use case's unit of work holding the case row first, so a failure writes nothing.
 */
@Injectable()
export class RecordWriter {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
    private readonly clock: Clock,
    private readonly vetoes: RecordDeletionVetoes,
    private readonly events: ResourceEvents,
    private readonly moduleRef: ModuleRef,
  ) {}

  create<T extends CaseRecord>(resource: CaseResource<T>, scope: Scope, body: JsonObject): Promise<SingleResource> {
    assertPlainRecord(resource);
    return this.uow.run(
      async (em) => {
        const context = this.contextOf(em, scope);
        const statements = this.compiledWrites(resource, em);
        // The case is held by the INSERT itself when nothing before it reads (the route deferred the hold to the first
        // statement); otherwise first, as every write of a case holds it before reading.
        const holdAlong = statements !== undefined && this.uow.deferredCaseOf(em) === scope.caseId && this.readsNothingBeforeInsert(resource, body);
        if (!holdAlong) await this.uow.holdDeferredCase(em);
        await this.checkRules(resource, body, context);
        const now = this.clock.now();
        const record = em.create(resource.schema, {
          ...this.defaultsOf(resource),
          ...this.toProperties(resource, body),
          ...scope,
          id: ulid(undefined, pooledRandom),
          createdAt: now,
          updatedAt: now,
        } as never, { persist: statements === undefined }) as T;
        await this.derive(resource, record, context);
        if (statements) {
          // The row is written by the event's statement (one round trip); the record then joins the unit of work.
          const write = holdAlong
            ? statements.insertHoldingCaseOf(record, (caseParameter) => caseRowHold(this.uow.caseRow(), caseParameter), scope.caseId, () => new NotFoundError('case'))
            : statements.insertOf(record);
          const presented = this.reader.present(resource, record);
          await this.events.created(em, subjectOf(resource, scope), presented.data as JsonObject, write);
          if (holdAlong) this.uow.caseHeldAlong(em, scope.caseId);
          statements.written(em, record);
          await this.afterCreate(resource, record);
          return presented;
        }
        await em.flush();
        await resource.afterWrite?.(record, context);
        const presented = this.reader.present(resource, record);
        await this.events.created(em, subjectOf(resource, scope), presented.data as JsonObject);
        await this.afterCreate(resource, record);
        return presented;
      },
      // A route that defers the case's hold (`CaseHeldByFirstRead`) lets the INSERT hold it, when it can (above).
      { caseId: scope.caseId, caseHeldByFirstRead: true },
    );
  }

  patch<T extends CaseRecord>(resource: CaseResource<T>, scope: Scope, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource> {
    assertPlainRecord(resource);
    return this.uow.run(
      async (em) => {
        const record = await this.reader.load(resource, scope, id);
        if (ifMatch !== undefined) assertIfMatch(ifMatch, this.reader.etag(resource, record));
        const before = this.reader.view(resource, record);
        const current = writableDocument(record, resource.createFields, toCamelCase);
        const merged = applyMergePatch(current, patch);
        // The patch alone was valid; the resource it produces must be valid too (e.g. a merged address keeps its city).
        await validateAgainst(resource.create, merged);
        const context = this.contextOf(em, scope, record.id);
        await this.checkRules(resource, merged, context);
        const changes: JsonObject = {};
        for (const field of Object.keys(patch)) changes[field] = merged[field] ?? null;
        em.assign(record, this.toProperties(resource, changes) as never);
        // A patch that changes no stored value leaves the record, its version and its ETag as they were.
        const after = writableDocument(record, resource.createFields, toCamelCase);
        if (JSON.stringify(after) !== JSON.stringify(current)) record.updatedAt = this.clock.now();
        await this.derive(resource, record, context);
        const statements = this.compiledWrites(resource, em);
        if (statements?.loaded(em, record)) {
          const write = statements.updateOf(em, record);
          const presented = this.reader.present(resource, record);
          await this.events.changed(em, subjectOf(resource, scope), before, presented.data as JsonObject, write);
          if (write) statements.written(em, record);
          return presented;
        }
        await em.flush();
        await resource.afterWrite?.(record, context);
        const presented = this.reader.present(resource, record);
        await this.events.changed(em, subjectOf(resource, scope), before, presented.data as JsonObject);
        return presented;
      },
      // The record's read is the first statement: it holds the case row too (one round trip fewer).
      { caseId: scope.caseId, caseHeldByFirstRead: true },
    );
  }

  remove<T extends CaseRecord>(resource: CaseResource<T>, scope: Scope, id: string, ifMatch: string | undefined): Promise<void> {
    assertPlainRecord(resource);
    return this.uow.run(
      async (em) => {
        const record = await this.reader.load(resource, scope, id);
        assertIfMatch(ifMatch, this.reader.etag(resource, record));
        await this.vetoes.check(resource, record);
        const lastState = this.reader.view(resource, record);
        await this.releaseReferencesTo(resource, record, em);
        em.remove(record);
        await em.flush();
        await resource.afterWrite?.(record, this.contextOf(em, scope));
        await this.events.deleted(em, subjectOf(resource, scope), lastState);
      },
      // The record's read is the first statement: it holds the case row too (one round trip fewer).
      { caseId: scope.caseId, caseHeldByFirstRead: true },
    );
  }

  /**
   * The record's own INSERT/UPDATE compiled from its declaration (issue 19), when nothing between the write and its
   * event could read the row or write beside it: no `derivedBy` service, no `afterWrite` hook. Otherwise the ORM flushes.
   */
  private compiledWrites<T extends CaseRecord>(resource: CaseResource<T>, em: EntityManager): RecordStatements<T> | undefined {
    if (resource.afterWrite || resource.derivedBy) return undefined;
    return recordStatements<T>(em, resource.schema);
  }

  /**
   * True when nothing a create runs before its INSERT reads stored rows, so the INSERT may be the statement that holds
   * the case: no derivation (it may read), no reference named in the body (each is looked up), and rules the
   * declaration says read nothing for this body (`rulesRead`).
   */
  private readsNothingBeforeInsert<T extends CaseRecord>(resource: CaseResource<T>, body: JsonObject): boolean {
    if (resource.derive || resource.derivedBy) return false;
    if (Object.keys(resource.references ?? {}).some((field) => body[field] !== null && body[field] !== undefined)) return false;
    return resource.rules === undefined || resource.rulesRead?.(body) === false;
  }

  /** The declaration's derived fields: its own function, then the injectable it names (resolved from the container). */
  private async derive<T extends CaseRecord>(resource: CaseResource<T>, record: T, context: WriteContext): Promise<void> {
    await resource.derive?.(record, context);
    if (resource.derivedBy) await this.moduleRef.get(resource.derivedBy(), { strict: false }).derive(record);
  }

  /** The injectable the declaration names to hear of a creation (resolved from the container), in the transaction. */
  private async afterCreate<T extends CaseRecord>(resource: CaseResource<T>, record: T): Promise<void> {
    if (resource.afterCreateBy) await this.moduleRef.get(resource.afterCreateBy(), { strict: false }).afterCreate(record);
  }

  private contextOf(em: EntityManager, scope: Scope, id?: string): WriteContext {
    return { em, scope, clock: this.clock, ...(id === undefined ? {} : { id }) };
  }

  /** The declaration's references (same case, else 422) and its own rules, all problems reported at once. */
  private async checkRules<T extends CaseRecord>(resource: CaseResource<T>, document: JsonObject, context: WriteContext): Promise<void> {
    const problems: ErrorDetail[] = await referenceProblems(resource.references, document, context.em, context.scope.caseId);
    problems.push(...((await resource.rules?.(document, context)) ?? []));
    if (problems.length > 0) throw new ValidationFailedError(problems);
  }

  /**
   * Records of any resource (one-per-case records too) that name the deleted one by a declared reference (of one kind
   * or of several) now name nothing; their version moves, so their ETags follow.
   */
  private async releaseReferencesTo<T extends CaseRecord>(resource: CaseResource<T>, record: T, em: EntityManager): Promise<void> {
    for (const other of [...declaredCaseResources(), ...declaredSingletonResources()]) {
      for (const [field, target] of Object.entries(other.references ?? {})) {
        if (!referencedKinds(target).includes(resource as CaseResource<any>)) continue;
        const property = toCamelCase(field);
        await em.nativeUpdate(other.schema as EntitySchema<any>, { caseId: record.caseId, [property]: record.id } as never, { [property]: null, version: raw('version + 1') } as never);
      }
    }
  }

  /** Unset booleans read `false` and unset arrays `[]` (contract §3.1): the schema's `default`s, applied on create. */
  private defaultsOf<T extends CaseRecord>(resource: CaseResource<T>): Record<string, unknown> {
    const defaults: Record<string, unknown> = {};
    for (const [name, value] of defaultsOfSchema(resource.schema)) defaults[name] = copyOfDefault(value);
    return defaults;
  }

  /** JSON fields to record properties; `null` on a field with a default (a boolean, an array) restores the default. */
  private toProperties<T extends CaseRecord>(resource: CaseResource<T>, body: JsonObject): Record<string, unknown> {
    const defaults = defaultsOfSchema(resource.schema);
    const properties: Record<string, unknown> = {};
    for (const field of Object.keys(body)) {
      const name = toCamelCase(field);
      const value = body[field];
      properties[name] = value === null && defaults.has(name) ? copyOfDefault(defaults.get(name)) : value;
    }
    return properties;
  }
}

/** The schema's property defaults, read once per schema rather than on every write (issue 39). */
const schemaDefaults = new WeakMap<EntitySchema<any>, ReadonlyMap<string, unknown>>();

function defaultsOfSchema(schema: EntitySchema<any>): ReadonlyMap<string, unknown> {
  let defaults = schemaDefaults.get(schema);
  if (defaults === undefined) {
    const found = new Map<string, unknown>();
    for (const [name, property] of Object.entries(schema.meta.properties) as Array<[string, EntityProperty]>) {
      if (property.default !== undefined) found.set(name, property.default);
    }
    schemaDefaults.set(schema, (defaults = found));
  }
  return defaults;
}

/** A default as a record's own value: a scalar as it is, an array or object copied (the record may change it in place). */
function copyOfDefault(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? structuredClone(value) : value;
}
