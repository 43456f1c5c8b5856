import { EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { getMetadataStorage } from 'class-validator';
import type { Clock } from '../platform/clock/clock';
import type { ErrorDetail } from '../platform/errors/domain-error';
import type { JsonObject } from './merge-patch/merge-patch';
import type { SingleResource } from './http/resource-response';
import type { ListQueryRules, ReadContext } from './pagination/list-query';
import { FilterSpecs } from './pagination/list-query';
import type { CaseRecord } from '../platform/domain/case-record';
import type { SpecificationRoute } from './openapi/specification-routes';
import type { RecordFields } from '../platform/persistence/record-columns';
import { BodyShape, shapeOf } from './body-shape';
import type { ResourceManifest } from './resource-manifest';
import type { FieldMap } from './fields/field-definitions';
import { RecordOf, recordShape } from './fields/record-shape';

export type ForeignCasePolicy = 'forbidden' | 'not_found';
export type Dto = new () => object;

/** The standard routes a declaration can have. */
export type StandardRoute = 'list' | 'create' | 'read' | 'patch' | 'delete';

/**
 * `record`: plain data, changed by the kernel's generic create/merge-patch/delete. `aggregate`: a record with rules
 * (Transfer, ClosureStep, CreditorClaim, Deadline) — the kernel gives it the shared read side only, and every change
 * goes through the aggregate's own use cases.
 */
export type ResourceKind = 'record' | 'aggregate';

export type { CaseRecord };

export interface ParentDeclaration {
  /** The parent's declaration, late-bound so the two may live in files that import each other. */
  resource: () => CaseResource<any>;
  /** The route parameter holding the parent's id (`account_id`). */
  param: string;
  /** The child's property holding the parent's id (`bankAccountId`). */
  property: string;
}

/** What a resource's own write rules get: the transaction, the route's scope and the time. */
export interface WriteContext {
  em: EntityManager;
  scope: { caseId: string } & Record<string, string>;
  clock: Clock;
  /** The record a merge patch changes (absent on create): a rule across records leaves it out of its count. */
  id?: string;
}

type RouteScope = { caseId: string } & Record<string, string>;

/*
 * The use cases behind generated write routes receive the declaration they serve by injection
 * (`@InjectResource(name)`, see `resource-binding.ts`): the declaration names them, so importing it back would be a cycle.
 */

/** An aggregate's own use case behind a generated `POST` (it validates nothing the DTO did not; it runs the rules). */
export interface CreateUseCase {
  execute(scope: RouteScope, body: JsonObject): Promise<SingleResource>;
}
/** An aggregate's own use case behind a generated `PATCH` (merge patch of its writable set). */
export interface PatchUseCase {
  execute(scope: RouteScope, id: string, patch: JsonObject, ifMatch: string | undefined): Promise<SingleResource>;
}
/** An aggregate's own use case behind a generated `DELETE`. */
export interface RemoveUseCase {
  execute(scope: RouteScope, id: string, ifMatch: string | undefined): Promise<void>;
}

/**
 * A Nest injectable a declaration names to compute its derived fields (`derivedBy`) when the computation needs other
 * services (a bank account's eligibility needs the case's authority); the kernel resolves it and calls it where it
 * calls `derive`.
 */
export interface RecordDerivation<T extends CaseRecord> {
  derive(record: T): Promise<void>;
}
export type RecordDerivationType<T extends CaseRecord> = () => new (...args: any[]) => RecordDerivation<T>;

/**
 * A Nest injectable a declaration names to be told of each record created (`afterCreateBy`), in the creating
 * transaction after its event, when what follows needs other services (an estate account's balances follow its ledger).
 */
export interface RecordCreated<T extends CaseRecord> {
  afterCreate(record: T): Promise<void>;
}

/** Nest providers of an aggregate's use cases, late-bound: resolved from the container when a route first runs; each takes its declaration by `@InjectResource`. */
export interface AggregateUseCases {
  create?: () => new (...args: any[]) => CreateUseCase;
  patch?: () => new (...args: any[]) => PatchUseCase;
  /** `'whole'`: the aggregate leaves whole, with nothing of its own to decide (the kernel's `AggregateWrites.remove`). */
  delete?: (() => new (...args: any[]) => RemoveUseCase) | 'whole';
}

/** The kind of record a reference names: a declaration, late-bound (the two may import each other, or live apart). */
export type ReferenceTarget = () => CaseResource<any>;

/**
 * A declaration's `references`: per JSON field, the kind of record it names, or a list of kinds when any of them will
 * do (contract-extensions §12.1: a `financial_account_id` names an account of one of six kinds).
 */
/** OpenAPI examples of a request body, by name. */
export type NamedExamples = Readonly<Record<string, { summary: string; value: JsonObject }>>;

export type DeclaredReferences = Readonly<Record<string, ReferenceTarget | readonly ReferenceTarget[]>>;

export interface CaseResourceDeclaration<T extends CaseRecord> {
  /** Singular noun for messages, ETags and OpenAPI names: `person`, `debt`, `bank account`. */
  name: string;
  /** The key of its events (contract §14.2: `deadline` for probate deadlines); by default the name, `_` for spaces. */
  eventKey?: string;
  /**
   * A write that moves its `status` is told as `{key}.status_changed` instead of `{key}.updated` (contract §14.2),
   * whether a route or a background processor made the move.
   */
  statusChanged?: boolean;
  /** The JSON field `statusChanged` watches, when it is not `status` (unclaimed property's `claim_status`). */
  statusField?: string;
  /**
   * Events it emits beyond those of its routes (`created` for `POST`, `updated` for `PATCH`, `deleted` for `DELETE`,
   * `status_changed` as above): scheduled or single ones (`reminder`, `overdue`).
   */
  alsoEmits?: readonly string[];
  /** The route below `/v1/cases/{case_id}/`: `persons`, `bank-accounts/:account_id/transactions`. */
  path: string;
  /** The route parameter of one record: `person_id`. */
  idParam: string;
  schema: EntitySchema<T>;
  kind?: ResourceKind;
  /**
   * An aggregate's write routes: each exists only when its use case is named, and the generated route (with its
   * OpenAPI entry, idempotency and access rule) calls that use case instead of the generic writer.
   */
  useCases?: AggregateUseCases;
  /** The create body; for an aggregate, the fields it presents (its own use cases validate their bodies). */
  create: Dto;
  /** The writable set: an unknown or read-only field in a PATCH is a 422 (contract §5). No patch DTO, no PATCH. */
  patch?: Dto;
  /** The response model for OpenAPI; by default the record view of the create body's fields. */
  view?: Dto;
  parent?: ParentDeclaration;
  filters?: FilterSpecs;
  /** JSON field names accepted by `sort_by`; `created_at` is always one and the default. */
  sorts?: readonly string[];
  /** Routes this resource does not have (audit records have no `delete`: they answer 405). */
  without?: readonly StandardRoute[];
  /** Routes whose specification error list has 403 (contract §2); every other route answers 404 for a foreign case. */
  forbiddenForForeignCase?: readonly StandardRoute[];
  /** The specification's route numbers (`{ patch: 9 }`), cited in the OpenAPI descriptions. */
  specRoutes?: Partial<Record<StandardRoute, number>>;
  /**
   * The specification routes its controller's own routes serve, with paths below the collection's
   * (`{ number: 2, method: 'get', path: 'type/collections' }`, `:step_id/sub-tasks/:sub_task_id`).
   */
  ownSpecRoutes?: readonly SpecificationRoute[];
  /** JSON fields always returned masked, wherever they appear in its representation (`account_number`). */
  masked?: readonly string[];
  /** Audit records (transactions, transfers) stay in the database when their case is deleted (contract §5). */
  keptWhenCaseDeleted?: boolean;
  /** The OpenAPI tag; by default the path's first segment. */
  tag?: string;
  /** The tag's description in the OpenAPI document (one declaration of a shared tag gives it). */
  tagDescription?: string;
  /** Computed fields added to the stored ones when the record is presented (e.g. `equity_estimate`). */
  present?: (record: RecordFields<T>, view: Record<string, unknown>, context: ReadContext) => Record<string, unknown>;
  /**
   * What `present` computes from the time rather than from the row (a deadline's `overdue`): it enters the ETag, so
   * the tag changes when the representation does although the version column did not.
   */
  readTimeState?: (record: RecordFields<T>, context: ReadContext) => string;
  /**
   * JSON fields naming another record of the same case (`institution_contact_id`): it must exist in the case, else
   * 422 (contract §3.1); deleting that record sets these fields to `null` in the same transaction.
   */
  references?: DeclaredReferences;
  /** Rules across fields or records, on the create body and on the merged result of a patch; details name fields. */
  rules?: (document: JsonObject, context: WriteContext) => ErrorDetail[] | Promise<ErrorDetail[]>;
  /**
   * Whether `rules` read stored records for this document. Declared, and false, for a create body whose rules read
   * nothing: its case row is then held by the record's own INSERT rather than by a statement ahead of it (issue 39, one
   * round trip fewer). Rules that read must see the case held, so without this a create holds the case first.
   */
  rulesRead?: (document: JsonObject) => boolean;
  /** Stored fields derived from the others, computed before every save of the record. */
  derive?: (record: T, context: WriteContext) => void | Promise<void>;
  /** Like `derive`, by an injectable the kernel resolves, when the computation needs services (an eligibility summary). */
  derivedBy?: RecordDerivationType<T>;
  /** Keeps other rows consistent after a save or delete, in the same transaction (running balances). */
  afterWrite?: (record: T, context: WriteContext) => Promise<void>;
  /** An injectable the kernel resolves and tells of each record created, in the same transaction after its event. */
  afterCreateBy?: () => new (...args: any[]) => RecordCreated<T>;
  /**
   * Create bodies composed from the fields' examples (a declaration of fields has them): `minimal` has the required
   * fields, `full` every writable one but references, which must name records that exist.
   */
  examples?: { minimal: JsonObject; full: JsonObject };
  /**
   * Named request examples of its create and patch routes in the OpenAPI document, where the fields' examples alone
   * would not show how they go together (a grandchild names the child it descends through); by default one of each is
   * composed from the fields' examples.
   */
  requestExamples?: { create?: NamedExamples; patch?: NamedExamples };
  /** Its fields as declared (by property), when it declares them (`fields: {…}`): kinds, read-only, examples. */
  fields?: FieldMap;
}

export interface CaseResource<T extends CaseRecord = CaseRecord>
  extends Readonly<Omit<CaseResourceDeclaration<T>, 'filters' | 'sorts' | 'kind' | 'eventKey' | 'without' | 'forbiddenForForeignCase' | 'tag' | 'masked'>> {
  readonly kind: ResourceKind;
  /** Its events, tag, specification routes and masked fields, for the kernel's catalog (`ResourceCatalog`). */
  readonly manifest: ResourceManifest;
  readonly masked: ReadonlySet<string>;
  readonly eventKey: string;
  readonly filters: FilterSpecs;
  readonly sorts: readonly string[];
  readonly tag: string;
  readonly routes: ReadonlySet<StandardRoute>;
  readonly forbiddenForForeignCase: ReadonlySet<StandardRoute>;
  /** The create body's JSON fields: the document a merge patch applies to. */
  readonly createFields: readonly string[];
  /** The create body's fields with the shape of nested objects, for `null`-filled responses. */
  readonly shape: BodyShape;
  readonly listRules: ListQueryRules;
}

/**
 * A declaration that states its fields once (`fields: { year: field.integer({...}), ... }`) instead of a schema and
 * body classes: the kernel builds the schema, the create and patch bodies, the view, the masked fields and the
 * references from that list (`recordShape`).
 */
export type DeclaredFieldsResource<F extends FieldMap, T extends CaseRecord = RecordOf<F>> = Omit<CaseResourceDeclaration<T>, 'schema' | 'create' | 'patch' | 'view' | 'masked' | 'references' | 'fields' | 'examples'> & {
  /**
   * An aggregate's domain class, whose instances the ORM makes: its methods are its rules, and it names only the
   * properties they read (the record's type is the class's and the fields' together). A plain record has none (the
   * kernel names a class for it).
   */
  entity?: new (...args: any[]) => object;
  /** The table of its records. */
  table: string;
  fields: F;
  /** The noun its OpenAPI classes are named after, where the document names them otherwise than `name` (`recordShape`). */
  typeName?: string;
  /** Whether `case_id` is part of the representation (the specification's table carries it). */
  caseIdShown?: boolean;
  /** Whether it has a merge patch (`PATCH`); true unless stated. */
  patchable?: boolean;
  /** JSON fields masked beyond those its fields declare. */
  masked?: readonly string[];
};

/** The record type of a declaration: `type Vehicle = ResourceRecord<typeof vehicleResource>`. */
export type ResourceRecord<R> = R extends CaseResource<infer T> ? T : never;

/** A DTO's JSON fields, from its validation metadata. */
export function fieldsOf(dto: Dto): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  return [...new Set(metadata.map((entry) => entry.propertyName))];
}

/** The name of the view the kernel composes for a resource that declares none: `bank account` → `BankAccountView`. */
export function defaultViewNameOf(name: string): string {
  return `${name.replace(/(^|[\s_-])([a-z])/g, (_match, _sep, letter: string) => letter.toUpperCase()).replace(/[\s_-]/g, '')}View`;
}

const declared: CaseResource[] = [];

/** Every case-scoped resource declared so far: case deletion erases them all (except audit records). */
export function declaredCaseResources(): readonly CaseResource[] {
  return declared;
}

/**
 * Declares a case-scoped resource once: its schema, bodies, filters, sorts, parent and routes. The kernel turns the
 * declaration into the routes (`caseResourceController`), their OpenAPI entries, the list query, merge patch,
 * masking, ETags, the foreign-case rule and the erasure of the case's records on case deletion.
 */
export function caseResource<const F extends FieldMap, E extends object>(
  declaration: DeclaredFieldsResource<F, E & RecordOf<F>> & { entity: new (...args: any[]) => E },
): CaseResource<E & RecordOf<F>>;
export function caseResource<const F extends FieldMap>(declaration: DeclaredFieldsResource<F>): CaseResource<RecordOf<F>>;
export function caseResource<T extends CaseRecord>(declaration: CaseResourceDeclaration<T>): CaseResource<T>;
export function caseResource<T extends CaseRecord>(given: CaseResourceDeclaration<T> | DeclaredFieldsResource<FieldMap, any>): CaseResource<T> {
  const declaration = ('table' in given ? fromFields(given) : given) as CaseResourceDeclaration<T>;
  // The name is the declaration's injection token (`@InjectResource`): two of one name would be one token.
  if (declared.some((other) => other.name === declaration.name)) throw new Error(`a resource named "${declaration.name}" is declared twice`);
  const kind = declaration.kind ?? 'record';
  const declaredSorts = declaration.sorts ?? ['created_at'];
  const sorts = declaredSorts.includes('created_at') ? declaredSorts : ['created_at', ...declaredSorts];
  const without = new Set<StandardRoute>(declaration.without ?? []);
  if (!declaration.patch) without.add('patch');
  // An aggregate is changed only through its own use cases: a write route exists only where one is named.
  if (kind === 'aggregate') {
    (['create', 'patch', 'delete'] as const).filter((route) => !declaration.useCases?.[route]).forEach((route) => without.add(route));
  }
  const routes = new Set<StandardRoute>((['list', 'create', 'read', 'patch', 'delete'] as const).filter((route) => !without.has(route)));
  const filters = declaration.filters ?? {};
  const eventKey = declaration.eventKey ?? declaration.name.replace(/ /g, '_');
  const tag = declaration.tag ?? declaration.path.split('/')[0];
  const resource: CaseResource<T> = {
    ...declaration,
    kind,
    eventKey,
    manifest: Object.freeze({
      events: { key: eventKey, actions: eventActionsOf(declaration, routes), ...(declaration.statusField ? { statusField: declaration.statusField } : {}) },
      tag,
      tagDescription: declaration.tagDescription,
      specificationRoutes: specificationRoutesOf(declaration),
      masked: [...(declaration.masked ?? [])],
      viewSchema: declaration.view?.name ?? defaultViewNameOf(declaration.name),
    }),
    masked: new Set(declaration.masked ?? []),
    filters,
    sorts,
    tag,
    routes,
    forbiddenForForeignCase: new Set(declaration.forbiddenForForeignCase ?? []),
    createFields: fieldsOf(declaration.create),
    shape: shapeOf(declaration.create),
    listRules: { filters, sorts },
  };
  declared.push(resource as unknown as CaseResource);
  return resource;
}

/** A declaration of fields as the declaration of a schema and body classes, built from the list. */
function fromFields(given: DeclaredFieldsResource<FieldMap, any>): CaseResourceDeclaration<any> {
  const { table, fields, caseIdShown, patchable, masked, entity, typeName, ...rest } = given;
  const shape = recordShape({ name: given.name, typeName, table, fields, caseIdShown, patchable, entity });
  return {
    ...rest,
    fields,
    examples: shape.examples,
    schema: shape.schema,
    create: shape.create,
    patch: shape.patch,
    view: shape.view,
    masked: [...shape.masked, ...(masked ?? [])],
    references: shape.references as DeclaredReferences,
  };
}

/** What its routes and processors can emit: `created`, `updated`, `deleted` by route, `status_changed` if declared. */
function eventActionsOf(declaration: CaseResourceDeclaration<any>, routes: ReadonlySet<StandardRoute>): string[] {
  return [
    ...(routes.has('create') ? ['created'] : []),
    ...(routes.has('patch') ? ['updated'] : []),
    ...(routes.has('delete') ? ['deleted'] : []),
    ...(declaration.statusChanged ? ['status_changed'] : []),
    ...(declaration.alsoEmits ?? []),
  ];
}

const ROUTE_METHODS: Record<StandardRoute, SpecificationRoute['method']> = { list: 'get', create: 'post', read: 'get', patch: 'patch', delete: 'delete' };

/** The specification's paths of its routes: `bank-accounts/:account_id/transactions` → `/cases/{case_id}/bank-accounts/{account_id}/transactions`. */
function specificationRoutesOf(declaration: CaseResourceDeclaration<any>): SpecificationRoute[] {
  const asTemplate = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');
  const collection = `/cases/{case_id}/${asTemplate(declaration.path)}`;
  const one = `${collection}/{${declaration.idParam}}`;
  const standard = (Object.entries(declaration.specRoutes ?? {}) as Array<[StandardRoute, number]>).map(([route, number]) => ({
    number,
    method: ROUTE_METHODS[route],
    path: route === 'list' || route === 'create' ? collection : one,
  }));
  const own = (declaration.ownSpecRoutes ?? []).map((route) => ({ ...route, path: `${collection}/${asTemplate(route.path)}` }));
  return [...standard, ...own];
}
