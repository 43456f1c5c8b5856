import type { EntitySchema } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ErrorDetail } from '../platform/errors/domain-error';
import { JsonObject } from './merge-patch/merge-patch';
import type { SpecificationRoute } from './openapi/specification-routes';
import { BodyShape, shapeOf } from './body-shape';
import { DeclaredReferences, Dto, fieldsOf } from './case-resource';
import { ResourceManifest, resourceManifest } from './resource-manifest';
import type { FieldMap } from './fields/field-definitions';
import { SingletonOf, singletonShape } from './fields/singleton-shape';
/** A record of which a case has at most one (the deceased, the authority): keyed by its case, versioned. */
export interface SingletonRecord {
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

/** The routes a one-per-case resource can have: read, create-or-replace, merge patch, delete. */
export type SingletonRoute = 'read' | 'replace' | 'patch' | 'delete';

/** What a declaration's rules get: today, the writing transaction and the case (to read other records of it). */
export interface SingletonWriteContext {
  today: string;
  em: EntityManager;
  caseId: string;
}

/**
 * A Nest injectable a declaration names to compute stored fields that need other services (the executor's
 * `identity_status`, which another context knows); the kernel resolves it and calls it after `derive`, before each save.
 */
export interface SingletonDerivation<T extends SingletonRecord> {
  derive(record: T): Promise<void>;
}

export interface SingletonResourceDeclaration<T extends SingletonRecord> {
  /** Noun for messages, OpenAPI summaries, the ETag and the events (`deceased`). */
  name: string;
  /** The route below `/v1/cases/{case_id}/`. */
  path: string;
  schema: EntitySchema<T>;
  /** The whole record, as `PUT` takes it: a field left out is stored as `null`. */
  body: Dto;
  /** The writable set of a merge `PATCH` (404 while the case has none); no patch DTO, no `PATCH`. */
  patch?: Dto;
  view: Dto;
  /** The OpenAPI description of each route it has, and the examples of its bodies. */
  describe: Partial<Record<SingletonRoute, string>>;
  examples?: Partial<Record<SingletonRoute, Record<string, { summary?: string; value: unknown }>>>;
  specRoutes?: Partial<Record<SingletonRoute, number>>;
  tag?: string;
  tagDescription?: string;
  /** JSON fields always returned masked (`ssn`). */
  masked?: readonly string[];
  /** Rules across fields of the body or records of the case; details name body fields (prefixed when the body is nested). */
  rules?: (document: JsonObject, context: SingletonWriteContext) => ErrorDetail[] | Promise<ErrorDetail[]>;
  /**
   * JSON fields naming another record of the same case (`person_id`): it must exist in the case, else 422 (contract
   * §10.0); deleting that record through the generic writer sets the field to `null` in the same transaction.
   */
  references?: DeclaredReferences;
  /** Stored fields derived from the others, computed before every save (`full_name` from the given names). */
  derive?: (record: T) => void;
  /** Like `derive`, by an injectable the kernel resolves, when the computation needs services. */
  derivedBy?: () => new (...args: any[]) => SingletonDerivation<T>;
  /**
   * Contract §10.0: a singleton has `DELETE` (204, `{name}.deleted`). Those declared before it (the deceased, the
   * authority) have none: they go with their case.
   */
  deletable?: boolean;
  /**
   * Refuses a `DELETE` (by throwing, e.g. `409 invalid_state`) while other records depend on the record: run in the
   * deleting transaction, after the `If-Match` check, before anything is removed (the probate case while it has filings).
   */
  deleteRule?: (context: SingletonWriteContext) => Promise<void>;
  /** A write that moves its `status` is told as `{name}.status_changed` instead of `{name}.updated` (contract §14.2). */
  statusChanged?: boolean;
  /**
   * A merge patch's document before the rules see it, given the patch as sent and the stored document: for fields
   * derived from another unless sent (the probate case's county names follow a new `county_fips` the patch did not
   * name them with). Returns the document to validate and store.
   */
  mergedPatch?: (merged: JsonObject, patch: JsonObject, stored: JsonObject) => JsonObject;
  /** An injectable told of every write inside its transaction, after the event (the authority tells its listeners). */
  afterWriteBy?: () => new (...args: any[]) => SingletonAfterWrite<T>;
  /**
   * The field list of a declaration made with its fields (`fields: { firstName: field.string({...}) }`), kept as
   * declared (`fields` names the body's JSON fields): what its generated contract is derived from.
   */
  declaredFields?: FieldMap;
  /** Bodies made of the declared fields' examples: the required written fields, and every written field but references. */
  bodyExamples?: { minimal: Record<string, unknown>; full: Record<string, unknown> };
}

/** What a declaration's `afterWriteBy` names: called after each write, in the writing transaction. */
export interface SingletonAfterWrite<T extends SingletonRecord> {
  afterWrite(record: T): Promise<void>;
}

export interface SingletonResource<T extends SingletonRecord = SingletonRecord> extends Readonly<SingletonResourceDeclaration<T>> {
  readonly manifest: ResourceManifest;
  readonly fields: readonly string[];
  readonly shape: BodyShape;
  readonly maskedFields: ReadonlySet<string>;
}

/**
 * A one-per-case declaration that states its fields once (`fields: { firstName: field.string({...}), ... }`) instead
 * of a schema and body classes: the kernel builds them from the list (`singletonShape`).
 */
export type DeclaredFieldsSingleton<F extends FieldMap, T extends SingletonRecord = SingletonOf<F>> = Omit<SingletonResourceDeclaration<T>, 'schema' | 'body' | 'patch' | 'view' | 'declaredFields' | 'bodyExamples'> & {
  table: string;
  fields: F;
  /**
   * Its domain class, whose instances the ORM makes: its methods are its rules, and it names only the properties they
   * read (the record's type is the class's and the fields' together). By default a class named after it.
   */
  entity?: new (...args: any[]) => object;
  /** The noun its OpenAPI classes are named after, where the document names them otherwise than `name`. */
  typeName?: string;
  /** Whether it has a merge `PATCH`. */
  patchable?: boolean;
  /** Whether `created_at` and `updated_at` are part of its representation. */
  timestampsShown?: boolean;
};

/** A declaration of fields as the declaration of a schema and body classes, built from the list. */
function fromFields(given: DeclaredFieldsSingleton<FieldMap, any>): SingletonResourceDeclaration<any> {
  const { table, fields, entity, typeName, patchable, timestampsShown, masked, references, ...rest } = given;
  const shape = singletonShape({ name: given.name, typeName, table, fields, entity, patchable, timestampsShown });
  return {
    ...rest,
    schema: shape.schema,
    body: shape.body,
    patch: shape.patch,
    view: shape.view,
    masked: [...shape.masked, ...(masked ?? [])],
    references: { ...(shape.references as DeclaredReferences), ...references },
    declaredFields: fields,
    bodyExamples: shape.examples,
  };
}

const ROUTE_METHODS: Record<SingletonRoute, SpecificationRoute['method']> = { read: 'get', replace: 'put', patch: 'patch', delete: 'delete' };

/**
 * Declares a one-per-case resource: `GET` (404 while the case has none), `PUT` that creates (201) or replaces (200)
 * it and, with a patch DTO, a merge `PATCH`, conditional on `If-Match` against its ETag; `created`/`updated` events;
 * `DELETE` when declared `deletable` (otherwise it goes with its case).
 */
export function singletonResource<const F extends FieldMap, E extends object>(
  declaration: DeclaredFieldsSingleton<F, E & SingletonOf<F>> & { entity: new (...args: any[]) => E },
): SingletonResource<E & SingletonOf<F>>;
export function singletonResource<const F extends FieldMap>(declaration: DeclaredFieldsSingleton<F>): SingletonResource<SingletonOf<F>>;
export function singletonResource<T extends SingletonRecord>(declaration: SingletonResourceDeclaration<T>): SingletonResource<T>;
export function singletonResource<T extends SingletonRecord>(given: SingletonResourceDeclaration<T> | DeclaredFieldsSingleton<FieldMap, any>): SingletonResource<T> {
  const declaration = ('table' in given ? fromFields(given) : given) as SingletonResourceDeclaration<T>;
  if (declared.some((other) => other.name === declaration.name)) throw new Error(`a one-per-case resource named "${declaration.name}" is declared twice`);
  const path = `/cases/{case_id}/${declaration.path}`;
  const resource: SingletonResource<T> = {
    ...declaration,
    manifest: resourceManifest({
      eventKey: declaration.name,
      emits: ['created', 'updated', ...(declaration.deletable ? ['deleted'] : []), ...(declaration.statusChanged ? ['status_changed'] : [])],
      tag: declaration.tag ?? declaration.path,
      tagDescription: declaration.tagDescription,
      specificationRoutes: (Object.entries(declaration.specRoutes ?? {}) as Array<[SingletonRoute, number]>).map(([route, number]) => ({ number, method: ROUTE_METHODS[route], path })),
      masked: declaration.masked,
      view: declaration.view,
    }),
    fields: fieldsOf(declaration.body),
    shape: shapeOf(declaration.body),
    maskedFields: new Set(declaration.masked ?? []),
  };
  declared.push(resource as unknown as SingletonResource);
  return resource;
}

const declared: SingletonResource[] = [];

/** Every one-per-case declaration loaded so far (the project's own checks walk them, as `declaredCaseResources`). */
export function declaredSingletonResources(): readonly SingletonResource[] {
  return declared;
}
