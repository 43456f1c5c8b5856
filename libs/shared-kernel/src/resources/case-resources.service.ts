import { EntityManager } from '@mikro-orm/postgresql';
import type { EntityProperty } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { assertIfMatch, etagOfVersion } from '../conditional/etag';
import { NotFoundError } from '../errors/domain-error';
import { ResourceList, SingleResource } from '../http/resource-response';
import { applyMergePatch, JsonObject } from '../merge-patch/merge-patch';
import { parseListQuery } from '../pagination/list-query';
import { runListQuery } from '../pagination/list-runner';
import { validateAgainst } from '../validation/body-validation.pipe';
import { CaseRecord, CaseResource } from './case-resource';
import { toCamelCase } from './naming';
import { serializeRecord, writableDocument } from './record-serializer';

/** Which rows a route may touch: always the case, sometimes a parent record too (`{caseId, bankAccountId}`). */
export type Scope = { caseId: string } & Record<string, string>;

/**
 * The shared CRUD mechanism behind every declared case-scoped resource. Bodies arrive validated by the DTOs; this
 * service maps them to the record, enforces If-Match against the stored version, applies merge patches and then
 * re-validates the whole resource, and presents records masked with their ETag. Writes run inside the request's
 * transaction (UnitOfWorkInterceptor), so a failure writes nothing.
 */
@Injectable()
export class CaseResources {
  constructor(private readonly em: EntityManager) {}

  async list<T extends CaseRecord>(resource: CaseResource<T>, scope: Scope, rawQuery: Record<string, unknown>): Promise<ResourceList> {
    const query = parseListQuery(rawQuery, { filters: resource.filters, sorts: resource.sorts });
    const page = await runListQuery<T>(this.em, resource.schema, scope, query);
    return new ResourceList(
      page.rows.map((row) => this.view(resource, row)),
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

  async create<T extends CaseRecord>(resource: CaseResource<T>, scope: Scope, body: JsonObject): Promise<SingleResource> {
    const now = new Date();
    const record = this.em.create(resource.schema, {
      ...this.defaultsOf(resource),
      ...this.toProperties(resource, body),
      ...scope,
      id: ulid(),
      createdAt: now,
      updatedAt: now,
    } as never);
    await this.em.flush();
    return this.present(resource, record as T);
  }

  async patch<T extends CaseRecord>(
    resource: CaseResource<T>,
    scope: Scope,
    id: string,
    patch: JsonObject,
    ifMatch: string | undefined,
  ): Promise<SingleResource> {
    const record = await this.load(resource, scope, id);
    assertIfMatch(ifMatch, this.etag(resource, record));
    const current = writableDocument(record, resource.createFields, toCamelCase);
    const merged = applyMergePatch(current, patch);
    // The patch alone was valid; the resource it produces must be valid too (e.g. a merged address keeps its city).
    await validateAgainst(resource.create, merged);
    const changes: JsonObject = {};
    for (const field of Object.keys(patch)) changes[field] = merged[field] ?? null;
    this.em.assign(record, { ...this.toProperties(resource, changes), updatedAt: new Date() } as never);
    await this.em.flush();
    return this.present(resource, record);
  }

  async remove<T extends CaseRecord>(resource: CaseResource<T>, scope: Scope, id: string, ifMatch: string | undefined): Promise<void> {
    const record = await this.load(resource, scope, id);
    assertIfMatch(ifMatch, this.etag(resource, record));
    this.em.remove(record);
    await this.em.flush();
  }

  present<T extends CaseRecord>(resource: CaseResource<T>, record: T): SingleResource {
    return new SingleResource(this.view(resource, record), this.etag(resource, record));
  }

  etag<T extends CaseRecord>(resource: CaseResource<T>, record: T): string {
    return etagOfVersion(resource.name, record.id, record.version);
  }

  private view<T extends CaseRecord>(resource: CaseResource<T>, record: T): Record<string, unknown> {
    const view = serializeRecord(record, resource.schema);
    return resource.present ? resource.present(record, view) : view;
  }

  /** Unset booleans read `false` and unset arrays `[]` (contract §3.1): the schema's `default`s, applied on create. */
  private defaultsOf<T extends CaseRecord>(resource: CaseResource<T>): Record<string, unknown> {
    const defaults: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(resource.schema.meta.properties) as Array<[string, EntityProperty]>) {
      if (property.default !== undefined) defaults[name] = structuredClone(property.default);
    }
    return defaults;
  }

  /** JSON fields to record properties; `null` on a field with a default (a boolean, an array) restores the default. */
  private toProperties<T extends CaseRecord>(resource: CaseResource<T>, body: JsonObject): Record<string, unknown> {
    const properties: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(body)) {
      const name = toCamelCase(field);
      const fallback = (resource.schema.meta.properties as Record<string, EntityProperty | undefined>)[name]?.default;
      properties[name] = value === null && fallback !== undefined ? structuredClone(fallback) : value;
    }
    return properties;
  }
}
